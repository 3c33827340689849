import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { AuthProxyProvider, LoginButton } from 'auth-proxy-kit'
import { createSessionCookie } from 'auth-proxy-kit/core'
import 'auth-proxy-kit/styles.css'
import { useState } from 'react'
import { SessionLine } from './SessionLine'

const sessionCookie = createSessionCookie()

/**
 * One island of a page made of several React roots (as Astro mounts its islands): its own QueryClient
 * and AuthProxyProvider, on the page's one storage. The header island has the login button; the other
 * shows the session. Both keep the session's cookie (`apk_session`) for the host's server.
 */
export function Island({ name }: { name: 'Header' | 'Widget' }) {
  const [queryClient] = useState(() => new QueryClient())
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProxyProvider
        proxyUrl="/auth-proxy"
        configId="demo"
        dangerouslyOverrideSignerPublicKey={import.meta.env.AUTH_PROXY_MOCK_ENCLAVE_KEY}
        sessionCookie={sessionCookie}
      >
        <section aria-label={name}>{name === 'Header' ? <LoginButton /> : <SessionLine />}</section>
      </AuthProxyProvider>
    </QueryClientProvider>
  )
}
