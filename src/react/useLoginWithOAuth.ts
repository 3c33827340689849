'use client'
import { useMutation } from '@tanstack/react-query'
import { useEffect, useMemo, useRef } from 'react'
import { chunks } from '../chunks'
import type { CompleteOAuthReturnType, OAuthMode, OAuthProviderName } from '../core'
import { KitError } from '../core/errors'
// Small, and needed synchronously by the click (the popup opens before anything is awaited); the
// flows themselves load with chunks.oauth.
import { openOAuthPopup, type OAuthPopup } from '../core/oauth/openOAuthPopup'
import { preferredOAuthMode } from '../core/oauth/preferredOAuthMode'
import { actionMutationOptions } from './actionMutationOptions'
import { asKitError } from './asKitError'
import { actionState, type ActionCallbacks, type ActionState } from './actionState'
import { defaultOAuthWindow } from './oauthWindow'
import { useAuthProxyContext } from './useAuthProxyContext'

export interface LoginWithOAuthParameters {
  provider: OAuthProviderName
  /** Default AuthProxyProvider's oauthMode, else preferredOAuthMode() (popup on desktop). */
  mode?: OAuthMode | undefined
  /**
   * Where a redirect sign-in comes back to: an address of this site (a path, or a URL of the redirect
   * URI's origin; another origin is refused). Default the page's whole address, query and fragment
   * included. Handed back by the completion (useOAuthCallback().result.returnTo).
   */
  returnTo?: string | undefined
  /** Default the provider's usual scope. */
  scope?: string | undefined
}

/** The sign-in's parameters, with the mode it used. */
export type LoginWithOAuthVariables = LoginWithOAuthParameters & { mode: OAuthMode }

/**
 * A popup sign-in's outcome (the session is stored), or a redirect's: the page is on its way to the
 * provider ("Taking you to Google…"), and the answer comes back to a new page (useOAuthCallback).
 */
export type LoginWithOAuthData =
  ({ mode: 'popup' } & CompleteOAuthReturnType) | { mode: 'redirect'; authorizeUrl: string; state: string }

/**
 * Called after each sign-in this hook starts (react-query's mutation callbacks). A redirect's success is
 * the page leaving for the provider; its completion is the provider's onSignIn or useOAuthCallback's.
 */
export type UseLoginWithOAuthParameters = ActionCallbacks<LoginWithOAuthData, LoginWithOAuthVariables>

export interface UseLoginWithOAuthReturnType extends ActionState<LoginWithOAuthData, LoginWithOAuthVariables> {
  /**
   * Starts a sign-in. Call it directly in a click handler: in popup mode it opens the window before it
   * does anything else, since browsers (Safari first) refuse a popup opened after an `await`. A sign-in
   * under way is abandoned (popup and key) for the new one.
   */
  loginWithOAuth(parameters: LoginWithOAuthParameters): void
  /**
   * The same, as a promise (call it in the click handler too): resolves with the outcome, rejects with a
   * KitError (ABORTED when a newer sign-in or cancel() replaced it).
   */
  loginWithOAuthAsync(parameters: LoginWithOAuthParameters): Promise<LoginWithOAuthData>
  /** Abandons the sign-in under way: closes the popup, deletes the key made for it, and goes back to 'idle'. */
  cancel(): void
  /** 'pending' while the popup is open and its answer is exchanged, or until the page leaves for the provider. */
  /** OAUTH_POPUP_BLOCKED, OAUTH_POPUP_CLOSED, OAUTH_CANCELLED, METHOD_DISABLED, LOAD_FAILED, the proxy's, ... */
  error: KitError | null
  /** Back to 'idle', forgetting an error or an outcome (a sign-in under way goes on, unreported: see cancel). */
  reset(): void
}

interface Attempt extends LoginWithOAuthVariables {
  /** The popup opened in the click handler. */
  popup: OAuthPopup | undefined
  /** Why it could not be opened (OAUTH_POPUP_BLOCKED). */
  openError: KitError | undefined
  signal: AbortSignal
}

/** Sign-in with a provider (Google, Apple, X, Discord, Facebook), by popup or redirect; the OAuth code loads on the first click. */
export function useLoginWithOAuth(callbacks: UseLoginWithOAuthParameters = {}): UseLoginWithOAuthReturnType {
  const { kit, flowStorage, oauth, events } = useAuthProxyContext('useLoginWithOAuth')
  const controller = useRef<AbortController | null>(null)

  // The callbacks see what the sign-in was given, not the popup and signal it travelled with.
  const options = actionMutationOptions<LoginWithOAuthData, Attempt, LoginWithOAuthVariables>(
    events,
    callbacks,
    async ({ popup, openError, signal, ...variables }) => {
      if (openError) throw openError
      const flows = await chunks.oauth.load().catch((error: unknown) => {
        popup?.close()
        throw error
      })
      const { provider, mode, returnTo, scope } = variables
      const common = { provider, redirectUri: oauth.redirectUri, returnTo, scope, signal }
      if (mode === 'popup') {
        if (!popup) throw new KitError('OAUTH_POPUP_BLOCKED', 'useLoginWithOAuth: no popup was opened')
        return { mode, ...(await flows.oauthPopupLogin(kit, popup, common)) }
      }
      const { authorizeUrl, state } = await flows.oauthRedirectLogin(kit, pageWindow(oauth.window), {
        ...common,
        flowStorage,
      })
      return { mode, authorizeUrl, state }
    },
    shownVariables,
  )
  const mutation = useMutation(options)

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
      chunks.oauth
        .load()
        .then((flows) => flows.cancelOAuthRedirect(kit, redirectState, flowStorage))
        .catch(() => undefined)
      resetMutation()
    }
    page.addEventListener('pageshow', onPageShow)
    return () => page.removeEventListener?.('pageshow', onPageShow)
  }, [redirectState, oauth.window, flowStorage, kit, resetMutation])

  const loginWithOAuthAsync = (parameters: LoginWithOAuthParameters) => {
    const mode = parameters.mode ?? oauth.mode ?? preferredOAuthMode()
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
    return mutation.mutateAsync({
      provider: parameters.provider,
      mode,
      returnTo: parameters.returnTo,
      scope: parameters.scope,
      popup,
      openError,
      signal: next.signal,
    })
  }
  // The outcome is in the state: the promise's rejection is handled here.
  const loginWithOAuth = (parameters: LoginWithOAuthParameters) =>
    void loginWithOAuthAsync(parameters).catch(() => undefined)

  const cancel = () => {
    controller.current?.abort()
    controller.current = null
    // The aborted attempt still settles (ABORTED), but it is no longer this hook's state.
    mutation.reset()
  }

  const attempt = mutation.variables
  const variables = useMemo<LoginWithOAuthVariables | undefined>(
    () => (attempt ? shownVariables(attempt) : undefined),
    [attempt],
  )
  return {
    loginWithOAuth,
    loginWithOAuthAsync,
    cancel,
    ...actionState(mutation, variables),
  }
}

function shownVariables({ provider, mode, returnTo, scope }: Attempt): LoginWithOAuthVariables {
  return { provider, mode, returnTo, scope }
}

function pageWindow(injected: ReturnType<typeof defaultOAuthWindow>) {
  const page = injected ?? defaultOAuthWindow()
  if (!page)
    throw new KitError(
      'OAUTH_POPUP_BLOCKED',
      'useLoginWithOAuth: there is no window to sign in from (server rendering?)',
    )
  return page
}
