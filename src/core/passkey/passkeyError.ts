import { isKitError, KitError } from '../errors'

/**
 * A WebAuthn failure as a KitError. NotAllowedError is what browsers raise when the person closes
 * the prompt, lets it time out, or has no matching passkey: they do not tell these apart (on
 * purpose, so that a site cannot probe for credentials), so all of them read as a cancellation.
 * @simplewebauthn/browser wraps it in a WebAuthnError whose `name` is the original's.
 */
export function toPasskeyError(error: unknown, label: string): KitError {
  if (isKitError(error)) return error
  const { name, code, message } = (typeof error === 'object' && error !== null ? error : {}) as {
    name?: unknown
    code?: unknown
    message?: unknown
  }
  const detail = typeof message === 'string' && message !== '' ? message : String(error)
  if (name === 'NotAllowedError' || name === 'AbortError' || code === 'ERROR_CEREMONY_ABORTED') {
    return new KitError('PASSKEY_CANCELLED', `${label}: the passkey prompt was cancelled or timed out (${detail})`, {
      cause: error,
    })
  }
  const why =
    typeof code === 'string' && code !== 'ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY' ? `${code}: ${detail}` : detail
  return new KitError('PASSKEY_FAILED', `${label}: ${why}`, { cause: error })
}
