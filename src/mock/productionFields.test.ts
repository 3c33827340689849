import { describe, expect, it } from 'vitest'
import { MockError } from './http'
import { PROXY_BODIES, assertProductionFields, proxyBodyShape, publicApiBodyShape } from './productionFields'
import { createTestClientKey } from './testing/clientKey'
import { call, emptySignup, ok, setup, signedSignup, snapshot, verifyEmail } from './testing/harness'
import {
  apiKeyStamp,
  callPublic,
  envelope,
  passkeySignUp,
  signedInEmailUser,
  stampLoginBody,
} from './testing/publicApi'
import { normalizeKeys, type JsonObject } from './validate'

function refusal(endpoint: keyof typeof PROXY_BODIES, body: unknown): string {
  try {
    assertProductionFields(endpoint, PROXY_BODIES[endpoint], normalizeKeys(body) as JsonObject)
  } catch (error) {
    expect(error).toBeInstanceOf(MockError)
    expect((error as MockError).code).toBe(3)
    return (error as MockError).message
  }
  throw new Error('expected a refusal')
}

describe('assertProductionFields', () => {
  it("names an unknown top-level member and production's members", () => {
    expect(refusal('otp_init', { otpType: 'OTP_TYPE_EMAIL', contact: 'a@b.co', otpLength: '6' })).toBe(
      "otp_init: otpLength is not a field of production's otp_init (ProxyTInitOtpBody: otpType, contact, emailCustomization)",
    )
  })

  it.each([
    [
      'otp_init',
      { emailCustomization: { templateId: 't', appName: 'Shop' } },
      "otp_init: emailCustomization.appName is not a field of production's emailCustomization (v1ProxyEmailCustomizationParams: templateId)",
    ],
    [
      'signup',
      { apiKeys: [{ apiKeyName: 'k' }, { apiKeyName: 'k', label: 'x' }] },
      "signup: apiKeys[1].label is not a field of production's apiKeys[1] (v1ApiKeyParamsV2: apiKeyName, publicKey, curveType, expirationSeconds)",
    ],
    [
      'signup',
      { authenticators: [{ attestation: { credentialId: 'c', authenticatorAttachment: 'platform' } }] },
      "signup: authenticators[0].attestation.authenticatorAttachment is not a field of production's authenticators[0].attestation (v1Attestation: credentialId, clientDataJson, attestationObject, transports)",
    ],
    [
      'signup',
      { oauthProviders: [{ providerName: 'google', oidcClaims: {} }] },
      "signup: oauthProviders[0].oidcClaims is not a field of production's oauthProviders[0] (v1OauthProviderParams: providerName, oidcToken)",
    ],
    [
      'signup',
      { wallet: { walletName: 'w', accounts: [{ curve: 'c', derivation: 'x' }] } },
      "signup: wallet.accounts[0].derivation is not a field of production's wallet.accounts[0] (v1WalletAccountParams: curve, pathFormat, path, addressFormat, name)",
    ],
    [
      'otp_login',
      { clientSignature: { publicKey: 'k', tokenId: 't' } },
      "otp_login: clientSignature.tokenId is not a field of production's clientSignature (v1ClientSignature: publicKey, scheme, message, signature)",
    ],
    [
      'wallet_kit_config',
      { configId: 'demo' },
      "wallet_kit_config: configId is not a field of production's wallet_kit_config (ProxyTGetWalletKitConfigBody: no members)",
    ],
  ] as const)('names a nested unknown member of %s by its path', (endpoint, body, message) => {
    expect(refusal(endpoint, body)).toBe(message)
  })

  it('accepts snake_case spellings of production members once keys are normalized', () => {
    const body = normalizeKeys({
      otp_type: 'OTP_TYPE_EMAIL',
      contact: 'a@b.co',
      email_customization: { template_id: 't' },
    }) as JsonObject
    expect(() => assertProductionFields('otp_init', PROXY_BODIES.otp_init, body)).not.toThrow()
  })

  it("refuses the seed's wallet form {path, curve}", () => {
    expect(refusal('signup', { wallet: { path: "m/44'/60'/0'/0/0", curve: 'CURVE_SECP256K1' } })).toBe(
      "signup: wallet.path is not a field of production's wallet (v1WalletParams: walletName, accounts, mnemonicLength)",
    )
  })

  it('leaves values of the wrong type to the readers', () => {
    const body = normalizeKeys({ clientSignature: 'abcd', apiKeys: 'none', wallet: 3 }) as JsonObject
    expect(() => assertProductionFields('signup', PROXY_BODIES.signup, body)).not.toThrow()
  })

  it('looks names up as own properties', () => {
    expect(proxyBodyShape('constructor')).toBeUndefined()
    expect(proxyBodyShape('otp_init_v3')).toBeUndefined()
    expect(publicApiBodyShape('submit/__proto__')).toBeUndefined()
    expect(refusal('account', JSON.parse('{"__proto__":{}}'))).toMatch(/^account: __proto__ is not a field/)
  })
})

