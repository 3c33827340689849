import { describe, expect, it } from 'vitest'
import { oauthNonce } from './oauthNonce'

describe('oauthNonce', () => {
  it('is lowercase hex(sha256(utf8(publicKeyHex))): known answers computed with OpenSSL', async () => {
    // printf %s 02abab…ab | openssl dgst -sha256
    expect(await oauthNonce(`02${'ab'.repeat(32)}`)).toBe(
      '679395abecdee72c2efddee5b8ea574dd2f462516fbeba3ee5e13f052051b7ae',
    )
    expect(await oauthNonce(`03${'01'.repeat(32)}`)).toBe(
      '02b1b4332e82828e8492fc6544758a2e12737c3bb760c9c02e60d77dae058c88',
    )
  })

  it('hashes the hex text, not the key bytes', async () => {
    // sha256 of the 33 key bytes; the nonce is of the 66 characters.
    expect(await oauthNonce(`03${'01'.repeat(32)}`)).not.toBe(
      '18ceb0db2281116582ac72353f7c447594344ba667c6fac80500582964c64349',
    )
  })

  it('refuses what is not a compressed key in wire form (uppercase hex included)', async () => {
    await expect(oauthNonce(`02${'AB'.repeat(32)}`)).rejects.toThrow(
      /oauthNonce\(publicKeyHex\): expected a compressed P-256 public key/,
    )
    await expect(oauthNonce('')).rejects.toThrow(/oauthNonce\(publicKeyHex\)/)
  })
})
