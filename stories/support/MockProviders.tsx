import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { useState, type ReactNode } from 'react'
import { memoryKeyStore, memoryStorage } from '../../src/core'
import { DEMO_CONFIG_ID, type MockAuthProxy } from '../../src/mock'
import { AuthProxyProvider } from '../../src/react'
import { STORY_PROXY_PATH } from './loadMockProxy'

/**
 * The decorator every story renders in: its own QueryClient and an AuthProxyProvider on the story's
 * mock. Keys, session and flow state live in memory, so a signed-in story leaves nothing behind.
 */
export function MockProviders({ proxy, children }: { proxy: MockAuthProxy; children: ReactNode }) {
  const [queryClient] = useState(() => new QueryClient())
  const [stores] = useState(() => ({ keyStore: memoryKeyStore(), storage: memoryStorage(), flowStorage: memoryStorage() }))
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProxyProvider proxyUrl={STORY_PROXY_PATH} configId={DEMO_CONFIG_ID} fetch={proxy.fetch} {...stores}>
        {children}
      </AuthProxyProvider>
    </QueryClientProvider>
  )
}
