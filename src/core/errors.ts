import type { ProxyErrorBody } from './types'

/**
 * Stable error codes a caller can switch on. The developer `message` may change between versions;
 * these do not.
 */
export type KitErrorCode =
  // transport
  | 'OFFLINE' // the browser reports no network (navigator.onLine false): nothing was sent
  | 'PROXY_UNAVAILABLE' // network failure, CORS refusal, DNS, or a gateway's 502/503/504 page: no answer from the proxy
  | 'PROXY_TIMEOUT' // no answer within timeoutMs
  | 'PROXY_BAD_RESPONSE' // an answer that is not the JSON the contract promises
  | 'ABORTED' // the caller's AbortSignal fired
  // proxy answers, by gRPC code
  | 'INVALID_REQUEST' // 3 INVALID_ARGUMENT
  | 'UNAUTHENTICATED' // 16
  | 'PERMISSION_DENIED' // 7 (e.g. origin not allowed for the tenant)
  | 'NOT_FOUND' // 5
  | 'ALREADY_EXISTS' // 6
  | 'RATE_LIMITED' // 8 RESOURCE_EXHAUSTED, or a CDN's or WAF's 429 page
  | 'FAILED_PRECONDITION' // 9
  | 'PROXY_ERROR' // 13 or anything else
  // input checked before the network
  | 'INVALID_EMAIL'
  | 'INVALID_PHONE'
  | 'OTP_CODE_FORMAT'
  | 'CAPTCHA_REQUIRED' // the tenant checks for bots: the call needs a fresh token from its captcha widget
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
  | 'CONFIG_INVALID' // the app's set-up: a wrong argument, or a config id the proxy does not know
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
  | 'CLOCK_SKEW' // the public API refused the request's timestampMs (gRPC 16): this device's clock is off
  | 'DUPLICATE_REQUEST' // the public API already has this very activity from elsewhere (gRPC 16): done once, not twice
  | 'PASSKEY_SIGNUP_INCOMPLETE' // a passkey sign-up failed after the passkey was made: log in with it (PasskeySignUpIncompleteError)
  | 'NOT_SIGNED_IN' // a signed-in action without a session
  | 'USER_REJECTED' // the person declined a signature in the signing prompt (EIP-1193's 4001)
  | 'RPC_ERROR' // the app's chain transport refused or failed a call (sendTransaction's broadcast)
  // the kit's own code
  | 'LOAD_FAILED' // a part of the kit loaded on first use (a flow, the modal) could not be fetched

