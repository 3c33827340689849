// The code sealed by the kit opens with production's own HPKE (@turnkey/crypto's hpkeDecrypt, which
// builds the same associated data), an implementation the kit did not write.
import { p256 } from '@noble/curves/nist.js'
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js'
import { hpkeDecrypt } from '@turnkey/crypto'
import { describe, expect, it } from 'vitest'
import { sealOtpCode } from './sealOtpCode'

const CLIENT_KEY = '02' + 'ab'.repeat(32)

describe('sealOtpCode', () => {
  it("seals {otp_code, public_key} so that production's hpkeDecrypt opens it with the target's key", async () => {
    const secret = p256.utils.randomSecretKey()
    const sealed = JSON.parse(await sealOtpCode(p256.getPublicKey(secret, false), 'A1B2C3', CLIENT_KEY)) as {
      encappedPublic: string
      ciphertext: string
    }
    expect(sealed.encappedPublic).toMatch(/^04[0-9a-f]{128}$/)
    const plaintext = hpkeDecrypt({
      ciphertextBuf: hexToBytes(sealed.ciphertext),
      encappedKeyBuf: hexToBytes(sealed.encappedPublic),
      receiverPriv: bytesToHex(secret),
    })
    expect(new TextDecoder().decode(plaintext)).toBe(`{"otp_code":"A1B2C3","public_key":"${CLIENT_KEY}"}`)
  })

  it('seals afresh each time: a new encapsulated key, so no two bundles are alike', async () => {
    const target = p256.getPublicKey(p256.utils.randomSecretKey(), false)
    const one = await sealOtpCode(target, '123456', CLIENT_KEY)
    const two = await sealOtpCode(target, '123456', CLIENT_KEY)
    expect(one).not.toBe(two)
  })
})
