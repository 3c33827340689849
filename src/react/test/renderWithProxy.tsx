import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, type RenderResult } from '@testing-library/react'
import userEvent, { type UserEvent } from '@testing-library/user-event'
import { StrictMode, type ReactElement, type ReactNode } from 'react'
import { onTestFinished } from 'vitest'
import {
  createKit,
  memoryKeyStore,
  memoryStorage,
  type Kit,
  type KeyStore,
  type OAuthMode,
  type OAuthStorage,
  type OtpOptions,
  type WebAuthnModule,
} from '../../core'
import type { EnabledProvider } from '../../core/types'
import {
  createMockAuthProxy,
  DEMO_CONFIG_ID,
  mockOAuthEndpoints,
  type MockAuthProxy,
  type MockAuthProxyOptions,
} from '../../mock'
import { AuthProxyProvider, type AuthProxyProviderProps } from '../AuthProxyProvider'
import type { SignupWallet } from '../../core/types'
import type { FlowStorage } from '../context'
import type { OAuthWindow } from '../oauthWindow'

export const PROXY_URL = 'https://proxy.test'

export interface TestProvidersOptions {
  /** Default: a fresh mock (options `mock`) on the demo tenant. */
  proxy?: MockAuthProxy
  mock?: MockAuthProxyOptions
  /** The kit's clock; give the same function to `mock.now` to move both. */
  now?: () => number
  methods?: EnabledProvider[]
  /** Share these between two renders to simulate a reload of the tab (IndexedDB, local/sessionStorage). */
  keyStore?: KeyStore
  storage?: FlowStorage
  flowStorage?: FlowStorage
  strict?: boolean
  /** The window OAuth opens popups on and redirects (fakeOAuthWindow()); default jsdom's. */
  oauthWindow?: OAuthWindow
  /** Where pending OAuth sign-ins wait; share it between two renders to simulate a redirect round trip. */
  oauthStorage?: OAuthStorage
  oauthMode?: OAuthMode
  /** The kit's WebAuthn functions (fakePasskeyBrowser().webauthn); default none, as in jsdom. */
  webauthn?: WebAuthnModule
  /**
   * The page's origin, sent as the Origin header of every request as a browser does on a POST: the
   * mock checks passkey ceremonies against it. Default none (the mock then allows any origin).
   */
  origin?: string
  /** The provider's default email template (`emailCustomization.templateId`). */
  otpOptions?: OtpOptions
  /** The provider's `passkeyName` and `autoRefresh`. */
  passkeyName?: string
  autoRefresh?: AuthProxyProviderProps['autoRefresh']
  /** The wallet every sign-up asks for (createKit({ wallet })). */
  wallet?: SignupWallet
  /** createKit({ otpProtocol }): the kit's default unless given. */
  otpProtocol?: 'v1' | 'v2'
  /** Instead of the mock: a fetch of the test's (production-shaped answers). */
  fetch?: typeof globalThis.fetch
  /** More AuthProxyProvider props: callbacks (onSignIn, onError, ...) and defaults (theme, locale, labels). */
  provider?: Pick<
    AuthProxyProviderProps,
    'onSignIn' | 'onSignOut' | 'onError' | 'theme' | 'locale' | 'labels' | 'captchaScriptUrl'
  >
}

export interface TestProviders {
  Providers(props: { children?: ReactNode }): ReactElement
  proxy: MockAuthProxy
  kit: Kit
  queryClient: QueryClient
  /**
   * Endpoint names the kit called, in order (`otp_init`, ...); a call outside /v1/ by its path
   * (`/__mock/oauth/facebook/v11.0/oauth/access_token`).
   */
  requests: string[]
}

/**
 * A QueryClientProvider and an AuthProxyProvider whose fetch is the mock proxy's handler: the real
 * client, flows and mock, and no network. Keys and the session live in memory.
 */
export function createTestProviders(options: TestProvidersOptions = {}): TestProviders {
  const proxy = options.proxy ?? createMockAuthProxy({ strictFields: true, ...options.mock })
  const requests: string[] = []
  const fetch: typeof globalThis.fetch = (input, init) => {
    const url = input instanceof Request ? input.url : String(input)
    requests.push(new URL(url).pathname.replace(/^\/v1\//, ''))
    if (options.fetch !== undefined) return options.fetch(input, init)
    if (options.origin === undefined) return proxy.fetch(input, init)
    const request = new Request(input, init)
    const headers = new Headers(request.headers)
    headers.set('Origin', options.origin)
    return proxy.handle(new Request(request, { headers }))
  }
  const queryClient = new QueryClient()
  const kit = createKit({
    proxyUrl: PROXY_URL,
    configId: DEMO_CONFIG_ID,
    fetch,
    keyStore: options.keyStore ?? memoryKeyStore(),
    storage: options.storage ?? memoryStorage(),
    now: options.now,
    // The mock's consent pages and Facebook token endpoint stand in for the providers'.
    ...mockOAuthEndpoints(PROXY_URL),
    oauthStorage: options.oauthStorage ?? memoryStorage(),
    location: options.oauthWindow?.location,
    webauthn: options.webauthn,
    wallet: options.wallet,
    dangerouslyOverrideSignerPublicKey: proxy.enclaveSignerPublicKey,
    otpProtocol: options.otpProtocol,
  })
  onTestFinished(() => kit.destroy())
  const flowStorage = options.flowStorage ?? memoryStorage()
  function Providers({ children }: { children?: ReactNode }) {
    const tree = (
      <QueryClientProvider client={queryClient}>
        <AuthProxyProvider
          proxyUrl={PROXY_URL}
          configId={DEMO_CONFIG_ID}
          kit={kit}
          methods={options.methods}
          flowStorage={flowStorage}
          oauthWindow={options.oauthWindow}
          oauthMode={options.oauthMode}
          otpOptions={options.otpOptions}
          passkeyName={options.passkeyName}
          autoRefresh={options.autoRefresh}
          {...options.provider}
        >
          {children}
        </AuthProxyProvider>
      </QueryClientProvider>
    )
    return options.strict ? <StrictMode>{tree}</StrictMode> : tree
  }
  return { Providers, proxy, kit, queryClient, requests }
}

export type RenderWithProxyResult = RenderResult & Omit<TestProviders, 'Providers'> & { user: UserEvent }

export function renderWithProxy(ui: ReactElement, options: TestProvidersOptions = {}): RenderWithProxyResult {
  const { Providers, ...rest } = createTestProviders(options)
  const user = userEvent.setup()
  // StrictMode at the root, too: React runs a new subtree's effects twice only when the root itself is
  // strict, so the wrapper's own <StrictMode> alone double-renders but never re-runs effects.
  return Object.assign(render(ui, { wrapper: Providers, reactStrictMode: options.strict }), rest, { user })
}

/** The newest code the mock "sent" to `contact` (an email address or a phone number). */
export function latestCode(proxy: MockAuthProxy, contact: string): string {
  const code = proxy.outbox(contact)[0]?.code
  if (code === undefined) throw new Error(`no code was sent to ${contact}`)
  return code
}

/** A code of the same alphabet and length that is certainly not `code`. */
export function wrongCode(code: string): string {
  return (code.startsWith('2') ? '3' : '2') + code.slice(1)
}