describe('strictFields through the handler', () => {
  it('ignores unknown members by default, as production does, and refuses them when strict, changing nothing', async () => {
    const body = { otpType: 'OTP_TYPE_EMAIL', contact: 'ada@example.com', otpLength: '8' }
    const lenient = setup({ strictFields: false }).proxy
    expect(await ok(call(lenient, 'otp_init', body))).toHaveProperty('otpId')

    const { proxy } = setup({ strictFields: true })
    const before = snapshot(proxy)
    const answer = await call(proxy, 'otp_init', body)
    expect(answer.status).toBe(400)
    expect(answer.body).toEqual({
      code: 3,
      message:
        "otp_init: otpLength is not a field of production's otp_init (ProxyTInitOtpBody: otpType, contact, emailCustomization)",
      details: [],
    })
    expect(snapshot(proxy)).toBe(before)
  })

  it('accepts a whole production sign-up and login in strict mode, snake_case spellings included', async () => {
    const { proxy } = setup({ strictFields: true })
    const verified = await verifyEmail(proxy, 'ada@example.com')
    const request = await signedSignup('ada@example.com', verified)
    const wallet = {
      walletName: 'Main',
      accounts: [
        {
          curve: 'CURVE_SECP256K1',
          pathFormat: 'PATH_FORMAT_BIP32',
          path: "m/44'/60'/0'/0/0",
          addressFormat: 'ADDRESS_FORMAT_ETHEREUM',
          name: 'first',
        },
      ],
      mnemonicLength: 12,
    }
    await ok(
      call(proxy, 'signup', { ...request, user_name: 'Ada', organization_name: 'Ada', user_tag: 'beta', wallet }),
    )
    const found = await ok(call(proxy, 'account', { filter_type: 'EMAIL', filter_value: 'ada@example.com' }))
    expect(found).toHaveProperty('organizationId')
  })

  it('refuses an unknown member of a signup before anything is checked or written', async () => {
    const { proxy } = setup({ strictFields: true })
    const verified = await verifyEmail(proxy, 'ada@example.com')
    const before = snapshot(proxy)
    const answer = await call(proxy, 'signup', {
      ...emptySignup('ada@example.com', verified.verificationToken),
      userRole: 'admin',
    })
    expect(answer.body).toMatchObject({
      code: 3,
      message: expect.stringMatching(/^signup: userRole is not a field of production's signup \(ProxyTSignupBody: /),
    })
    expect(snapshot(proxy)).toBe(before)
  })

  it('checks the public API envelope and its parameters (v1StampLoginRequest, v1StampLoginIntent)', async () => {
    const { proxy, clock } = setup({ strictFields: true })
    const user = await passkeySignUp(proxy)
    const sessionKey = await createTestClientKey()
    const stamped = async (body: string) =>
      callPublic(proxy, 'submit/stamp_login', body, { headers: { 'X-Stamp': await apiKeyStamp(user.clientKey, body) } })

    const extraParameter = stampLoginBody(user.organizationId, sessionKey.publicKey, clock, { note: 'x' })
    expect((await stamped(extraParameter)).body).toEqual({
      code: 3,
      message:
        "submit/stamp_login: parameters.note is not a field of production's parameters (v1StampLoginIntent: publicKey, expirationSeconds, invalidateExisting, sessionProfileId)",
      details: [],
    })
    const envelopeMember = JSON.stringify({
      ...JSON.parse(stampLoginBody(user.organizationId, sessionKey.publicKey, clock)),
      version: 1,
    })
    expect((await stamped(envelopeMember)).body).toMatchObject({
      code: 3,
      message:
        "submit/stamp_login: version is not a field of production's submit/stamp_login (v1StampLoginRequest: type, timestampMs, organizationId, parameters, generateAppProofs)",
    })
    const fine = envelope(
      'ACTIVITY_TYPE_STAMP_LOGIN',
      user.organizationId,
      { publicKey: sessionKey.publicKey, expirationSeconds: '60' },
      clock.now(),
    )
    expect((await stamped(fine)).status).toBe(200)
  })

  it('checks whoami (v1GetWhoamiRequest) and lets the public API refuse what it cannot read', async () => {
    const { proxy } = setup({ strictFields: true })
    const user = await signedInEmailUser(proxy, 'ada@example.com')
    const body = JSON.stringify({ organizationId: user.organizationId, userId: user.userId })
    const answer = await callPublic(proxy, 'query/whoami', body, {
      headers: { 'X-Stamp': await apiKeyStamp(user.sessionKey, body) },
    })
    expect(answer.body).toMatchObject({
      code: 3,
      message: "query/whoami: userId is not a field of production's query/whoami (v1GetWhoamiRequest: organizationId)",
    })
    const broken = await callPublic(proxy, 'query/whoami', '{"organizationId":')
    expect(broken.body).toMatchObject({ code: 3, message: expect.stringMatching(/^request body: not valid JSON/) })
  })
})
