import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { AuthProxyProvider, LoginButton } from 'auth-proxy-kit'
import 'auth-proxy-kit/styles.css'
import { WagmiProvider } from 'wagmi'
import { config, kit } from './config'
import { Connection, SendEther, SignPermit } from './Wallet'

const queryClient = new QueryClient()

/**
 * A wagmi app whose wallet is the kit's: LoginButton (and the modal it mounts) signs people in, and asks
 * before each signature; wagmi's hooks connect, sign and send through the authProxyKit connector.
 */
export function App() {
  return (
    <WagmiProvider config={config}>
      <QueryClientProvider client={queryClient}>
        {/* proxyUrl and configId are the kit's own (the provider builds none when given one). */}
        <AuthProxyProvider kit={kit} proxyUrl="/auth-proxy" configId="demo">
          <header>
            <h1>wagmi on auth-proxy-kit</h1>
            <LoginButton />
          </header>
          <main>
            <Connection />
            <SignPermit />
            <SendEther />
          </main>
        </AuthProxyProvider>
      </QueryClientProvider>
    </WagmiProvider>
  )
}
