import type { OAuthMode } from './pendingOAuth'

export interface OAuthModeEnvironment {
  userAgent?: string | undefined
  /** navigator.maxTouchPoints: tells an iPad (which claims to be a Mac) from a Mac. */
  maxTouchPoints?: number | undefined
  /** True when the page runs inside an iframe. */
  framed?: boolean | undefined
}

// Phones and tablets open a popup as a new tab that the person must find their way back from.
const MOBILE = /Android|iPhone|iPad|iPod|Mobile|Opera Mini|IEMobile|webOS|BlackBerry/
// In-app browsers (Facebook, Instagram, LINE, WeChat, TikTok, X, Snapchat, Android WebView: "; wv)")
// often cannot open a second window at all, or open it with no way back to the opener.
const IN_APP = /FBAN|FBAV|FB_IAB|Instagram|\bLine\/|MicroMessenger|musical_ly|BytedanceWebview|Twitter|Snapchat|; wv\)/

/**
 * 'popup' on desktop browsers; 'redirect' where popups are unreliable: mobile, in-app browsers, and
 * iframes (a framed page is usually sandboxed or on another origin, and cannot read its popup).
 * Without an argument, reads the current page's navigator and frame.
 */
export function preferredOAuthMode(environment: OAuthModeEnvironment = currentEnvironment()): OAuthMode {
  const { userAgent = '', maxTouchPoints = 0, framed = false } = environment
  if (framed) return 'redirect'
  if (IN_APP.test(userAgent) || MOBILE.test(userAgent)) return 'redirect'
  // iPadOS 13+ sends the desktop Safari user agent; only its touch points give it away.
  if (/Macintosh/.test(userAgent) && maxTouchPoints > 1) return 'redirect'
  return 'popup'
}

function currentEnvironment(): OAuthModeEnvironment {
  const navigator = (
    globalThis as { navigator?: { userAgent?: string | undefined; maxTouchPoints?: number | undefined } | undefined }
  ).navigator
  const page = (globalThis as { window?: { self?: unknown; top?: unknown } | undefined }).window
  let framed: boolean
  try {
    framed = page !== undefined && page.self !== page.top
  } catch {
    // Some embedders make even `top` throw: that is a frame.
    framed = true
  }
  return { userAgent: navigator?.userAgent ?? '', maxTouchPoints: navigator?.maxTouchPoints ?? 0, framed }
}
