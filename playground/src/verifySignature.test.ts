import { ed25519 } from '@noble/curves/ed25519.js'
import { utf8ToBytes } from '@noble/hashes/utils.js'
import { base58 } from '@scure/base'
import { hashMessage } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { personalMessageHash, verifyEthereumMessage, verifyMessage, verifySolanaMessage } from './verifySignature'

// viem signs (an independent implementation of personal_sign); the playground's check must agree.
const account = privateKeyToAccount('0x4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318')

describe('verifyEthereumMessage', () => {
  it('hashes as EIP-191 personal_sign does', () => {
    expect(`0x${Buffer.from(personalMessageHash('héllo')).toString('hex')}`).toBe(hashMessage('héllo'))
  })

  it("recovers viem's signer, and refuses another address or another message", async () => {
    const signature = await account.signMessage({ message: 'Sign in to the playground' })
    expect(verifyEthereumMessage('Sign in to the playground', signature, account.address)).toEqual({
      ok: true,
      signer: account.address,
    })
    expect(
      verifyEthereumMessage('Sign in to the playground', signature, '0x0000000000000000000000000000000000000001').ok,
    ).toBe(false)
    expect(verifyEthereumMessage('Something else', signature, account.address).ok).toBe(false)
  })

  it('refuses a signature of the wrong shape', () => {
    expect(verifyEthereumMessage('m', '0x1234', account.address)).toEqual({
      ok: false,
      reason: 'the signature is not 65 bytes of hex',
    })
    expect(verifyEthereumMessage('m', `0x${'11'.repeat(64)}01`, account.address)).toEqual({
      ok: false,
      reason: 'v is 1, not 27 or 28',
    })
  })
})

describe('verifySolanaMessage', () => {
  const secretKey = new Uint8Array(32).fill(7)
  const address = base58.encode(ed25519.getPublicKey(secretKey))

  it('verifies an ed25519 signature of the message bytes, and refuses a tampered one', () => {
    const signature = base58.encode(ed25519.sign(utf8ToBytes('gm'), secretKey))
    expect(verifySolanaMessage('gm', signature, address)).toEqual({ ok: true, signer: address })
    expect(verifySolanaMessage('gn', signature, address).ok).toBe(false)
    expect(verifyMessage('ADDRESS_FORMAT_SOLANA', 'gm', signature, address).ok).toBe(true)
  })

  it('refuses what is not base58 or not 64 bytes', () => {
    expect(verifySolanaMessage('gm', '0OIl', address).ok).toBe(false)
    expect(verifySolanaMessage('gm', base58.encode(new Uint8Array(10)), address)).toEqual({
      ok: false,
      reason: 'the signature is 10 bytes, not 64',
    })
  })
})
