import type { ProxyErrorBody } from './types'

/**
 * Stable error codes a caller can switch on. The developer `message` may change between versions;
 * these do not.
 */
export type KitErrorCode =
  // transport
  | 'PROXY_UNAVAILABLE' // network failure, CORS refusal, DNS: the request never got an answer
  | 'PROXY_TIMEOUT' // no answer within timeoutMs
  | 'PROXY_BAD_RESPONSE' // an answer that is not the JSON the contract promises
  | 'ABORTED' // the caller's AbortSignal fired
  // proxy answers, by gRPC code
  | 'INVALID_REQUEST' // 3 INVALID_ARGUMENT
  | 'UNAUTHENTICATED' // 16
  | 'PERMISSION_DENIED' // 7 (e.g. origin not allowed for the tenant)
  | 'NOT_FOUND' // 5
  | 'ALREADY_EXISTS' // 6
  | 'RATE_LIMITED' // 8 RESOURCE_EXHAUSTED
  | 'FAILED_PRECONDITION' // 9
  | 'PROXY_ERROR' // 13 or anything else
  // input checked before the network
  | 'INVALID_EMAIL'
  | 'INVALID_PHONE'
  | 'OTP_CODE_FORMAT'
  // OTP flow
  | 'OTP_CODE_INVALID' // wrong code, attempts remain
  | 'OTP_EXPIRED' // expired, unknown or already used: a new code is needed
  | 'OTP_ATTEMPTS_EXCEEDED' // too many wrong codes: a new code is needed
  // keys and sessions
  | 'KEY_NOT_FOUND'
  | 'KEY_STORE_UNAVAILABLE'
  | 'SESSION_INVALID' // not a JWT, or missing claims
  | 'SESSION_EXPIRED'
  | 'SESSION_KEY_MISMATCH' // bound to a key this client does not hold
  // configuration
  | 'METHOD_DISABLED' // the tenant has not enabled this login method
  | 'CONFIG_INVALID'
  // OAuth flow
  | 'OAUTH_NOT_CONFIGURED' // no client id or redirect URI for the provider
  | 'OAUTH_STORAGE_UNAVAILABLE' // nowhere to keep the pending sign-in across the redirect
  | 'OAUTH_POPUP_BLOCKED' // window.open returned nothing
  | 'OAUTH_POPUP_CLOSED' // the person closed the popup before finishing
  | 'OAUTH_CANCELLED' // the provider answered error=access_denied
  | 'OAUTH_PROVIDER_ERROR' // the provider answered another error, or no code
  | 'OAUTH_STATE_MISMATCH' // a callback whose state this browser did not start (or already used)
  | 'OAUTH_NO_PENDING_FLOW' // the URL is not an OAuth callback at all
  | 'OAUTH_EXPIRED' // the round trip took longer than the pending sign-in lives
  // passkeys and stamped requests
  | 'PASSKEY_UNSUPPORTED' // no WebAuthn in this browser (or its helper could not be loaded)
  | 'PASSKEY_CANCELLED' // the prompt was closed or timed out, or no passkey matched
  | 'PASSKEY_FAILED' // any other WebAuthn failure; `cause` holds the browser's error
  | 'STAMP_REFUSED' // the public API refused the stamp (gRPC 16): unknown, expired or wrong key or passkey
  | 'NOT_SIGNED_IN' // a signed-in action without a session
  // the kit's own code
  | 'LOAD_FAILED' // a part of the kit loaded on first use (a flow, the modal) could not be fetched

// The copy of the errors a page can meet before any flow has loaded: its config request failing (the
// network, the proxy's refusals), a misuse of the kit, a chunk that does not load. The rest is in
// userMessages.ts, which comes with the flows and the clients they call, and adds itself here as it
// loads, before any of them runs.
const userMessages: Partial<Record<KitErrorCode, string>> & { PROXY_ERROR: string } = {
  PROXY_UNAVAILABLE: 'We could not reach the sign-in service. Check your connection and try again.',
  PROXY_TIMEOUT: 'The sign-in service took too long to answer. Please try again.',
  PROXY_BAD_RESPONSE: 'The sign-in service sent an answer we could not read. Please try again.',
  ABORTED: 'The request was cancelled.',
  PERMISSION_DENIED: 'This site is not allowed to use this sign-in service.',
  NOT_FOUND: 'We could not find that. Please start again.',
  RATE_LIMITED: 'Too many attempts. Please wait a moment and try again.',
  PROXY_ERROR: 'The sign-in service had a problem. Please try again.',
  CONFIG_INVALID: 'The sign-in service is not set up correctly.',
  LOAD_FAILED: 'Part of the sign-in could not be loaded. Check your connection and try again.',
}

/** Adds copy by code (userMessages.ts adds the whole table when a flow loads it). */
export function registerUserMessages(messages: Partial<Record<KitErrorCode, string>>): void {
  Object.assign(userMessages, messages)
}

export interface KitErrorOptions {
  /**
   * User-safe text. Default: DEFAULT_USER_MESSAGES[code] (userMessages.ts); before any flow has loaded,
   * only the transport and proxy codes have theirs, and others read as PROXY_ERROR's: the kit's own
   * errors always carry theirs (kitError), and an app building one should pass it.
   */
  userMessage?: string
  /** HTTP status of the proxy's answer, when there was one. */
  status?: number
  /** The proxy's `{code, message, details}` body, when there was one. */
  proxy?: ProxyErrorBody
  /** When the proxy said how long to wait before trying again (RATE_LIMITED). */
  retryAfterSeconds?: number
  cause?: unknown
}

/** The one error type the kit throws. `message` is for developers; `userMessage` is safe to show. */
export class KitError extends Error {
  override readonly name = 'KitError'
  readonly code: KitErrorCode
  readonly userMessage: string
  readonly status: number | undefined
  readonly proxy: ProxyErrorBody | undefined
  /** Seconds to wait before trying again, when the proxy said (a RATE_LIMITED answer's RetryInfo or Retry-After). */
  readonly retryAfterSeconds: number | undefined

  constructor(code: KitErrorCode, message: string, options: KitErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause })
    this.code = code
    this.userMessage = options.userMessage ?? userMessages[code] ?? userMessages.PROXY_ERROR
    this.status = options.status
    this.proxy = options.proxy
    this.retryAfterSeconds = options.retryAfterSeconds
  }
}

export function isKitError(error: unknown, code?: KitErrorCode): error is KitError {
  return error instanceof KitError && (code === undefined || error.code === code)
}

/** Maps a proxy error body's gRPC code to the kit's code. Flows refine it (wrong OTP code, ...). */
export function kitErrorCodeForGrpc(grpcCode: number): KitErrorCode {
  return GRPC_CODES[grpcCode] ?? 'PROXY_ERROR'
}

const GRPC_CODES: Readonly<Partial<Record<number, KitErrorCode>>> = {
  3: 'INVALID_REQUEST',
  4: 'PROXY_TIMEOUT',
  5: 'NOT_FOUND',
  6: 'ALREADY_EXISTS',
  7: 'PERMISSION_DENIED',
  8: 'RATE_LIMITED',
  9: 'FAILED_PRECONDITION',
  16: 'UNAUTHENTICATED',
}
