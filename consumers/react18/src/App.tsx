import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { AuthProxyProvider, LoginButton, SignedIn } from 'auth-proxy-kit'
import 'auth-proxy-kit/styles.css'
import { EmailCodeForm } from './EmailCodeForm'
import { SessionLine } from './SessionLine'

const queryClient = new QueryClient()

/** The kit's button beside a sign-in form of the host's own, both on the mock this app's Vite serves. */
export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProxyProvider
        proxyUrl="/auth-proxy"
        configId="demo"
        dangerouslyOverrideSignerPublicKey={import.meta.env.AUTH_PROXY_MOCK_ENCLAVE_KEY}
      >
        <header>
          <LoginButton />
        </header>
        <main>
          <SessionLine />
          <EmailCodeForm />
          <SignedIn>
            <p>Only signed-in people see this.</p>
          </SignedIn>
        </main>
      </AuthProxyProvider>
    </QueryClientProvider>
  )
}
