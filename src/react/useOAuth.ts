import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import {
  cancelOAuth,
  oauthPopupLogin,
  openOAuthPopup,
  preferredOAuthMode,
  startOAuth,
  type CompleteOAuthReturnType,
  type OAuthMode,
  type OAuthPopup,
  type OAuthProviderName,
  type WalletKitConfigResponse,
} from '../core'
import { KitError } from '../core/errors'
import { asKitError } from './asKitError'
import { defaultOAuthWindow } from './oauthWindow'
import { clearPendingOAuthRedirect, savePendingOAuthRedirect } from './pendingOAuthRedirect'
import { useAction } from './useAction'
import { useAuthProxyContext } from './useAuthProxyContext'
import { walletKitConfigQueryOptions } from './walletKitConfigQueryOptions'

export interface UseOAuthParameters {
  /** Overrides AuthProxyProvider's oauthMode for this provider. */
  mode?: OAuthMode
  /** Handed back by the completion (useOAuthCallback().result.returnTo after a redirect). */
  returnTo?: string
  /** Default the provider's usual scope. */
  scope?: string
}

export type UseOAuthStatus = 'idle' | 'pending' | 'redirecting' | 'success' | 'error'

export interface UseOAuthReturnType {
  /**
   * Starts a sign-in. Call it directly in a click handler: in popup mode it opens the window before it
   * does anything else, since browsers (Safari first) refuse a popup opened after an `await`.
   */
  start(mode?: OAuthMode): void
  /** Abandons the sign-in under way: closes the popup and deletes the key made for it. */
  cancel(): void
  /** Back to 'idle', forgetting an error. */
  reset(): void
  /**
   * 'pending' while the popup is open and the answer is exchanged; 'redirecting' once the page is on
   * its way to the provider (the answer comes back to a new page: see useOAuthCallback).
   */
  status: UseOAuthStatus
  /** 'pending' or 'redirecting'. */
  isPending: boolean
  /** The mode of the current or last sign-in. */
  mode: OAuthMode | undefined
  error: KitError | null
  /** A popup sign-in's outcome (the session is already stored). */
  result: CompleteOAuthReturnType | undefined
}

type Outcome = ({ mode: 'popup' } & CompleteOAuthReturnType) | { mode: 'redirect'; authorizeUrl: string; state: string }

interface Variables {
  mode: OAuthMode
  /** The popup opened in the click handler. */
  popup: OAuthPopup | undefined
  /** Why it could not be opened (OAUTH_POPUP_BLOCKED). */
  openError: KitError | undefined
  signal: AbortSignal
}

/** Sign-in with `provider` (Google, Apple, X, Discord, Facebook), by popup or redirect, over core's OAuth flows. */
export function useOAuth(provider: OAuthProviderName, parameters: UseOAuthParameters = {}): UseOAuthReturnType {
  const { kit, configId, flowStorage, oauth } = useAuthProxyContext('useOAuth')
  const queryClient = useQueryClient()
  const controller = useRef<AbortController | null>(null)

  // The kit's own action state rather than useMutation: the modal's code then carries no mutation observer.
  // A failure of any kind reaches the state as a KitError (useAction wraps what is not one).
  const mutation = useAction<Outcome, Variables>(async ({ mode, popup, openError, signal }) => {
    if (openError) throw openError
    let config: WalletKitConfigResponse
    try {
      config = await queryClient.ensureQueryData(walletKitConfigQueryOptions(kit))
    } catch (error) {
      popup?.close()
      throw error
    }
    const common = { provider, config, redirectUri: oauth.redirectUri, returnTo: parameters.returnTo, scope: parameters.scope, signal }
    if (mode === 'popup') {
      if (!popup) throw new KitError('OAUTH_POPUP_BLOCKED', 'useOAuth: no popup was opened')
      return { mode, ...(await oauthPopupLogin(kit, popup, common)) }
    }
    const { authorizeUrl, state } = await startOAuth(kit, { ...common, mode })
    savePendingOAuthRedirect(flowStorage, configId, provider, kit.now())
    pageWindow(oauth.window).location.assign(authorizeUrl)
    return { mode, authorizeUrl, state }
  })

  // A sign-in left behind (the dialog closed while the popup is open) is abandoned, popup and key with it.
  useEffect(() => () => controller.current?.abort(), [])

  // Back from the provider with the browser's Back button, the page is restored from the back-forward
  // cache as it was left: "Taking you to Google…", forever. That sign-in is abandoned instead.
  const redirectState = mutation.data?.mode === 'redirect' ? mutation.data.state : undefined
  const { reset: resetMutation } = mutation
  useEffect(() => {
    const page = oauth.window ?? defaultOAuthWindow()
    if (redirectState === undefined || !page?.addEventListener) return
    const onPageShow = (event: { readonly persisted: boolean }) => {
      if (!event.persisted) return
      clearPendingOAuthRedirect(flowStorage, configId)
      cancelOAuth(kit, redirectState).catch(() => undefined)
      resetMutation()
    }
    page.addEventListener('pageshow', onPageShow)
    return () => page.removeEventListener?.('pageshow', onPageShow)
  }, [redirectState, oauth.window, flowStorage, configId, kit, resetMutation])

  const start = (chosen?: OAuthMode) => {
    const mode = chosen ?? parameters.mode ?? oauth.mode ?? preferredOAuthMode()
    let popup: OAuthPopup | undefined
    let openError: KitError | undefined
    if (mode === 'popup') {
      // First thing in the click handler: nothing may be awaited before window.open.
      try {
        popup = openOAuthPopup(pageWindow(oauth.window))
      } catch (error) {
        openError = asKitError(error)
      }
    }
    controller.current?.abort()
    const next = new AbortController()
    controller.current = next
    mutation.run({ mode, popup, openError, signal: next.signal })
  }

  const cancel = () => {
    controller.current?.abort()
    controller.current = null
    // The aborted attempt still settles (ABORTED), but it is no longer this hook's state.
    mutation.reset()
  }

  const data = mutation.data
  const status: UseOAuthStatus = mutation.isPending
    ? 'pending'
    : mutation.isSuccess
      ? data?.mode === 'redirect'
        ? 'redirecting'
        : 'success'
      : mutation.isError
        ? 'error'
        : 'idle'
  return {
    start,
    cancel,
    reset: mutation.reset,
    status,
    isPending: status === 'pending' || status === 'redirecting',
    mode: mutation.variables?.mode,
    error: mutation.error,
    result: data?.mode === 'popup' ? data : undefined,
  }
}

function pageWindow(injected: ReturnType<typeof defaultOAuthWindow>) {
  const page = injected ?? defaultOAuthWindow()
  if (!page) throw new KitError('OAUTH_POPUP_BLOCKED', 'useOAuth: there is no window to sign in from (server rendering?)')
  return page
}
