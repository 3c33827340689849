import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { AuthProxyProvider, LoginButton } from 'auth-proxy-kit'
import 'auth-proxy-kit/styles.css'
import { useState } from 'react'
import './tailwind.css'

/**
 * `/?tailwind` (consumers/e2e/tailwind.spec.ts): the kit's button restyled by Tailwind utilities, beside
 * one left as the kit draws it, and a swatch of the same utility for the colour to expect.
 */
export function TailwindPage() {
  const [queryClient] = useState(() => new QueryClient())
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProxyProvider
        proxyUrl="/auth-proxy"
        configId="demo"
        dangerouslyOverrideSignerPublicKey={import.meta.env.AUTH_PROXY_MOCK_ENCLAVE_KEY}
      >
        <section aria-label="Restyled" className="p-4">
          <LoginButton className="bg-emerald-600 rounded-full" />
        </section>
        <section aria-label="As the kit draws it" className="p-4">
          <LoginButton />
        </section>
        <div data-testid="swatch" className="bg-emerald-600 size-4" />
      </AuthProxyProvider>
    </QueryClientProvider>
  )
}
