import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { useState, type ReactNode } from 'react'
import { memoryKeyStore, memoryStorage, type KeyStore, type OAuthMode } from '../../src/core'
import { DEMO_CONFIG_ID, mockOAuthAuthorizeUrls, type MockAuthProxy } from '../../src/mock'
import { AuthProxyProvider, type FlowStorage, type OAuthWindow } from '../../src/react'
import { STORY_PROXY_PATH, storyProxyUrl } from './loadMockProxy'

export interface StoryStores {
  keyStore: KeyStore
  storage: FlowStorage
  flowStorage: FlowStorage
  oauthStorage: FlowStorage
}

export function memoryStores(): StoryStores {
  return { keyStore: memoryKeyStore(), storage: memoryStorage(), flowStorage: memoryStorage(), oauthStorage: memoryStorage() }
}

export interface MockProvidersProps {
  proxy: MockAuthProxy
  /** Default: fresh stores in memory. */
  stores?: StoryStores
  oauthWindow?: OAuthWindow
  /** Default 'popup', whatever the browser the story runs in. */
  oauthMode?: OAuthMode
  children: ReactNode
}

/**
 * The decorator every story renders in: its own QueryClient and an AuthProxyProvider on the story's
 * mock, whose consent pages stand in for the OAuth providers. Keys, session and flow state live in
 * memory, so a signed-in story leaves nothing behind.
 */
export function MockProviders({ proxy, stores: given, oauthWindow, oauthMode = 'popup', children }: MockProvidersProps) {
  const [queryClient] = useState(() => new QueryClient())
  const [stores] = useState(() => given ?? memoryStores())
  const [oauthAuthorizeUrls] = useState(() => mockOAuthAuthorizeUrls(storyProxyUrl()))
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProxyProvider
        proxyUrl={STORY_PROXY_PATH}
        configId={DEMO_CONFIG_ID}
        fetch={proxy.fetch}
        {...stores}
        oauthAuthorizeUrls={oauthAuthorizeUrls}
        oauthWindow={oauthWindow}
        oauthMode={oauthMode}
      >
        {children}
      </AuthProxyProvider>
    </QueryClientProvider>
  )
}
