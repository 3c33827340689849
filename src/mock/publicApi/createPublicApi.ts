// The stamped public API subset (WIRE.md, "Public API subset"), served on the proxy's own URL: the
// key-management service's API, not the tenant's, so it takes no config id. The stamp says who is
// asking; the body's organizationId says in which organization, and through it, for which tenant
// (whose allowed origins and RP ID apply).
import type { Enclave } from '../enclave'
import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex } from '@noble/hashes/utils.js'
import { MockError, corsHeaders, isOriginAllowed, jsonResponse, type Responder } from '../http'
import type { TokenAuthority } from '../tokens'
import type { MockState, ResolvedMockTenant } from '../types'
import { Fields, parseJsonObject } from '../validate'
import { resolveScope, type PublicApiContext } from './context'
import { earlierAnswer, rememberAnswer } from './activities'
import { createAuthenticators } from './createAuthenticators'
import { createWalletActivity } from './createWalletActivity'
import { removeOrganizationFeature, setOrganizationFeature } from './organizationFeatures'
import { stampLogin } from './stampLogin'
import { getUser } from './getUser'
import { listWalletAccounts, listWallets } from './listWallets'
import { signRawPayload } from './signRawPayload'
import { signRawPayloads } from './signRawPayloads'
import { signTransaction } from './signTransaction'
import { whoami } from './whoami'

type Operation = (context: PublicApiContext) => Promise<unknown>

/** By path under /public/v1/. */
const OPERATIONS: Readonly<Record<string, Operation>> = {
  'submit/stamp_login': stampLogin,
  'submit/create_authenticators': createAuthenticators,
  'submit/sign_raw_payloads': signRawPayloads,
  'submit/sign_raw_payload': signRawPayload,
  'submit/sign_transaction': signTransaction,
  'submit/create_wallet': createWalletActivity,
  'submit/set_organization_feature': setOrganizationFeature,
  'submit/remove_organization_feature': removeOrganizationFeature,
  'query/whoami': whoami,
  'query/get_user': getUser,
  'query/list_wallets': listWallets,
  'query/list_wallet_accounts': listWalletAccounts,
}

/** The operations served, as `submit/<name>` and `query/<name>` (what a fault rule may target). */
export const PUBLIC_API_OPERATIONS: readonly string[] = Object.keys(OPERATIONS)

export interface PublicApiOptions {
  tenants: readonly ResolvedMockTenant[]
  state: MockState
  tokens: TokenAuthority
  enclave: Enclave
  now: () => number
  /** Told of every new activity, once recorded and answered (the webhooks hear of it): the answer's `activity`. */
  onActivity?: ((activity: { id: string; organizationId: string; type: string }) => void) | undefined
}

export interface PublicApi {
  /** Answers a request whose path (basePath stripped) starts with /public/. */
  /** `origin`: the request's Origin (its header, or the page's when the mock runs in the page). */
  route(request: Request, url: URL, path: string, respond: Responder, origin: string | null): Promise<Response>
}

export function createPublicApi({ tenants, state, tokens, enclave, now, onActivity }: PublicApiOptions): PublicApi {
  return {
    async route(request, url, path, respond, origin) {
      const name = /^\/public\/v1\/((?:submit|query)\/[a-z0-9_]+)$/.exec(path)?.[1]
      const operation = name === undefined ? undefined : OPERATIONS[name]
      if (operation === undefined) {
        throw new MockError(
          5,
          `no such public API route: ${request.method} ${url.pathname} (this mock serves POST /public/v1/${Object.keys(OPERATIONS).join(', /public/v1/')})`,
        )
      }
      if (request.method !== 'POST') {
        throw new MockError(5, `${request.method} ${url.pathname}: the public API answers POST only`)
      }
      // The stamp signs bytes: they are kept as received, and decoded strictly so that the JSON read
      // is exactly what was signed.
      const bodyBytes = new Uint8Array(await request.arrayBuffer())
      let text: string
      try {
        text = new TextDecoder('utf-8', { fatal: true }).decode(bodyBytes)
      } catch {
        throw new MockError(3, 'request body: not UTF-8 text')
      }
      const body = new Fields(parseJsonObject(text, false))
      const scope = resolveScope(state, tenants, body.nonEmptyString('organizationId'))

      const { tenant } = scope
      if (origin !== null && !isOriginAllowed(tenant.allowedOrigins, origin)) {
        // No Access-Control-Allow-Origin: the page at that origin must not read anything.
        respond.cors = {}
        throw new MockError(
          7,
          `Origin: ${origin} is not allowed for organization "${scope.organizationId}" (config id "${tenant.configId}" allows: ${tenant.allowedOrigins.join(', ')})`,
        )
      }
      respond.cors = corsHeaders(origin)
      const fingerprint = bytesToHex(sha256(bodyBytes))
      const stampDigest = digestOfStamp(request.headers)
      const isActivity = name?.startsWith('submit/') === true
      if (isActivity) {
        const earlier = earlierAnswer(state, fingerprint, stampDigest)
        if (earlier !== undefined) return jsonResponse(earlier, 200, respond.cors)
      }
      await tokens.ready
      const result = await operation({
        tenant,
        body,
        state,
        tokens,
        enclave,
        now,
        origin,
        scope,
        bodyBytes,
        fingerprint,
        headers: request.headers,
      })
      if (isActivity) {
        rememberAnswer(state, fingerprint, stampDigest, result)
        const activity = (result as { activity?: { id: string; organizationId: string; type: string } | undefined })
          .activity
        if (activity !== undefined) onActivity?.(activity)
      }
      return jsonResponse(result, 200, respond.cors)
    },
  }
}

/** The stamp headers as sent (name and value), hashed: what makes a request identical beside its body. */
function digestOfStamp(headers: Headers): string {
  const stamps = ['X-Stamp', 'X-Stamp-WebAuthn', 'X-Stamp-Attested'].map(
    (header) => `${header}:${headers.get(header) ?? ''}`,
  )
  return bytesToHex(sha256(new TextEncoder().encode(stamps.join('\n'))))
}
