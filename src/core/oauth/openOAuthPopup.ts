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
  readonly screenX?: number | undefined
  readonly screenY?: number | undefined
  readonly outerWidth?: number | undefined
  readonly outerHeight?: number | undefined
}

/**
 * The popup's window name. A page can tell it is the sign-in popup by it (`window.name`), and must
 * then leave the URL alone: the opener reads the code from it.
 */
export const OAUTH_POPUP_WINDOW_NAME = 'auth-proxy-kit-oauth'

/**
 * True in a window the kit opened as its sign-in popup: the one named OAUTH_POPUP_WINDOW_NAME. Such a
 * page must neither complete the sign-in nor clean its URL: the opener reads the code from that URL.
 * An opener alone proves nothing (a tab opened by `window.open` or `rel="opener"` has one too), and a
 * cross-site navigation may clear the name: oauthAnswerOwner weighs the pending sign-in as well.
 */
// `opener` stays in the parameter's type so that callers passing a window-like object still compile; it is not read.
export function isOAuthPopupWindow(
  page: { readonly name?: string | undefined; readonly opener?: unknown } | undefined = currentWindow(),
): boolean {
  if (page === undefined) return false
  try {
    return page.name === OAUTH_POPUP_WINDOW_NAME
  } catch {
    // Reading a property of a window can throw in some embedded contexts; such a page is no popup of ours.
    return false
  }
}

/** Who a provider's answer on this page belongs to: this tab's redirect, the popup's opener, or neither. */
export type OAuthAnswerOwner = 'redirect' | 'popup' | 'none'

/** What this tab knows of the answer's `state` (its own storage: sessionStorage by default). */
export interface OAuthAnswerMarks {
  /** The mode of this tab's pending sign-in with the answer's state; undefined when it has none. */
  pendingMode: 'redirect' | 'popup' | undefined
  /**
   * A sign-in of this tab that may be the answer's without its state matching: the tab's redirect
   * marker (savePendingOAuthRedirect), or a record under the state that cannot be read.
   */
  unmatchedMark: boolean
}

/**
 * Decides, from what the kit itself set, whether the provider's answer on `page` is this tab's
 * redirect to complete (and clean), the sign-in popup's (left alone for the opener), or neither.
 *
 * - A state that matches this tab's pending *redirect* is this tab's, even with an opener and whatever
 *   the window's name: the state is 256 random bits the tab drew for a redirect.
 * - A pending *popup* sign-in under the state, or the popup's window name: the popup.
 * - Otherwise the popup is still recognised when a cross-site navigation cleared its name: its
 *   pending sign-in was saved by startOAuth in the *opener's* storage, after the blank popup was
 *   opened, so the popup's own sessionStorage (a copy taken when it was opened, at most) never holds
 *   that state. An answer with no pending sign-in of this tab is left alone ('none'). Only a stray mark
 *   (a redirect marker copied from the opener, a record that cannot be read) is ambiguous: it is taken
 *   for this tab's failed redirect (completed, to report the error, and cleaned) in a tab without an
 *   opener, and left to the opener in a window that has one.
 */
export function oauthAnswerOwner(
  page: { readonly name?: string | undefined; readonly opener?: unknown },
  marks: OAuthAnswerMarks,
): OAuthAnswerOwner {
  if (marks.pendingMode === 'redirect') return 'redirect'
  if (marks.pendingMode === 'popup' || isOAuthPopupWindow(page)) return 'popup'
  if (!marks.unmatchedMark) return 'none'
  return hasOpener(page) ? 'popup' : 'redirect'
}

function hasOpener(page: { readonly opener?: unknown }): boolean {
  try {
    return page.opener !== null && page.opener !== undefined && page.opener !== page
  } catch {
    // Reading `opener` can throw in some embedded contexts: no opener of ours to leave the answer to.
    return false
  }
}

function currentWindow(): { readonly name?: string | undefined } | undefined {
  return (globalThis as { window?: { name?: string | undefined } | undefined }).window
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
    throw new KitError(
      'OAUTH_POPUP_BLOCKED',
      'openOAuthPopup: window.open returned null (a popup blocker, or not in a click handler)',
    )
  }
  return popup
}

function centre(start: number | undefined, outer: number | undefined, size: number): number {
  if (typeof start !== 'number' || typeof outer !== 'number') return 0
  return Math.max(0, Math.round(start + (outer - size) / 2))
}
