'use client'
import { QueryClientContext } from '@tanstack/react-query'
import { useContext, useEffect, useMemo, useReducer, useRef, useState, type ReactNode } from 'react'
import {
  createKit,
  memoryKeyStore,
  type Kit,
  type KeyStore,
  type OAuthMode,
  type OAuthProviderName,
  type OAuthStorage,
  type OAuthTokenUrls,
  type OtpOptions,
  type SessionCookie,
} from '../core'
import type { WebAuthnModule } from '../core/passkey/webAuthnModule'
import type { EnabledProvider } from '../core/types'
import {
  AuthProxyContext,
  type AuthProxyCallbacks,
  type AuthProxyContextValue,
  type AuthProxyEvents,
  type FlowStorage,
} from './context'
import { createLoginModalStore } from './loginModalStore'
import { useSessionEvents } from './useSessionEvents'
import type { Locale } from '../appearance/Locale'
import type { LoginLabelsOverride } from '../appearance/LoginLabels'
import type { Theme } from '../appearance/Theme'
import { defaultOAuthWindow, mayBeOAuthCallback, type OAuthWindow } from './oauthWindow'
import { walletKitConfigQueryOptions } from './walletKitConfigQueryOptions'
import { chunks } from '../chunks'
import type { KitError } from '../core/errors'
import type { SignupWallet } from '../core/types'
import { useAutoRefresh } from './useAutoRefresh'
import { useStaleAccountQueryRemoval } from './useStaleAccountQueryRemoval'
import { useIsomorphicLayoutEffect } from './useIsomorphicLayoutEffect'

export interface AuthProxyProviderProps extends AuthProxyCallbacks {
  proxyUrl: string
  configId: string
  /** Injected transport (tests, stories, the mock's handler); default the platform's fetch. */
  fetch?: typeof fetch | undefined
  timeoutMs?: number | undefined
  keyStore?: KeyStore | undefined
  /** Where the session is kept; default localStorage. */
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | undefined
  /**
   * `createSessionCookie()` from auth-proxy-kit/core: the session in a cookie too (`apk_session` unless
   * told), so that the app's server can render the signed-in state. Default none. Read when the kit is built.
   */
  sessionCookie?: SessionCookie | undefined
  /** Where an unfinished flow (a code on its way) is kept across reloads; default sessionStorage. */
  flowStorage?: FlowStorage | null | undefined
  /** Which login methods to offer and in which order; only those the tenant enables are shown. */
  methods?: EnabledProvider[] | undefined
  /** A kit built by the app; the provider then neither builds nor destroys one (nor reads the kit options above or below). */
  kit?: Kit | undefined
  /**
   * Authorization endpoints replacing the providers' own, by provider: absolute URLs or paths on the page's
   * origin. On a page the mock's Vite plugin serves, the kit on that mock takes the mock's own unless given
   * these; against a mock served otherwise, spread `{...mockOAuthEndpoints(proxyUrl)}` from
   * auth-proxy-kit/mock (this and oauthTokenUrls). Read when the kit is built.
   */
  oauthAuthorizeUrls?: Partial<Record<OAuthProviderName, string>> | undefined
  /**
   * Token endpoints replacing the providers' own: Facebook's code is redeemed by the browser, at
   * https://graph.facebook.com/v11.0/oauth/access_token by default. Read when the kit is built.
   */
  oauthTokenUrls?: OAuthTokenUrls | undefined
  /** Where a pending OAuth sign-in waits for the answer; default sessionStorage. Read when the kit is built. */
  oauthStorage?: OAuthStorage | undefined
  /** Where providers send their answer; default the config's oauthRedirectUrl, else this page's origin and path. */
  oauthRedirectUri?: string | undefined
  /** 'popup' or 'redirect' for every OAuth sign-in; default preferredOAuthMode() (popup on desktop). */
  oauthMode?: OAuthMode | undefined
  /**
   * Complete a redirect sign-in when the page loads on the provider's answer (default true); the result
   * is in useOAuthCallback(). Turn it off only to complete it yourself with completeOAuth from core.
   */
  completeOAuthRedirects?: boolean | undefined
  /** The window OAuth opens popups on, redirects, and cleans the address bar of; default the page's. */
  oauthWindow?: OAuthWindow | undefined
  /**
   * The WebAuthn functions passkeys use; default @simplewebauthn/browser, loaded when a passkey is first
   * used. Stories and tests inject a software authenticator. Read when the kit is built.
   */
  webauthn?: WebAuthnModule | undefined
  /**
   * `{ emailCustomization: { templateId } }`: which of the tenant's email templates codes by email use
   * (default the tenant's most recent); useEmailOtp's parameters and `start(email, options)` override it.
   * That is all production's otp_init takes: the app name, logo, sender, reply-to, SMS text, the code's
   * length, alphabet and lifetime, and the rate limits are the tenant's, set in the proxy's dashboard.
   */
  otpOptions?: OtpOptions | undefined
  /**
   * Where the modal loads the captcha widget from, on a tenant with a Turnstile site key: Cloudflare's
   * script by default. Against the mock, its test widget (`<proxyUrl>/__mock/turnstile/v0/api.js`, which
   * the mock's Vite plugin defines as `import.meta.env.AUTH_PROXY_MOCK_TURNSTILE_SCRIPT` while it serves).
   */
  captchaScriptUrl?: string | undefined
  /**
   * The wallet every sign-up creates (OTP, OAuth, passkey): production's `{ walletName, accounts: [{ curve,
   * pathFormat, path, addressFormat }] }`. Default none: the proxy gives the tenant's default wallet.
   * Read when the kit is built.
   */
  wallet?: SignupWallet | undefined
  /**
   * The enclave key to trust in place of production's for the targets codes are encrypted to: the
   * mock's in development (`import.meta.env.AUTH_PROXY_MOCK_ENCLAVE_KEY`, which the mock's Vite plugin
   * defines while it serves; undefined in a production build). Never set it to anything else against the
   * production proxy. createKit's option of the same name.
   */
  dangerouslyOverrideSignerPublicKey?: string | undefined
  /**
   * createKit's `otpProtocol`: which generation of every sign-in's endpoints to speak (codes, OAuth,
   * passkey sign-up), not only the codes'. Default 'v2', production's current one; 'v1' the seed's.
   */
  otpProtocol?: 'v1' | 'v2' | undefined
  /**
   * Refresh the session shortly before it expires while the provider is mounted (one tab refreshes, the
   * others follow): true for 60 s before, or `{ beforeMs }` (at least 5 000). Default off: the session ends at
   * its expiry. `onError` hears each failed attempt.
   */
  autoRefresh?: boolean | AutoRefreshSettings | undefined
  /**
   * The name a passkey sign-up gives the account and the passkey (the person's email, phone or name): the
   * UI then skips asking for one. Read through usePasskeyName().
   */
  passkeyName?: string | undefined
  /**
   * The default theme of every kit component below ('light', 'dark', 'auto', lightTheme({...}), ...);
   * a component's own `theme` prop wins. Default 'light'.
   */
  theme?: Theme | undefined
  /** The default language of every kit component below ('en', 'fr', 'auto', a dictionary); a component's `locale` wins. */
  locale?: Locale | undefined
  /** Strings every kit component below uses instead of the locale's; a component's `labels` are merged on top. */
  labels?: LoginLabelsOverride | undefined
  children?: ReactNode | undefined
}

