// Popup mode, once the popup is open (openOAuthPopup.ts opens it in the click handler): following it
// to the provider and back to the redirect URI.
import { assertObject, invalidArgument } from '../assert'
import { isOAuthCallback } from './callbackUrl'
import { OAUTH_PENDING_TTL_MS } from './pendingOAuth'
import { KitError } from '../errors'
import type { OAuthPopup } from './openOAuthPopup'

export {
  OAUTH_POPUP_WINDOW_NAME,
  isOAuthPopupWindow,
  oauthAnswerOwner,
  openOAuthPopup,
  type OAuthAnswerMarks,
  type OAuthAnswerOwner,
  type OAuthPopup,
  type OAuthPopupOpener,
} from './openOAuthPopup'

export interface WaitForOAuthPopupOptions {
  /** The redirect URI of the flow: the popup is done when it is back on it (same origin and path). */
  redirectUri: string
  signal?: AbortSignal | undefined
  /** How often the popup is looked at; default 250 ms. */
  pollMs?: number | undefined
  /** Give up after this long; default the life of a pending sign-in (10 minutes). */
  timeoutMs?: number | undefined
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
  if (typeof pollMs !== 'number' || !(pollMs > 0))
    throw invalidArgument('waitForOAuthPopup({ pollMs })', 'a positive number', pollMs)
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
      finish(
        () => reject(new KitError('ABORTED', 'waitForOAuthPopup: aborted by the caller', { cause: signal?.reason })),
        true,
      )

    const look = () => {
      const href = readHref(popup)
      if (href !== undefined && isOnRedirect(href, redirect) && isOAuthCallback(href)) {
        finish(() => resolve(href), true)
      } else if (popup.closed) {
        finish(
          () =>
            reject(
              new KitError('OAUTH_POPUP_CLOSED', 'waitForOAuthPopup: the popup was closed before the sign-in finished'),
            ),
          false,
        )
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
