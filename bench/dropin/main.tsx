// (b) Drop-in: the provider and <LoginButton>; the modal's code is loaded when it is first opened.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { AuthProxyProvider, LoginButton } from 'auth-proxy-kit'
import { createRoot } from 'react-dom/client'

const queryClient = new QueryClient()

function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProxyProvider proxyUrl="https://auth-proxy.example" configId="demo">
        <LoginButton />
      </AuthProxyProvider>
    </QueryClientProvider>
  )
}

createRoot(document.getElementById('root') as HTMLElement).render(<App />)
