// Calling the mock's stamped public API the way the kit does: the envelope serialized once, stamped
// over those exact bytes (X-Stamp by a P-256 key, or X-Stamp-WebAuthn by a passkey), and sent.
import { base64url } from 'jose'
import type { SignupRequest, SignupResponse } from '../../core/types'
import type { MockActivityType, MockAuthProxy } from '../types'
import { createTestClientKey, type TestClientKey } from './clientKey'
import { call, ok, signUp, signedLogin, verifyEmail, type Answer, type TestClock } from './harness'
import { createSoftAuthenticator, type SoftAuthenticator } from './softAuthenticator'

/** The page the tests' browser is on; the demo tenant allows every origin and derives the RP ID from it. */
export const ORIGIN = 'http://localhost:5173'

export type PublicRoute =
  | 'submit/stamp_login'
  | 'submit/create_authenticators'
  | 'submit/sign_raw_payloads'
  | 'submit/sign_raw_payload'
  | 'submit/sign_transaction'
  | 'submit/create_wallet'
  | 'submit/set_organization_feature'
  | 'submit/remove_organization_feature'
  | 'query/whoami'
  | 'query/get_user'
  | 'query/list_wallets'
  | 'query/list_wallet_accounts'

export interface PublicCallOptions {
  /** Default ORIGIN; null sends none. */
  origin?: string | null
  headers?: Record<string, string>
}

/** POSTs `body` (the exact text) to /public/v1/<route> with the given stamp headers. */
export async function callPublic(
  proxy: MockAuthProxy,
  route: PublicRoute | string,
  body: string,
  options: PublicCallOptions = {},
): Promise<Answer> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', ...options.headers }
  const origin = options.origin === undefined ? ORIGIN : options.origin
  if (origin !== null) headers['Origin'] = origin
  const response = await proxy.handle(
    new Request(`http://mock.test/public/v1/${route}`, { method: 'POST', headers, body }),
  )
  const text = await response.text()
  return { status: response.status, body: text === '' ? null : JSON.parse(text), headers: response.headers }
}

/** The X-Stamp header value: base64url of {publicKey, scheme, signature (DER hex over the body)}. */
export async function apiKeyStamp(key: TestClientKey, body: string): Promise<string> {
  const signature = await key.signDer(body)
  return base64url.encode(
    JSON.stringify({ publicKey: key.publicKey, scheme: 'SIGNATURE_SCHEME_TK_API_P256', signature }),
  )
}

/** The X-Stamp header of `key` over `body`, as headers for callPublic. */
export async function xStamp(key: TestClientKey, body: string): Promise<Record<string, string>> {
  return { 'X-Stamp': await apiKeyStamp(key, body) }
}

/** The envelope text, in the seed's key order, as the kit serializes it. */
export function envelope(
  type: MockActivityType,
  organizationId: string,
  parameters: object,
  timestampMs: number,
): string {
  return JSON.stringify({ type, timestampMs: String(timestampMs), organizationId, parameters })
}

/** POSTs `body` to `route` stamped X-Stamp by `key` (a session key or API key), as the kit's public API client does. */
export async function stampedCall(
  proxy: MockAuthProxy,
  route: PublicRoute,
  body: string,
  key: TestClientKey,
  options: PublicCallOptions = {},
): Promise<Answer> {
  return callPublic(proxy, route, body, {
    ...options,
    headers: { ...options.headers, 'X-Stamp': await apiKeyStamp(key, body) },
  })
}

/** A sign_raw_payloads envelope: `parameters` as given (signWith, payloads, encoding, hashFunction). */
export function signRawPayloadsBody(organizationId: string, parameters: object, clock: TestClock): string {
  return envelope('ACTIVITY_TYPE_SIGN_RAW_PAYLOADS', organizationId, parameters, clock.now())
}

/** A sign_raw_payload envelope: `parameters` as given (signWith, payload, encoding, hashFunction). */
export function signRawPayloadBody(organizationId: string, parameters: object, clock: TestClock): string {
  return envelope('ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2', organizationId, parameters, clock.now())
}

/** A sign_transaction envelope: `parameters` as given (signWith, unsignedTransaction, type). */
export function signTransactionBody(organizationId: string, parameters: object, clock: TestClock): string {
  return envelope('ACTIVITY_TYPE_SIGN_TRANSACTION_V2', organizationId, parameters, clock.now())
}

/** A create_wallet envelope: `parameters` as given (walletName, accounts, mnemonicLength). */
export function createWalletBody(organizationId: string, parameters: object, clock: TestClock): string {
  return envelope('ACTIVITY_TYPE_CREATE_WALLET', organizationId, parameters, clock.now())
}

export function stampLoginBody(
  organizationId: string,
  publicKey: string,
  clock: TestClock,
  extra: object = {},
): string {
  return envelope('ACTIVITY_TYPE_STAMP_LOGIN', organizationId, { publicKey, ...extra }, clock.now())
}

/** The session JWT out of a stamp_login answer; fails the test with the proxy's message otherwise. */
export async function sessionOf(answer: Promise<Answer> | Answer): Promise<string> {
  const body = await ok<{ activity: { result: { stampLoginResult: { session: string } } } }>(answer)
  return body.activity.result.stampLoginResult.session
}

export interface PasskeyUser extends SignupResponse {
  authenticator: SoftAuthenticator
  credentialId: string
  /** The client key registered as a 60-second API key, as the kit's signUpWithPasskey does. */
  clientKey: TestClientKey
  request: SignupRequest
}

/** A passkey-only signup, as the kit sends it (no email, the passkey plus a short-lived API key). */
export async function passkeySignUp(
  proxy: MockAuthProxy,
  options: { authenticator?: SoftAuthenticator; origin?: string; configId?: string; userName?: string } = {},
): Promise<PasskeyUser> {
  const origin = options.origin ?? ORIGIN
  const authenticator = options.authenticator ?? createSoftAuthenticator({ origin })
  const clientKey = await createTestClientKey()
  const passkey = await authenticator.register({ authenticatorName: 'laptop' })
  const request: SignupRequest = {
    userName: options.userName ?? 'Ada',
    apiKeys: [
      {
        apiKeyName: 'sign-up key',
        publicKey: clientKey.publicKey,
        curveType: 'API_KEY_CURVE_P256',
        expirationSeconds: '60',
      },
    ],
    authenticators: [passkey],
    oauthProviders: [],
  }
  const response = await ok<SignupResponse>(
    call(proxy, 'signup', request, { origin, configId: options.configId ?? 'demo' }),
  )
  return { ...response, authenticator, credentialId: passkey.attestation.credentialId, clientKey, request }
}

export interface SignedInUser extends SignupResponse {
  /** The key the session is bound to: it stamps the user's public API requests. */
  sessionKey: TestClientKey
  session: string
}

/** An email user signed up and logged in (otp_login) with a fresh session key, as the kit does. */
export async function signedInEmailUser(proxy: MockAuthProxy, email: string): Promise<SignedInUser> {
  const { organizationId, userId } = await signUp(proxy, email)
  const verified = await verifyEmail(proxy, email)
  const sessionKey = await createTestClientKey()
  const { session } = await ok<{ session: string }>(
    call(proxy, 'otp_login', await signedLogin(verified, sessionKey.publicKey)),
  )
  return { organizationId, userId, sessionKey, session }
}