/** `autoRefresh`'s object form. */
export interface AutoRefreshSettings {
  /** How long before expiry; default 60 000 ms, never less than 5 000. */
  beforeMs?: number | undefined
  onError?: ((error: KitError) => void) | undefined
}

function tabStorage(): FlowStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage
  } catch {
    // Reading sessionStorage throws in some sandboxed iframes and with storage blocked.
    return null
  }
}

/**
 * sessionStorage, looked up when a flow reads or writes it, never while the provider renders (a server
 * has none, and a render must not touch storage). Where there is none, nothing is kept.
 */
const sessionFlowStorage: FlowStorage = {
  getItem: (key) => tabStorage()?.getItem(key) ?? null,
  setItem: (key, value) => tabStorage()?.setItem(key, value),
  removeItem: (key) => tabStorage()?.removeItem(key),
}

// A kit's destruction waits a tick: StrictMode unmounts and remounts every effect once in development,
// and the remount cancels it. A tree hidden for longer (<Activity mode="hidden">) keeps its state but
// loses its effects: its kit is destroyed, and rebuilt when the tree shows again (the session and
// keys are in storage, so nothing is lost).
const pendingDestroy = new WeakMap<Kit, ReturnType<typeof setTimeout>>()

const destroyed = new WeakSet<Kit>()

