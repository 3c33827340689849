import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { AuthProxyProvider, LoginButton } from 'auth-proxy-kit'
import { useState } from 'react'
import { DevInbox } from './DevInbox'
import { CONFIG_ID, MOCK_PROXY_PATH } from './mockProxy'
import { SessionPanel } from './SessionPanel'


export function App() {
  const [queryClient] = useState(() => new QueryClient())
  const proxyUrl = new URL(MOCK_PROXY_PATH, window.location.origin).href
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProxyProvider proxyUrl={proxyUrl} configId={CONFIG_ID}>
        <header className="pg-header">
          <h1>auth-proxy-kit playground</h1>
          <LoginButton />
        </header>
        <main className="pg-main">
          <SessionPanel />
          <DevInbox />
        </main>
      </AuthProxyProvider>
    </QueryClientProvider>
  )
}
