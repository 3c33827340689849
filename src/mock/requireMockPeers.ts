// The mock's own packages are optional peers of auth-proxy-kit: a browser host that never runs the mock
// does not install them (about 9 MB, 23 packages for @simplewebauthn/server alone). A host that does run it
// must, and Node's "Cannot find package" names neither the entry nor the fix; so each mock entry
// (auth-proxy-kit/mock, auth-proxy-kit/mock/vite, the CLI) checks first and imports the mock afterwards.

import { reportMockPeersMissing } from '../core/misconfiguration'

/** What the mock needs installed beside auth-proxy-kit, and a module of each to try. */
export const MOCK_PEERS = [
  '@simplewebauthn/server',
  '@scure/bip32',
  '@scure/bip39',
  '@noble/curves',
  'micro-eth-signer',
] as const
export type MockPeer = (typeof MOCK_PEERS)[number]

// Literal specifiers, so that a bundler (Vite serving the mock in a browser) can resolve them.
const LOADERS: Record<MockPeer, () => Promise<unknown>> = {
  '@simplewebauthn/server': () => import('@simplewebauthn/server'),
  '@scure/bip32': () => import('@scure/bip32'),
  '@scure/bip39': () => import('@scure/bip39'),
  '@noble/curves': () => import('@noble/curves/nist.js'),
  'micro-eth-signer': () => import('micro-eth-signer'),
}

function isNotFound(error: unknown, peer: string): boolean {
  if (!(error instanceof Error)) return false
  const code = (error as Error & { code?: unknown }).code
  const notFound =
    code === 'ERR_MODULE_NOT_FOUND' ||
    code === 'MODULE_NOT_FOUND' ||
    /cannot find|failed to resolve|could not resolve/i.test(error.message)
  return notFound && error.message.includes(peer)
}

/**
 * Resolves when every peer loads; otherwise rejects with an error naming `entry`, the missing packages
 * and the command that installs them. Other failures (a broken install) are passed on as they are.
 */
export async function requireMockPeers(
  entry: string,
  loaders: Record<MockPeer, () => Promise<unknown>> = LOADERS,
): Promise<void> {
  const missing: MockPeer[] = []
  for (const peer of MOCK_PEERS) {
    try {
      await loaders[peer]()
    } catch (error) {
      if (!isNotFound(error, peer)) throw error
      missing.push(peer)
    }
  }
  if (missing.length === 0) return
  const message =
    `${entry} needs ${missing.join(', ')}, which ${missing.length === 1 ? 'is' : 'are'} not installed. ` +
    `The mock's packages are optional peers of auth-proxy-kit (a browser host does not need them); install them beside it:\n` +
    `  npm install -D ${MOCK_PEERS.join(' ')}`
  // In Node the error reaches the terminal (the CLI prints it; a failed import stops the process). In a
  // page (the mock in the browser: stories, an app's own tests), the bundler's loader may swallow a failed
  // import: the console hears it there.
  if (process.env.NODE_ENV !== 'production' && typeof window !== 'undefined') reportMockPeersMissing(message)
  throw new Error(message)
}
