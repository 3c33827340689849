import type { QueryClient } from '@tanstack/react-query'
import { cleanOAuthCallbackUrl, isOAuthCallback, isOAuthPopupWindow, parseOAuthCallback, type Kit } from '../core'
import { pendingOAuthKey } from '../core/oauth/pendingOAuth'
import { completeOAuthRedirect } from './completeOAuthRedirect'
import type { FlowStorage } from './context'
import { resolveKitOAuth } from '../core/oauth/kitOAuth'
import type { OAuthCallbackStore } from './oauthCallbackStore'

export { oauthCallbackStore } from './oauthCallbackStore'
import type { OAuthWindow } from './oauthWindow'
import { clearPendingOAuthRedirect, loadPendingOAuthRedirect } from './pendingOAuthRedirect'

export interface HandleOAuthRedirectParameters {
  kit: Kit
  page: OAuthWindow
  store: OAuthCallbackStore
  flowStorage: FlowStorage | null
  queryClient: QueryClient
}

/**
 * When the page is a provider's answer to a redirect sign-in this tab started, completes it: the
 * address bar is cleaned at once (whatever happens next, no code or state stays in history, bookmarks
 * or a Referer, and a reload cannot send a spent code again), the store says 'completing', and the
 * exchange runs. Returns whether the page was such an answer.
 *
 * Left alone: the sign-in popup (its opener reads the answer from its URL), an answer already claimed
 * (StrictMode's second mount), and a `?code=&state=` no sign-in of this tab is waiting for (the app's own).
 */
export function handleOAuthRedirect({ kit, page, store, flowStorage, queryClient }: HandleOAuthRedirectParameters): boolean {
  const callbackUrl = page.location.href
  if (!isOAuthCallback(callbackUrl) || isOAuthPopupWindow(page)) return false
  const { configId } = kit.client
  const redirect = loadPendingOAuthRedirect(flowStorage, configId, kit.now())
  if (redirect === undefined && !hasPendingOAuth(kit, callbackUrl)) return false
  if (!store.claim(callbackUrl)) return true

  clearPendingOAuthRedirect(flowStorage, configId)
  page.history.replaceState(page.history.state, '', cleanOAuthCallbackUrl(callbackUrl))
  store.set({ status: 'completing', error: null, result: undefined, provider: redirect?.provider })
  void completeOAuthRedirect(kit, callbackUrl, store, queryClient)
  return true
}

function hasPendingOAuth(kit: Kit, callbackUrl: string): boolean {
  const state = parseOAuthCallback(callbackUrl)?.state
  if (state === undefined) return false
  try {
    return resolveKitOAuth(kit.oauth).storage.getItem(pendingOAuthKey(kit.client.configId, state)) !== null
  } catch {
    return false
  }
}
