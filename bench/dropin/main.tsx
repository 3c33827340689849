// Drop-in: the provider and <LoginButton>; the modal's code is prefetched when the browser is idle, and
// loaded on first open at the latest.
import 'auth-proxy-kit/styles.css'
import { QueryClientProvider } from '@tanstack/react-query'
import { AuthProxyProvider, LoginButton } from 'auth-proxy-kit'
import { createRoot } from 'react-dom/client'
import { HostData, proxyUrl, queryClient } from '../shared/host'

function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <HostData />
      <AuthProxyProvider proxyUrl={proxyUrl} configId="demo">
        <LoginButton />
      </AuthProxyProvider>
    </QueryClientProvider>
  )
}

createRoot(document.getElementById('root') as HTMLElement).render(<App />)
