// The code is sealed where the kit's components run in the tests (jsdom): HPKE's WebCrypto calls work
// there as in a browser (src/test/setupDom.ts), and production's hpkeDecrypt opens the result.
import { p256 } from '@noble/curves/nist.js'
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js'
import { hpkeDecrypt } from '@turnkey/crypto'
import { expect, it } from 'vitest'
import { sealOtpCode } from './sealOtpCode'

it('seals a code in jsdom that production opens', async () => {
  const secret = p256.utils.randomSecretKey()
  const sealed = JSON.parse(await sealOtpCode(p256.getPublicKey(secret, false), '123456', '02' + 'ab'.repeat(32))) as {
    encappedPublic: string
    ciphertext: string
  }
  const plaintext = hpkeDecrypt({
    ciphertextBuf: hexToBytes(sealed.ciphertext),
    encappedKeyBuf: hexToBytes(sealed.encappedPublic),
    receiverPriv: bytesToHex(secret),
  })
  expect(new TextDecoder().decode(plaintext)).toContain('"otp_code":"123456"')
})
