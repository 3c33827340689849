import { p256 } from '@noble/curves/nist.js'
import { describe, expect, it } from 'vitest'
import { fromHex, utf8 } from '../encoding'
import { memoryKeyStore } from '../keys/memoryKeyStore'
import { loginMessage, signClientMessage, signupMessage } from './clientSignature'

const KEY = `03${'ab'.repeat(32)}`

describe('loginMessage', () => {
  it('is the exact text the proxy expects', () => {
    expect(loginMessage({ tokenId: 'tok-123', publicKey: KEY })).toBe(
      `{"login":{"publicKey":"${KEY}"},"tokenId":"tok-123","type":"USAGE_TYPE_LOGIN"}`,
    )
  })

  it('refuses a missing token id or a malformed key', () => {
    expect(() => loginMessage({ tokenId: '', publicKey: KEY })).toThrow(/loginMessage\(\{ tokenId \}\)/)
    expect(() => loginMessage({ tokenId: 't', publicKey: 'abc' })).toThrow(/loginMessage\(\{ publicKey \}\)/)
  })
})

describe('signupMessage', () => {
  it('lists apiKeys, authenticators, oauthProviders, then email, in that order', () => {
    const text = signupMessage({
      tokenId: 'tok-9',
      request: { userEmail: 'a@b.co', oauthProviders: [], apiKeys: [], authenticators: [] },
    })
    expect(text).toBe(
      '{"signup":{"apiKeys":[],"authenticators":[],"oauthProviders":[],"email":"a@b.co"},"tokenId":"tok-9","type":"USAGE_TYPE_SIGNUP"}',
    )
  })

  it('adds phoneNumber only when present and repeats array contents exactly', () => {
    const text = signupMessage({
      tokenId: 't',
      request: {
        apiKeys: [{ apiKeyName: 'k', publicKey: KEY, curveType: 'API_KEY_CURVE_P256' }],
        authenticators: [],
        oauthProviders: [{ providerName: 'google', oidcToken: 'o' }],
        userPhoneNumber: '+14155550100',
      },
    })
    expect(text).toBe(
      `{"signup":{"apiKeys":[{"apiKeyName":"k","publicKey":"${KEY}","curveType":"API_KEY_CURVE_P256"}],"authenticators":[],` +
        '"oauthProviders":[{"providerName":"google","oidcToken":"o"}],"phoneNumber":"+14155550100"},"tokenId":"t","type":"USAGE_TYPE_SIGNUP"}',
    )
  })

  it('refuses a request without the required arrays', () => {
    expect(() => signupMessage({ tokenId: 't', request: { apiKeys: [], authenticators: [] } as never })).toThrow(
      /request\.oauthProviders/,
    )
  })
})

describe('signClientMessage', () => {
  it('signs the UTF-8 message with the held key: raw r‖s, lowercase hex', async () => {
    const keyStore = memoryKeyStore()
    const publicKey = await keyStore.create()
    const message = loginMessage({ tokenId: 't', publicKey })

    const signature = await signClientMessage({ keyStore }, publicKey, message)

    expect(signature.publicKey).toBe(publicKey)
    expect(signature.scheme).toBe('CLIENT_SIGNATURE_SCHEME_API_P256')
    expect(signature.message).toBe(message)
    expect(signature.signature).toMatch(/^[0-9a-f]{128}$/)
    expect(p256.verify(fromHex(signature.signature), utf8(message), fromHex(publicKey), { lowS: false })).toBe(true)
  })

  it('rejects with KEY_NOT_FOUND for a key not held', async () => {
    await expect(signClientMessage({ keyStore: memoryKeyStore() }, KEY, 'm')).rejects.toMatchObject({
      code: 'KEY_NOT_FOUND',
    })
  })
})
