import { describe, expect, it } from 'vitest'
import { MOCK_PEERS, requireMockPeers, type MockPeer } from './requireMockPeers'

function notFound(name: string): Error {
  return Object.assign(
    new Error(
      `Cannot find package '${name}' imported from /app/node_modules/auth-proxy-kit/dist/mock/requireMockPeers.js`,
    ),
    {
      code: 'ERR_MODULE_NOT_FOUND',
    },
  )
}

function loaders(missing: readonly MockPeer[], broken?: Error): Record<MockPeer, () => Promise<unknown>> {
  return Object.fromEntries(
    MOCK_PEERS.map((peer) => [
      peer,
      () =>
        broken ? Promise.reject(broken) : missing.includes(peer) ? Promise.reject(notFound(peer)) : Promise.resolve({}),
    ]),
  ) as Record<MockPeer, () => Promise<unknown>>
}

describe('requireMockPeers', () => {
  it('resolves when every peer is installed (this repository installs them)', async () => {
    await expect(requireMockPeers('auth-proxy-kit/mock')).resolves.toBeUndefined()
  })

  it('names the entry, the missing packages and the command that installs them', async () => {
    const error = await requireMockPeers(
      'auth-proxy-kit/mock',
      loaders(['@simplewebauthn/server', '@scure/bip39']),
    ).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(Error)
    const message = (error as Error).message
    expect(message).toContain('auth-proxy-kit/mock needs @simplewebauthn/server, @scure/bip39, which are not installed')
    expect(message).toContain(
      'npm install -D @simplewebauthn/server @scure/bip32 @scure/bip39 @noble/curves micro-eth-signer',
    )
    expect(message).not.toContain('@scure/bip32,')
  })

  it('passes on a failure that is not a missing package, as it is', async () => {
    const broken = new SyntaxError('Unexpected token in @scure/bip32')
    await expect(requireMockPeers('auth-proxy-kit/mock', loaders([], broken))).rejects.toBe(broken)
  })
})
