import { p256 } from '@noble/curves/nist.js'
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js'
import { describe, expect, it } from 'vitest'
import type { VerificationTokenClaims } from '../core/types'
import { deepEqual, verifyClientSignature, type ParsedClientSignature } from './clientSignature'
import { MockError } from './http'
import { createTestClientKey, loginMessage } from './testing/clientKey'

const N = p256.Point.CURVE().n

function claims(publicKey: string): VerificationTokenClaims {
  return {
    id: 'token-1',
    contact: 'ada@example.com',
    verification_type: 'OTP_TYPE_EMAIL',
    public_key: publicKey,
    exp: 0,
  }
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

  it('refuses the seed form for a token that names a key, even signed by that key: it binds neither usage nor request', async () => {
    const key = await createTestClientKey()
    const token = 'header.payload.signature'
    for (const format of ['compact', 'der'] as const) {
      const signatureHex = format === 'compact' ? await key.sign(token) : await key.signDer(token)
      let thrown: unknown
      try {
        verifyClientSignature({
          signature: { form: 'seed', signature: hexToBytes(signatureHex), format },
          claims: claims(key.publicKey),
          usage: 'USAGE_TYPE_LOGIN',
          expected: { publicKey: key.publicKey },
        })
      } catch (error) {
        thrown = error
      }
      expect(thrown).toBeInstanceOf(MockError)
      expect((thrown as MockError).code).toBe(16)
      expect((thrown as MockError).message).toMatch(
        /^clientSignature: the seed's form .* is refused because the token names a public key.*Send the message form \{publicKey, scheme, message, signature\}/,
      )
    }
  })

  it('accepts the seed form only for a token without a key, which proves the contact alone', () => {
    expect(() =>
      verifyClientSignature({
        signature: { form: 'seed', signature: hexToBytes('3006020101020101ff'), format: 'der' },
        claims: claims(''),
        usage: 'USAGE_TYPE_SIGNUP',
        expected: {},
      }),
    ).not.toThrow()
  })

  it('compares signed members as own members: a member named constructor is one like any other', async () => {
    const key = await createTestClientKey()
    const message = JSON.stringify({
      login: { publicKey: key.publicKey, constructor: 1 },
      tokenId: 'token-1',
      type: 'USAGE_TYPE_LOGIN',
    })
    expect(() =>
      verifyClientSignature({
        signature: messageSignature(key.publicKey, message, '00'.repeat(64)),
        claims: claims(key.publicKey),
        usage: 'USAGE_TYPE_LOGIN',
        expected: { publicKey: key.publicKey },
      }),
    ).toThrow(/^clientSignature.signature: does not verify/)
    const signed = messageSignature(key.publicKey, message, await key.sign(message))
    expect(() =>
      verifyClientSignature({
        signature: signed,
        claims: claims(key.publicKey),
        usage: 'USAGE_TYPE_LOGIN',
        expected: { publicKey: key.publicKey },
      }),
    ).toThrow('clientSignature.message: login.constructor is signed but not in the request')
  })

  it('refuses a signed message nested deeper than 64 levels with 3, before anything recursive reads it', async () => {
    const key = await createTestClientKey()
    const message = `${'['.repeat(10_000)}${']'.repeat(10_000)}`
    expect(() =>
      verifyClientSignature({
        signature: messageSignature(key.publicKey, message, '00'.repeat(64)),
        claims: claims(key.publicKey),
        usage: 'USAGE_TYPE_LOGIN',
        expected: { publicKey: key.publicKey },
      }),
    ).toThrow(/^clientSignature.signature: does not verify/)
    let thrown: unknown
    try {
      verifyClientSignature({
        signature: messageSignature(key.publicKey, message, await key.sign(message)),
        claims: claims(key.publicKey),
        usage: 'USAGE_TYPE_LOGIN',
        expected: { publicKey: key.publicKey },
      })
    } catch (error) {
      thrown = error
    }
    expect(thrown).toBeInstanceOf(MockError)
    expect((thrown as MockError).code).toBe(3)
    expect((thrown as MockError).message).toBe(
      'clientSignature.message: JSON nested deeper than 64 levels; send a flatter value',
    )
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

  it('compares own members only', () => {
    expect(deepEqual({}, JSON.parse('{"constructor": 1}'))).toBe(false)
    expect(deepEqual(JSON.parse('{"toString": 1}'), { valueOf: 1 })).toBe(false)
  })
})
