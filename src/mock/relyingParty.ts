// The WebAuthn relying party a request speaks for: the page origin the browser reported (the Origin
// header) and the RP ID its passkeys are scoped to. A passkey ceremony is only as good as these two:
// an attestation or assertion made on another site must not count here.
import { MockError } from './http'
import type { ResolvedMockTenant } from './types'

export interface RelyingParty {
  /** The page origin, exactly as the browser writes it into clientDataJSON. */
  origin: string
  rpId: string
}

/**
 * The origin and RP ID to verify a WebAuthn response against: the tenant's `rpId`, else the origin's
 * host (what a browser uses when the page names no RP ID). `label` names the header in messages;
 * `code` is the error's gRPC code, which differs between a registration (3) and a stamp (16).
 */
export function relyingParty(
  tenant: ResolvedMockTenant,
  origin: string | null,
  label: string,
  code: number,
): RelyingParty {
  if (origin === null) {
    throw new MockError(
      code,
      `${label}: missing; the page a passkey was used on is checked against it (a browser always sends it)`,
    )
  }
  let url: URL
  try {
    url = new URL(origin)
  } catch {
    throw new MockError(code, `${label}: "${origin}" is not an origin like https://app.example.com`)
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new MockError(code, `${label}: "${origin}" is not an http(s) origin; WebAuthn runs on web pages only`)
  }
  const host = url.hostname
  const rpId = tenant.rpId ?? host
  // A browser lets a page use an RP ID only when it is the page's host or a parent domain of it.
  if (host !== rpId && !host.endsWith(`.${rpId}`)) {
    throw new MockError(
      code,
      `${label}: "${origin}" cannot use passkeys of RP ID "${rpId}" (config id "${tenant.configId}"): its host is not ${rpId} or a subdomain of it`,
    )
  }
  return { origin, rpId }
}
