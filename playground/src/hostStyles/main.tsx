// A host page that restyles the kit's LoginButton with its own classes: an unlayered class and a
// Tailwind-style utility in a later layer (e2e/hostStyles.spec.ts). Its stylesheet (public/host-styles.css)
// is linked before the kit's, so that only the kit's cascade layer, not the order of the files, lets the
// host's classes win.
import 'auth-proxy-kit/styles.css'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { AuthProxyProvider, LoginButton } from 'auth-proxy-kit'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { MOCK_PROXY_PATH } from '../mockProxy'

const queryClient = new QueryClient()

function HostStylesPage() {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProxyProvider
        proxyUrl={new URL(MOCK_PROXY_PATH, window.location.origin).href}
        configId="demo"
        dangerouslyOverrideSignerPublicKey={import.meta.env.AUTH_PROXY_MOCK_ENCLAVE_KEY}
      >
        <main className="host-page">
          <LoginButton labels={{ logIn: 'Kit colours' }} />
          <LoginButton className="host-brand-button" labels={{ logIn: 'Host class' }} />
          <LoginButton className="bg-emerald-600" labels={{ logIn: 'Tailwind utility' }} />
        </main>
      </AuthProxyProvider>
    </QueryClientProvider>
  )
}

const root = document.getElementById('root')
if (!root) throw new Error('host-styles.html: #root is missing')
createRoot(root).render(
  <StrictMode>
    <HostStylesPage />
  </StrictMode>,
)