/** Builds the core kit for one tenant, fetches its config once, and gives both to the hooks below. */
export function AuthProxyProvider(props: AuthProxyProviderProps) {
  const { proxyUrl, configId, methods, kit: prebuilt, children } = props
  const queryClient = useContext(QueryClientContext)
  if (queryClient === undefined) {
    throw new Error(
      'AuthProxyProvider needs a QueryClientProvider above it: wrap your app in <QueryClientProvider client={queryClient}> from @tanstack/react-query.',
    )
  }

  // One kit per tenant. The other options are read when it is built: changing `fetch` on every render
  // (an inline arrow) must not throw the session and keys away. A ref rather than useMemo: StrictMode
  // calls memo and state initializers twice and drops one result, which would leak a kit (its session
  // store listens to window events from the moment it exists).
  const built = useRef<{ proxyUrl: string; configId: string; kit: Kit } | null>(null)
  const current = built.current
  if (
    !prebuilt &&
    (!current || current.proxyUrl !== proxyUrl || current.configId !== configId || destroyed.has(current.kit))
  ) {
    built.current = {
      proxyUrl,
      configId,
      kit: createKit({
        proxyUrl,
        configId,
        fetch: props.fetch,
        timeoutMs: props.timeoutMs,
        // A server render (Next's prerender, SSR) signs no one in: a memory key store there, rather than
        // the default's search for IndexedDB, which fails on a server and warns in its log at each render.
        keyStore: props.keyStore ?? (typeof window === 'undefined' ? memoryKeyStore() : undefined),
        storage: props.storage,
        sessionCookie: props.sessionCookie,
        oauthAuthorizeUrls: props.oauthAuthorizeUrls,
        oauthTokenUrls: props.oauthTokenUrls,
        oauthStorage: props.oauthStorage,
        location: props.oauthWindow?.location,
        webauthn: props.webauthn,
        wallet: props.wallet,
        dangerouslyOverrideSignerPublicKey: props.dangerouslyOverrideSignerPublicKey,
        otpProtocol: props.otpProtocol,
      }),
    }
  }
  const kit = prebuilt ?? (built.current as { kit: Kit }).kit
  const [, rebuild] = useReducer((count: number) => count + 1, 0)
  useEffect(() => {
    if (prebuilt) return
    if (destroyed.has(kit)) return rebuild()
    clearTimeout(pendingDestroy.get(kit))
    return () => {
      const timer = setTimeout(() => {
        destroyed.add(kit)
        kit.destroy()
      }, 0)
      pendingDestroy.set(kit, timer)
    }
  }, [kit, prebuilt])

  // The latest callbacks, read when an event happens: an inline function re-renders nothing.
  const callbacks = useRef<AuthProxyCallbacks>(props)
  callbacks.current = props
  const [events] = useState<AuthProxyEvents>(() => {
    // One failure, one call: StrictMode runs effects twice, and an error may reach two listeners.
    const reported = new WeakSet<KitError>()
    return {
      error: (error) => {
        // Cancelling is the app's own doing, not a failure to hear about.
        if (error.code === 'ABORTED' || reported.has(error)) return
        reported.add(error)
        callbacks.current.onError?.(error)
      },
    }
  })
  const [loginModal] = useState(createLoginModalStore)
  useSessionEvents(kit, callbacks)

  // Once per kit, from the browser: a server render asks the proxy nothing (the config is the browser's
  // to fetch, and the readers' first render is the same on both sides). A config that cannot be read
  // (a wrong configId, the proxy out of reach) is onError's, once: no sign-in can work without it.
  useEffect(() => {
    const options = walletKitConfigQueryOptions(kit)
    void queryClient.prefetchQuery(options).then(() => {
      const state = queryClient.getQueryState<unknown, KitError>(options.queryKey)
      if (state?.status === 'error' && state.error) events.error(state.error)
    })
  }, [queryClient, kit, events])

  const flowStorage = props.flowStorage === undefined ? sessionFlowStorage : props.flowStorage
  const { completeOAuthRedirects = true, oauthWindow, oauthMode, oauthRedirectUri } = props
  // Before paint: a page that is a provider's answer is cleaned and completed as early as possible.
  useIsomorphicLayoutEffect(() => {
    const page = oauthWindow ?? defaultOAuthWindow()
    if (!completeOAuthRedirects || !page || !mayBeOAuthCallback(page.location.href)) return
    // Loaded only on a page that looks like a provider's answer: most pages never need it. A failure
    // to load (LOAD_FAILED) is the chunk's snapshot, which useOAuthCallback reports.
    chunks.oauthRedirect.load().then(
      ({ oauthRedirect }) => {
        const store = oauthRedirect(kit)
        // Its outcome, once: onSignIn hears a success from the session; a failure is onError's.
        const unsubscribe = store.subscribe(() => {
          const { status, error } = store.getSnapshot()
          if (status === 'completing') return
          unsubscribe()
          if (error) events.error(error)
        })
        if (!store.handle({ page, flowStorage })) unsubscribe()
      },
      (error: KitError) => events.error(error),
    )
    // Once per kit: the address is the page's at load, and the answer is claimed once (StrictMode).
  }, [kit])

  useStaleAccountQueryRemoval(kit, queryClient)
  useAutoRefresh(kit, props.autoRefresh, events)

  const { passkeyName, theme, locale, labels } = props
  const appearance = useMemo(() => ({ theme, locale, labels }), [theme, locale, labels])
  const value = useMemo<AuthProxyContextValue>(
    () => ({
      kit,
      proxyUrl: kit.client.proxyUrl,
      configId: kit.client.configId,
      methods,
      flowStorage,
      oauth: { mode: oauthMode, redirectUri: oauthRedirectUri, window: oauthWindow },
      otpOptions: props.otpOptions,
      captchaScriptUrl: props.captchaScriptUrl,
      passkeyName,
      appearance,
      events,
      loginModal,
    }),
    [
      kit,
      methods,
      flowStorage,
      oauthMode,
      oauthRedirectUri,
      oauthWindow,
      props.otpOptions,
      props.captchaScriptUrl,
      passkeyName,
      appearance,
      events,
      loginModal,
    ],
  )
  return <AuthProxyContext.Provider value={value}>{children}</AuthProxyContext.Provider>
}
