// Popup mode. Browsers let a page open a window only during a user gesture (a click), and Safari
// ends that permission at the first `await`: so the window is opened blank, synchronously, in the
// click handler, and sent to the provider once the authorize URL is ready.
import { assertObject, invalidArgument } from '../assert'
import { isOAuthCallback } from './callbackUrl'
import { OAUTH_PENDING_TTL_MS } from './pendingOAuth'
import { KitError } from '../errors'

/** The parts of a popup Window the flow uses. */
export interface OAuthPopup {
  readonly closed: boolean
  close(): void
  /** Readable only while same-origin; reading it throws while the popup is on the provider. */
  location: { href: string }
}

/** The parts of the opener Window the flow uses. */
export interface OAuthPopupOpener {
  open(url: string, target: string, features: string): OAuthPopup | null
  readonly screenX?: number
  readonly screenY?: number
  readonly outerWidth?: number
  readonly outerHeight?: number
}

/**
 * The popup's window name. A page can tell it is the sign-in popup by it (`window.name`), and must
 * then leave the URL alone: the opener reads the code from it.
 */
export const OAUTH_POPUP_WINDOW_NAME = 'auth-proxy-kit-oauth'

/**
 * True in the sign-in popup (named so, or opened by another window). Such a page must neither
 * complete the sign-in nor clean its URL: the opener reads the code from that URL and completes.
 * Window names can be cleared by a cross-site navigation, hence the opener check as well.
 */
export function isOAuthPopupWindow(page: { readonly name?: string; readonly opener?: unknown } | undefined = currentWindow()): boolean {
  if (page === undefined) return false
  try {
    return page.name === OAUTH_POPUP_WINDOW_NAME || (page.opener !== null && page.opener !== undefined && page.opener !== page)
  } catch {
    // Reading `opener` can throw in some embedded contexts; such a page is no popup of ours.
    return false
  }
}

function currentWindow(): { readonly name?: string; readonly opener?: unknown } | undefined {
  return (globalThis as { window?: { name?: string; opener?: unknown } }).window
}

const POPUP_WIDTH = 500
const POPUP_HEIGHT = 640

/**
 * Opens a blank popup for the sign-in, synchronously: call it in the click handler before any
 * `await`. Throws OAUTH_POPUP_BLOCKED when the browser refuses (window.open returns null).
 */
export function openOAuthPopup(opener: OAuthPopupOpener): OAuthPopup {
  if (typeof opener !== 'object' || opener === null || typeof opener.open !== 'function') {
    throw invalidArgument('openOAuthPopup(opener)', 'a window (with open())', opener)
  }
  const left = centre(opener.screenX, opener.outerWidth, POPUP_WIDTH)
  const top = centre(opener.screenY, opener.outerHeight, POPUP_HEIGHT)
  // No `noopener`: the opener needs the handle to follow the popup and read the callback URL.
  const features = `popup=yes,width=${POPUP_WIDTH},height=${POPUP_HEIGHT},left=${left},top=${top}`
  let popup: OAuthPopup | null
  try {
    popup = opener.open('about:blank', OAUTH_POPUP_WINDOW_NAME, features)
  } catch (cause) {
    // Sandboxed iframes without allow-popups throw rather than return null.
    throw new KitError('OAUTH_POPUP_BLOCKED', 'openOAuthPopup: window.open threw', { cause })
  }
  if (popup === null || popup === undefined) {
    throw new KitError('OAUTH_POPUP_BLOCKED', 'openOAuthPopup: window.open returned null (a popup blocker, or not in a click handler)')
  }
  return popup
}

function centre(start: number | undefined, outer: number | undefined, size: number): number {
  if (typeof start !== 'number' || typeof outer !== 'number') return 0
  return Math.max(0, Math.round(start + (outer - size) / 2))
}

export interface WaitForOAuthPopupOptions {
  /** The redirect URI of the flow: the popup is done when it is back on it (same origin and path). */
  redirectUri: string
  signal?: AbortSignal
  /** How often the popup is looked at; default 250 ms. */
  pollMs?: number
  /** Give up after this long; default the life of a pending sign-in (10 minutes). */
  timeoutMs?: number
}

/**
 * Resolves with the popup's URL once it is back on the redirect URI with the provider's answer (in the
 * query, or in the fragment as Google's and Apple's id_token answers are: `location.href` holds both),
 * and closes it. Rejects with OAUTH_POPUP_CLOSED when the person closes it first, ABORTED on the
 * signal, OAUTH_EXPIRED after timeoutMs (closing the popup in both cases).
 */
export function waitForOAuthPopup(popup: OAuthPopup, options: WaitForOAuthPopupOptions): Promise<string> {
  if (typeof popup !== 'object' || popup === null || typeof popup.close !== 'function') {
    throw invalidArgument('waitForOAuthPopup(popup)', 'the window openOAuthPopup returned', popup)
  }
  assertObject(options, 'waitForOAuthPopup(options)')
  const { signal, pollMs = 250, timeoutMs = OAUTH_PENDING_TTL_MS } = options
  let redirect: URL
  try {
    redirect = new URL(options.redirectUri)
  } catch {
    throw invalidArgument('waitForOAuthPopup({ redirectUri })', 'an absolute URL', options.redirectUri)
  }
  if (typeof pollMs !== 'number' || !(pollMs > 0)) throw invalidArgument('waitForOAuthPopup({ pollMs })', 'a positive number', pollMs)
  if (typeof timeoutMs !== 'number' || !(timeoutMs > 0)) {
    throw invalidArgument('waitForOAuthPopup({ timeoutMs })', 'a positive number', timeoutMs)
  }

  return new Promise<string>((resolve, reject) => {
    const startedAt = Date.now()
    const finish = (outcome: () => void, closePopup: boolean) => {
      clearInterval(timer)
      signal?.removeEventListener('abort', onAbort)
      if (closePopup) closeQuietly(popup)
      outcome()
    }
    const onAbort = () =>
      finish(() => reject(new KitError('ABORTED', 'waitForOAuthPopup: aborted by the caller', { cause: signal?.reason })), true)

    const look = () => {
      const href = readHref(popup)
      if (href !== undefined && isOnRedirect(href, redirect) && isOAuthCallback(href)) {
        finish(() => resolve(href), true)
      } else if (popup.closed) {
        finish(() => reject(new KitError('OAUTH_POPUP_CLOSED', 'waitForOAuthPopup: the popup was closed before the sign-in finished')), false)
      } else if (Date.now() - startedAt >= timeoutMs) {
        finish(() => reject(new KitError('OAUTH_EXPIRED', `waitForOAuthPopup: no answer within ${timeoutMs} ms`)), true)
      }
    }

    const timer = setInterval(look, pollMs)
    if (signal?.aborted) {
      onAbort()
      return
    }
    signal?.addEventListener('abort', onAbort, { once: true })
  })
}

/** The popup's URL, or undefined while it is on another origin (reading it throws a SecurityError). */
function readHref(popup: OAuthPopup): string | undefined {
  try {
    const href = popup.location.href
    return typeof href === 'string' ? href : undefined
  } catch {
    return undefined
  }
}

function isOnRedirect(href: string, redirect: URL): boolean {
  let url: URL
  try {
    url = new URL(href)
  } catch {
    return false
  }
  return url.origin === redirect.origin && url.pathname === redirect.pathname
}

function closeQuietly(popup: OAuthPopup): void {
  try {
    popup.close()
  } catch {
    // Already gone.
  }
}
