// Opening the sign-in popup: what the first click runs synchronously, before any code is loaded.
// Browsers let a page open a window only during a user gesture (a click), and Safari ends that
// permission at the first `await`: so the window is opened blank here, in the click handler, and sent
// to the provider by the flow (popup.ts) once the authorize URL is ready. Kept apart from the flow so
// that a button can hold it without the flow's code.
import { invalidArgument } from '../assert'
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