// One table: a KitError's text never depends on what has loaded. The React layer lets apps override each.
/** Copy a person can read, by code. The React layer lets apps override each one. */
export const DEFAULT_USER_MESSAGES: Readonly<Record<KitErrorCode, string>> = {
  OFFLINE: "You're offline. Check your connection and try again.",
  PROXY_UNAVAILABLE: 'We could not reach the sign-in service. Check your connection and try again.',
  PROXY_TIMEOUT: 'The sign-in service took too long to answer. Please try again.',
  PROXY_BAD_RESPONSE: 'The sign-in service sent an answer we could not read. Please try again.',
  ABORTED: 'The request was cancelled.',
  INVALID_REQUEST: 'Something in the request was not accepted. Please check what you entered.',
  UNAUTHENTICATED: 'Your sign-in could not be verified. Please start again.',
  PERMISSION_DENIED: 'This site is not allowed to use this sign-in service.',
  NOT_FOUND: 'We could not find that. Please start again.',
  ALREADY_EXISTS: 'An account already exists for this address.',
  RATE_LIMITED: 'Too many attempts. Please wait a moment and try again.',
  FAILED_PRECONDITION: 'This step cannot be done right now. Please start again.',
  PROXY_ERROR: 'The sign-in service had a problem. Please try again.',
  INVALID_EMAIL: 'Enter a valid email address, like name@example.com.',
  INVALID_PHONE: 'Enter a valid phone number with its country code.',
  OTP_CODE_FORMAT: 'Enter the whole code from your message.',
  CAPTCHA_REQUIRED: "Please complete the check that you're human, then try again.",
  OTP_CODE_INVALID: 'That code is not right. Check it and try again.',
  OTP_EXPIRED: 'This code has expired. Request a new one.',
  OTP_ATTEMPTS_EXCEEDED: 'Too many wrong codes. Request a new one.',
  KEY_NOT_FOUND: 'Your sign-in key is missing on this device. Please sign in again.',
  KEY_STORE_UNAVAILABLE: 'This browser cannot store a sign-in key.',
  SESSION_INVALID: 'Your session could not be read. Please sign in again.',
  SESSION_EXPIRED: 'Your session has expired. Please sign in again.',
  SESSION_KEY_MISMATCH: 'Your session does not belong to this device. Please sign in again.',
  METHOD_DISABLED: 'This sign-in method is not available.',
  CONFIG_INVALID: 'Sign-in is not set up for this site.',
  OAUTH_NOT_CONFIGURED: 'This sign-in method is not set up for this site.',
  OAUTH_STORAGE_UNAVAILABLE: 'This browser blocks the storage sign-in needs. Allow site data, or use another method.',
  OAUTH_POPUP_BLOCKED: 'The sign-in window was blocked. Allow pop-ups for this site and try again.',
  OAUTH_POPUP_CLOSED: 'The sign-in window was closed before you finished. Please try again.',
  OAUTH_CANCELLED: 'Sign-in was cancelled.',
  OAUTH_PROVIDER_ERROR: 'The sign-in provider reported a problem. Please try again.',
  OAUTH_STATE_MISMATCH: 'This sign-in link is not valid here. Please start again.',
  OAUTH_NO_PENDING_FLOW: 'There is no sign-in to finish. Please start again.',
  OAUTH_EXPIRED: 'This sign-in took too long. Please start again.',
  PASSKEY_UNSUPPORTED: 'This browser cannot use passkeys. Try another browser, or another way to sign in.',
  PASSKEY_CANCELLED: 'The passkey request was cancelled or timed out. Try again when you are ready.',
  PASSKEY_FAILED: 'Your passkey could not be used. Please try again, or use another way to sign in.',
  STAMP_REFUSED: 'Your sign-in could not be verified. Please sign in again.',
  CLOCK_SKEW:
    "This device's clock is off, so the sign-in service refused the request. Set the date and time to update automatically, then try again.",
  DUPLICATE_REQUEST:
    'This request was already sent from another window, and was done only once. Check that it went through before trying again.',
  PASSKEY_SIGNUP_INCOMPLETE:
    'Your passkey was created, but signing in did not finish. Sign in with the passkey you just created.',
  NOT_SIGNED_IN: 'Please sign in first.',
  USER_REJECTED: 'You declined the signature request.',
  RPC_ERROR: 'The network did not accept the transaction. Please try again.',
  LOAD_FAILED: 'Part of the sign-in could not be loaded. Check your connection and try again.',
}

export interface KitErrorOptions {
  /** User-safe text. Default: DEFAULT_USER_MESSAGES[code]. */
  userMessage?: string | undefined
  /** HTTP status of the proxy's answer, when there was one. */
  status?: number | undefined
  /** The proxy's `{code, message, details}` body, when there was one. */
  proxy?: ProxyErrorBody | undefined
  /** When the proxy said how long to wait before trying again (RATE_LIMITED). */
  retryAfterSeconds?: number | undefined
  /** How many more codes may be tried, when the proxy said (OTP_CODE_INVALID). */
  attemptsLeft?: number | undefined
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
  /**
   * How many more codes may be tried, when the proxy said (OTP_CODE_INVALID): a number a UI can word in
   * its own language, where `userMessage` carries it in English.
   */
  readonly attemptsLeft: number | undefined

  constructor(code: KitErrorCode, message: string, options: KitErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause })
    this.code = code
    this.userMessage = options.userMessage ?? DEFAULT_USER_MESSAGES[code] ?? DEFAULT_USER_MESSAGES.PROXY_ERROR
    this.status = options.status
    this.proxy = options.proxy
    this.retryAfterSeconds = options.retryAfterSeconds
    this.attemptsLeft = options.attemptsLeft
  }
}

export function isKitError(error: unknown, code?: KitErrorCode): error is KitError {
  return error instanceof KitError && (code === undefined || error.code === code)
}

// The passkey sign-up recovery's errors, told apart by shape rather than by class: the dialog asks
// without loading the passkey code (its chunk holds none).

/** A passkey sign-up that failed after the passkey was made: recover by logging in with `error.credentialId`. */
export function isPasskeySignUpIncomplete(error: unknown): error is KitError & { readonly credentialId: string } {
  return (
    isKitError(error, 'PASSKEY_SIGNUP_INCOMPLETE') &&
    typeof (error as { credentialId?: unknown }).credentialId === 'string'
  )
}

/** A refused passkey whose sign-up failed in this browser before its account was made: offer to sign up again. */
export function isPasskeyWithoutAccount(error: unknown): error is KitError & { readonly credentialId: string } {
  return isKitError(error, 'STAMP_REFUSED') && typeof (error as { credentialId?: unknown }).credentialId === 'string'
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
  // Transient: the service cannot answer now (grpc-gateway sends it as HTTP 503), so trying again helps.
  14: 'PROXY_UNAVAILABLE',
  16: 'UNAUTHENTICATED',
}
