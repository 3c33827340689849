'use client'
// The README's quick start, as a Client Component: the providers hold state (a QueryClient, the kit), so
// they cannot live in a Server Component. The layout (a Server Component) renders them around the page.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { AuthProxyProvider } from 'auth-proxy-kit'
import { createSessionCookie } from 'auth-proxy-kit/core'
import { useState, type ReactNode } from 'react'

// NEXT_PUBLIC_* variables are inlined into the browser code by `next build` (see .env).
const PROXY_URL = process.env.NEXT_PUBLIC_AUTH_PROXY_URL ?? 'http://127.0.0.1:8787'
const CONFIG_ID = process.env.NEXT_PUBLIC_AUTH_PROXY_CONFIG_ID ?? 'demo'
// Set by `npm run dev` to the mock's enclave key, which signs the targets codes are sealed to; unset (and
// production's key trusted) everywhere else. Never set it in production.
const MOCK_ENCLAVE_KEY = process.env.NEXT_PUBLIC_AUTH_PROXY_MOCK_ENCLAVE_KEY
// The session in a cookie too (apk_session), so that the server renders who is signed in (ServerSession.tsx).
const sessionCookie = createSessionCookie()

export function Providers({ children }: { children: ReactNode }) {
  // One QueryClient per browser tab, and one per request on the server: never a module-level one,
  // which the server would share between requests.
  const [queryClient] = useState(() => new QueryClient())
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProxyProvider
        proxyUrl={PROXY_URL}
        configId={CONFIG_ID}
        dangerouslyOverrideSignerPublicKey={MOCK_ENCLAVE_KEY}
        sessionCookie={sessionCookie}
      >
        {children}
      </AuthProxyProvider>
    </QueryClientProvider>
  )
}
