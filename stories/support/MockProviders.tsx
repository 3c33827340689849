import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { useState, type ReactNode } from 'react'
import { memoryKeyStore, memoryStorage, type KeyStore, type OAuthMode, type WebAuthnModule } from '../../src/core'
import { DEMO_CONFIG_ID, mockOAuthEndpoints, type MockAuthProxy } from '../../src/mock'
import { AuthProxyProvider, type FlowStorage, type OAuthWindow } from '../../src/react'
import { STORY_PROXY_PATH, storyProxyUrl } from './loadMockProxy'

export interface StoryStores {
  keyStore: KeyStore
  storage: FlowStorage
  flowStorage: FlowStorage
  oauthStorage: FlowStorage
}

export function memoryStores(): StoryStores {
  return {
    keyStore: memoryKeyStore(),
    storage: memoryStorage(),
    flowStorage: memoryStorage(),
    oauthStorage: memoryStorage(),
  }
}

export interface MockProvidersProps {
  proxy: MockAuthProxy
  /** Default: fresh stores in memory. */
  stores?: StoryStores
  oauthWindow?: OAuthWindow
  /** Default 'popup', whatever the browser the story runs in. */
  oauthMode?: OAuthMode
  /**
   * WebAuthn for the kit. The mock's fetch sends the page's origin with each request as a browser would
   * (a script cannot set that header), and checks passkeys against it.
   */
  passkeys?: { webauthn: WebAuthnModule }
  /** Every request fails as fetch does with no network. */
  offline?: boolean
  children: ReactNode
}

const offlineFetch: typeof globalThis.fetch = () => Promise.reject(new TypeError('Failed to fetch'))

/**
 * The decorator every story renders in: its own QueryClient and an AuthProxyProvider on the story's
 * mock, whose consent pages stand in for the OAuth providers. Keys, session and flow state live in
 * memory, so a signed-in story leaves nothing behind.
 */
export function MockProviders({
  proxy,
  stores: given,
  oauthWindow,
  oauthMode = 'popup',
  passkeys,
  offline,
  children,
}: MockProvidersProps) {
  // No retries: a story shows the failure at once, not after react-query's back-off.
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { retryDelay: 10 } } }))
  const [fetch] = useState(() => (offline ? offlineFetch : proxy.fetch))
  const [stores] = useState(() => given ?? memoryStores())
  // The mock's consent pages and Facebook token endpoint, in place of the providers'.
  const [oauthEndpoints] = useState(() => mockOAuthEndpoints(storyProxyUrl()))
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProxyProvider
        proxyUrl={STORY_PROXY_PATH}
        configId={DEMO_CONFIG_ID}
        fetch={fetch}
        {...stores}
        {...oauthEndpoints}
        oauthWindow={oauthWindow}
        oauthMode={oauthMode}
        webauthn={passkeys?.webauthn}
        dangerouslyOverrideSignerPublicKey={proxy.enclaveSignerPublicKey}
      >
        {children}
      </AuthProxyProvider>
    </QueryClientProvider>
  )
}
