// The copy a person reads for each error code (KitError.userMessage). Loaded with the flows rather than
// on a page's first load: errors.ts keeps the copy of the errors a page meets before any flow runs.
import { KitError, registerUserMessages, type KitErrorCode, type KitErrorOptions } from './errors'

/** Copy a person can read, by code. The React layer lets apps override each one. */
export const DEFAULT_USER_MESSAGES: Readonly<Record<KitErrorCode, string>> = {
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
  OTP_CODE_INVALID: 'That code is not right. Check it and try again.',
  OTP_EXPIRED: 'This code has expired. Request a new one.',
  OTP_ATTEMPTS_EXCEEDED: 'Too many wrong codes. Request a new one.',
  KEY_NOT_FOUND: 'Your sign-in key is missing on this device. Please sign in again.',
  KEY_STORE_UNAVAILABLE: 'This browser cannot store a sign-in key.',
  SESSION_INVALID: 'Your session could not be read. Please sign in again.',
  SESSION_EXPIRED: 'Your session has expired. Please sign in again.',
  SESSION_KEY_MISMATCH: 'Your session does not belong to this device. Please sign in again.',
  METHOD_DISABLED: 'This sign-in method is not available.',
  CONFIG_INVALID: 'The sign-in service is not set up correctly.',
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
  NOT_SIGNED_IN: 'Please sign in first.',
  LOAD_FAILED: 'Part of the sign-in could not be loaded. Check your connection and try again.',
}

// So that a KitError an app builds with any code reads right once this module has loaded.
registerUserMessages(DEFAULT_USER_MESSAGES)

/** A KitError with the kit's copy for its code: what the kit's own code throws, for the codes errors.ts has no copy for. */
export function kitError(code: KitErrorCode, message: string, options: KitErrorOptions = {}): KitError {
  return new KitError(code, message, { ...options, userMessage: options.userMessage ?? DEFAULT_USER_MESSAGES[code] })
}
