import { p256 } from '@noble/curves/nist.js'
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js'
import { describe, expect, it } from 'vitest'
import type { VerificationTokenClaims } from '../core/types'
import { deepEqual, verifyClientSignature, type ParsedClientSignature } from './clientSignature'
import { MockError } from './http'
import { createTestClientKey, loginMessage } from './testing/clientKey'

const N = p256.Point.CURVE().n

function claims(publicKey: string): VerificationTokenClaims {
  return { id: 'token-1', contact: 'ada@example.com', verification_type: 'OTP_TYPE_EMAIL', public_key: publicKey, exp: 0 }
}

function messageSignature(publicKey: string, message: string, signatureHex: string): ParsedClientSignature {
  return { form: 'message', publicKey, message, signature: hexToBytes(signatureHex), format: 'compact' }
}

/** The same signature with s replaced by n - s: equally valid ECDSA, the other half of the order. */
function flipS(signatureHex: string): string {
  const signature = p256.Signature.fromBytes(hexToBytes(signatureHex), 'compact')
  return bytesToHex(new p256.Signature(signature.r, N - signature.s).toBytes('compact'))
}

describe('verifyClientSignature', () => {
  it('accepts both low-S and high-S signatures, since WebCrypto does not normalize S', async () => {
    const key = await createTestClientKey()
    const message = loginMessage(key.publicKey, 'token-1')
    const signature = await key.sign(message)
    for (const variant of [signature, flipS(signature)]) {
      expect(() =>
        verifyClientSignature({
          signature: messageSignature(key.publicKey, message, variant),
          token: 'unused',
          claims: claims(key.publicKey),
          usage: 'USAGE_TYPE_LOGIN',
          expected: { publicKey: key.publicKey },
        }),
      ).not.toThrow()
    }
    const high = p256.Signature.fromBytes(hexToBytes(signature), 'compact').hasHighS() ? signature : flipS(signature)
    expect(p256.Signature.fromBytes(hexToBytes(high), 'compact').hasHighS()).toBe(true)
  })

  it('answers a MockError with code 16 when the signature does not verify', async () => {
    const key = await createTestClientKey()
    const message = loginMessage(key.publicKey, 'token-1')
    const signature = await key.sign(`${message} `)
    let thrown: unknown
    try {
      verifyClientSignature({
        signature: messageSignature(key.publicKey, message, signature),
        token: 'unused',
        claims: claims(key.publicKey),
        usage: 'USAGE_TYPE_LOGIN',
        expected: { publicKey: key.publicKey },
      })
    } catch (error) {
      thrown = error
    }
    expect(thrown).toBeInstanceOf(MockError)
    expect((thrown as MockError).code).toBe(16)
  })

  it('refuses malformed DER in the seed form as not verifying rather than crashing', async () => {
    const key = await createTestClientKey()
    expect(() =>
      verifyClientSignature({
        signature: { form: 'seed', signature: hexToBytes('3006020101020101ff'), format: 'der' },
        token: 'a.b.c',
        claims: claims(key.publicKey),
        usage: 'USAGE_TYPE_LOGIN',
        expected: {},
      }),
    ).toThrow(/^clientSignature: does not verify/)
  })
})

describe('deepEqual', () => {
  it('compares JSON values structurally, ignoring member order but not array order', () => {
    expect(deepEqual({ a: [1, { b: 'x' }], c: null }, { c: null, a: [1, { b: 'x' }] })).toBe(true)
    expect(deepEqual([1, 2], [2, 1])).toBe(false)
    expect(deepEqual({ a: 1 }, { a: 1, b: undefined })).toBe(false)
    expect(deepEqual({ a: '1' }, { a: 1 })).toBe(false)
    expect(deepEqual([], {})).toBe(false)
  })
})
