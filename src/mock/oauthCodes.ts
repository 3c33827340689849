// Authorization codes of the code-flow providers (Facebook, X, Discord): issued at consent, single use,
// short-lived, and bound to the request that asked for them (client id, redirect URI, PKCE challenge).
import { base64url } from 'jose'
import { isoTime } from './endpoints/context'
import { MockError } from './http'
import type { AuthorizeRequest } from './oauthAuthorizeRequest'
import type { MockOAuthCode, MockState } from './types'

/** Long enough to read a page and click, short enough that a leaked code is soon worthless. */
export const AUTHORIZATION_CODE_LIFETIME_SECONDS = 60

/** A fresh random code: 32 bytes, base64url. */
export function randomCode(): string {
  return base64url.encode(crypto.getRandomValues(new Uint8Array(32)))
}

export function issueAuthorizationCode(
  state: MockState,
  request: AuthorizeRequest,
  sub: string,
  nowMs: number,
): string {
  if (request.codeChallenge === undefined)
    throw new TypeError(`${request.provider} issues no authorization code to redeem`)
  const code = randomCode()
  const record: MockOAuthCode = {
    code,
    provider: request.provider,
    clientId: request.clientId,
    redirectUri: request.redirectUri,
    codeChallenge: request.codeChallenge,
    scope: request.scope,
    sub,
    issuedAt: isoTime(nowMs),
    expiresAt: isoTime(nowMs + AUTHORIZATION_CODE_LIFETIME_SECONDS * 1000),
  }
  if (request.nonce !== undefined) record.nonce = request.nonce
  state.oauthCodes[code] = record
  return code
}

/**
 * The code, when it is known, unused and unexpired; 16 otherwise. `field` names the request field and
 * `again` how to get a new code. Own properties only: a code named `constructor` is unknown like any other.
 */
export function redeemableCode(
  state: MockState,
  code: string,
  field: string,
  nowMs: number,
  again: string,
): MockOAuthCode {
  const record = Object.hasOwn(state.oauthCodes, code) ? state.oauthCodes[code] : undefined
  if (record === undefined) throw new MockError(16, `${field}: unknown code; ${again}`)
  if (record.usedAt !== undefined) throw new MockError(16, `${field}: already used at ${record.usedAt}; ${again}`)
  if (nowMs >= Date.parse(record.expiresAt))
    throw new MockError(16, `${field}: expired at ${record.expiresAt}; ${again}`)
  return record
}
