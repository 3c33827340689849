import { p256 } from '@noble/curves/nist.js'
import { describe, expect, it } from 'vitest'
import { fromHex, toHex, utf8 } from '../encoding'
import { compressPublicKey, isCompressedPublicKey, rawSignatureToDer } from './p256'

// RFC 6979 appendix A.2.5 (ECDSA, 256 bits, prime field): the key pair and the SHA-256 signature of "sample".
const UX = '60fed4ba255a9d31c961eb74c6356d68c049b8923b61fa6ce669622e60f29fb6'
const UY = '7903fe1008b8bc99a41ae9e95628bc64f2f1b20c2d7e9f5177a3c294d4462299'
const SAMPLE_R = 'efd48b2aacb6a8fd1140dd9cd45e81d69d2c877b56aaf991c34d0ea84eaf3716'
const SAMPLE_S = 'f7cb1c942d657c41d436c7a1b6e29f65f3e900dbb9aff4064dc4ab2f843acda8'

describe('compressPublicKey', () => {
  it('compresses the RFC 6979 A.2.5 public key (odd Y → 03 prefix)', () => {
    expect(compressPublicKey(fromHex(`04${UX}${UY}`))).toBe(`03${UX}`)
  })

  it('uses 03 for the generator G (odd Y) and 02 for -G (even Y = p - Gy), same X', () => {
    const gx = '6b17d1f2e12c4247f8bce6e563a440f277037d812deb33a0f4a13945d898c296'
    const gy = '4fe342e2fe1a7f9b8ee7eb4a7c0f9e162bce33576b315ececbb6406837bf51f5'
    const minusGy = 'b01cbd1c01e58065711814b583f061e9d431cca994cea1313449bf97c840ae0a'
    expect(compressPublicKey(fromHex(`04${gx}${gy}`))).toBe(`03${gx}`)
    expect(compressPublicKey(fromHex(`04${gx}${minusGy}`))).toBe(`02${gx}`)
  })

  it('refuses a wrong length, a wrong prefix, and a point off the curve', () => {
    expect(() => compressPublicKey(fromHex(`03${UX}`))).toThrow(/65 bytes/)
    expect(() => compressPublicKey(fromHex(`05${UX}${UY}`))).toThrow(/starting with 0x04/)
    const offCurve = `04${UX}${UY.slice(0, -2)}00`
    expect(() => compressPublicKey(fromHex(offCurve))).toThrow(/on the P-256 curve/)
  })

  it('refuses coordinates that are not field elements, even when they reduce to a point (x + p)', () => {
    const p = 0xffffffff00000001000000000000000000000000ffffffffffffffffffffffffn
    // The smallest x on the curve, so that x + p still fits in 32 bytes.
    let point: InstanceType<typeof p256.Point> | undefined
    for (let x = 0n; point === undefined; x += 1n) {
      try {
        point = p256.Point.fromBytes(fromHex(`02${x.toString(16).padStart(64, '0')}`))
      } catch {
        // Not on the curve: try the next x.
      }
    }
    const raw = point.toBytes(false)
    expect(compressPublicKey(raw)).toBe(toHex(point.toBytes(true)))
    const shifted = (point.toAffine().x + p).toString(16).padStart(64, '0')
    expect(() => compressPublicKey(fromHex(`04${shifted}${toHex(raw.subarray(33))}`))).toThrow(/on the P-256 curve/)
    expect(() => compressPublicKey(new Uint8Array([4, ...new Uint8Array(64).fill(0xff)]))).toThrow(/on the P-256 curve/)
  })

  it('agrees with @noble/curves on random points and on fresh WebCrypto keys', async () => {
    for (let i = 0; i < 16; i += 1) {
      const point = p256.getPublicKey(p256.utils.randomSecretKey(), false)
      expect(compressPublicKey(point)).toBe(toHex(p256.Point.fromBytes(point).toBytes(true)))
    }
    for (let i = 0; i < 4; i += 1) {
      const pair = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign'])
      const raw = new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey))
      expect(compressPublicKey(raw)).toBe(toHex(p256.Point.fromBytes(raw).toBytes(true)))
    }
  })
})

describe('isCompressedPublicKey', () => {
  it('accepts only 66 lowercase hex characters with a 02/03 prefix', () => {
    expect(isCompressedPublicKey(`03${UX}`)).toBe(true)
    expect(isCompressedPublicKey(`02${UX}`)).toBe(true)
    expect(isCompressedPublicKey(`04${UX}`)).toBe(false)
    expect(isCompressedPublicKey(`03${UX.toUpperCase()}`)).toBe(false)
    expect(isCompressedPublicKey(`03${UX}00`)).toBe(false)
    expect(isCompressedPublicKey(42)).toBe(false)
  })
})

describe('rawSignatureToDer', () => {
  it('encodes the RFC 6979 signature of "sample", padding both integers whose high bit is set', () => {
    const der = rawSignatureToDer(fromHex(SAMPLE_R + SAMPLE_S))
    expect(toHex(der)).toBe(`3046022100${SAMPLE_R}022100${SAMPLE_S}`)
    // The RFC vector is a genuine signature: the DER form verifies against the RFC key.
    expect(p256.verify(der, utf8('sample'), fromHex(`04${UX}${UY}`), { format: 'der', lowS: false })).toBe(true)
  })

  it('strips leading zero bytes (minimal DER integers)', () => {
    const r = `${'00'.repeat(31)}01`
    const s = `7f${'ff'.repeat(31)}`
    expect(toHex(rawSignatureToDer(fromHex(r + s)))).toBe(`30250201010220${s}`)
  })

  it('refuses a wrong length, a zero r or s, and r or s not below the group order n', () => {
    const n = 'ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551'
    const nMinus1 = 'ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632550'
    expect(() => rawSignatureToDer(new Uint8Array(63))).toThrow(/64 bytes/)
    expect(() => rawSignatureToDer(new Uint8Array(64))).toThrow(/range 1..n-1/)
    expect(() => rawSignatureToDer(fromHex(SAMPLE_R + '00'.repeat(32)))).toThrow(/range 1..n-1/)
    expect(() => rawSignatureToDer(fromHex(n + SAMPLE_S))).toThrow(/range 1..n-1/)
    expect(() => rawSignatureToDer(fromHex(SAMPLE_R + 'ff'.repeat(32)))).toThrow(/range 1..n-1/)
    expect(toHex(rawSignatureToDer(fromHex(nMinus1 + SAMPLE_S)))).toBe(`3046022100${nMinus1}022100${SAMPLE_S}`)
  })

  it('agrees with @noble/curves on the DER of random signatures (short and padded integers alike)', () => {
    const secretKey = p256.utils.randomSecretKey()
    for (let i = 0; i < 64; i += 1) {
      const compact = p256.sign(utf8(`message ${i}`), secretKey, { lowS: false })
      expect(toHex(rawSignatureToDer(compact))).toBe(toHex(p256.Signature.fromBytes(compact, 'compact').toBytes('der')))
    }
    const tiny = fromHex(`${'00'.repeat(31)}80${'00'.repeat(31)}01`)
    expect(toHex(rawSignatureToDer(tiny))).toBe(toHex(p256.Signature.fromBytes(tiny, 'compact').toBytes('der')))
  })
})
