import { isKitError, KitError } from '../errors'
import { reportPasskeysOnIpAddress } from '../misconfiguration'

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
  const onAnAddress = onIpAddress()
  if (onAnAddress && (code === 'ERROR_INVALID_DOMAIN' || name === 'SecurityError')) {
    // The usual first try of a developer: the dev server's 127.0.0.1. Say what to do, in the error and,
    // while developing, in the console (once per page).
    const localhost = localhostUrl()
    const hint = `WebAuthn needs a host name as its relying party ID, and this page is on ${onAnAddress}: open it on localhost (${localhost}) to use passkeys.`
    if (process.env.NODE_ENV !== 'production') reportPasskeysOnIpAddress(pageOrigin(), localhost)
    return new KitError('PASSKEY_FAILED', `${label}: ${why}. ${hint}`, { cause: error })
  }
  return new KitError('PASSKEY_FAILED', `${label}: ${why}`, { cause: error })
}

/** The page's host when it is an IP address (127.0.0.1, [::1]), which WebAuthn refuses as an RP ID. */
function onIpAddress(): string | undefined {
  const hostname = (globalThis as { location?: { hostname?: string | undefined } | undefined }).location?.hostname
  if (hostname === undefined) return undefined
  return /^\d{1,3}(\.\d{1,3}){3}$/.test(hostname) || hostname.includes(':') || hostname.startsWith('[')
    ? hostname
    : undefined
}

function localhostUrl(): string {
  const location = (globalThis as { location?: { href?: string | undefined } | undefined }).location
  if (location?.href === undefined) return 'http://localhost'
  const url = new URL(location.href)
  url.hostname = 'localhost'
  return url.origin
}

function pageOrigin(): string {
  const href = (globalThis as { location?: { href?: string | undefined } | undefined }).location?.href
  return href === undefined ? 'this page' : new URL(href).origin
}
