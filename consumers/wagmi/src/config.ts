import { createKit } from 'auth-proxy-kit/core'
import { authProxyKit } from 'auth-proxy-kit/wagmi'
import { defineChain } from 'viem'
import { createConfig, http } from 'wagmi'

// One kit for the whole app: the provider's hooks and modal and wagmi's connector share its session, so
// signing in through the modal is connecting, and disconnecting is signing out. The mock is on this
// app's own server (vite.config.ts mounts it at /auth-proxy), which hands the page its enclave key.
export const kit = createKit({
  proxyUrl: '/auth-proxy',
  configId: 'demo',
  dangerouslyOverrideSignerPublicKey: import.meta.env.AUTH_PROXY_MOCK_ENCLAVE_KEY as string | undefined,
})

// The local node: 127.0.0.1:8545, where Hardhat, Anvil and Ganache listen by default, unless the page's
// ?rpc= names another (the end-to-end test starts its node on a free port).
const rpcUrl = new URLSearchParams(location.search).get('rpc') ?? 'http://127.0.0.1:8545'

export const local = defineChain({
  id: 31337,
  name: 'Local',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [rpcUrl] } },
})

export const config = createConfig({
  chains: [local],
  connectors: [authProxyKit({ kit })],
  transports: { [local.id]: http(rpcUrl) },
  // A local node mines a block per transaction at once: a second, not viem's default four, between looks
  // for a receipt or a new block.
  pollingInterval: 1_000,
})

declare module 'wagmi' {
  interface Register {
    config: typeof config
  }
}
