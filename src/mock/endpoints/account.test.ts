import { describe, expect, it } from 'vitest'
import type { SignupResponse } from '../../core/types'
import { createTestClientKey, signupMessage, tokenIdOf } from '../testing/clientKey'
import {
  call,
  ok,
  setup as setupMock,
  signUp,
  signedLogin,
  snapshot,
  verifyEmail,
  type Setup,
} from '../testing/harness'
import { oidcTokenFor } from '../testing/oauth'
import { ORIGIN } from '../testing/publicApi'
import { createSoftAuthenticator } from '../testing/softAuthenticator'
import type { MockAuthProxyOptions } from '../types'

/** These tests are about production's behaviour: strict, so that a member production drops fails here too. */
function setup(options: MockAuthProxyOptions = {}): Setup {
  return setupMock({ strictFields: true, ...options })
}

describe('account', () => {
  it('finds an account by email, case-insensitively, and answers {} when there is none', async () => {
    const { proxy } = setup()
    const { organizationId } = await signUp(proxy, 'ada@example.com')
    expect(await ok(call(proxy, 'account', { filterType: 'EMAIL', filterValue: 'ADA@example.com' }))).toEqual({
      organizationId,
    })
    expect(await ok(call(proxy, 'account', { filterType: 'EMAIL', filterValue: 'bob@example.com' }))).toEqual({})
  })

  it('checks a verification token when given, without redeeming it (the kit logs in with it next)', async () => {
    const { proxy } = setup()
    await signUp(proxy, 'ada@example.com')
    const verified = await verifyEmail(proxy, 'ada@example.com')
    const before = snapshot(proxy)
    const answer = await ok(
      call(proxy, 'account', {
        filter_type: 'EMAIL',
        filter_value: 'ada@example.com',
        verification_token: verified.verificationToken,
      }),
    )
    expect(answer).toHaveProperty('organizationId')
    expect(snapshot(proxy)).toBe(before)
    await ok(call(proxy, 'otp_login', await signedLogin(verified, verified.key.publicKey)))
  })

  it('refuses a token that proves another contact, an expired one, or a garbled one (16)', async () => {
    const { proxy, clock } = setup()
    const verified = await verifyEmail(proxy, 'ada@example.com')
    const before = snapshot(proxy)
    const other = await call(proxy, 'account', {
      filterType: 'EMAIL',
      filterValue: 'eve@example.com',
      verificationToken: verified.verificationToken,
    })
    expect(other.status).toBe(401)
    expect(other.body).toEqual({
      code: 16,
      message: 'verificationToken: proves ada@example.com, not the filterValue eve@example.com',
      details: [],
    })
    const garbled = await call(proxy, 'account', {
      filterType: 'EMAIL',
      filterValue: 'ada@example.com',
      verificationToken: 'x',
    })
    expect(garbled.body).toMatchObject({ code: 16 })
    clock.advance(600_000)
    const expired = await call(proxy, 'account', {
      filterType: 'EMAIL',
      filterValue: 'ada@example.com',
      verificationToken: verified.verificationToken,
    })
    expect(expired.body).toMatchObject({ code: 16, message: 'verificationToken: expired; verify a new code' })
    expect(snapshot(proxy)).toBe(before)
  })

  it("finds an account by NAME (the sub-organization's organizationName) and by USERNAME (its root user's userName)", async () => {
    const { proxy } = setup()
    const apiKey = await createTestClientKey()
    const { organizationId } = await ok<SignupResponse>(
      call(proxy, 'signup', {
        userName: 'ada',
        organizationName: "Ada's org",
        apiKeys: [{ apiKeyName: 'k', publicKey: apiKey.publicKey, curveType: 'API_KEY_CURVE_P256' }],
        authenticators: [],
        oauthProviders: [],
      }),
    )
    await signUp(proxy, 'bob@example.com')
    const find = (filterType: string, filterValue: string) => ok(call(proxy, 'account', { filterType, filterValue }))
    expect(await find('NAME', "Ada's org")).toEqual({ organizationId })
    expect(await find('USERNAME', 'ada')).toEqual({ organizationId })
    // Each filter reads its own field, exactly.
    expect(await find('NAME', 'ada')).toEqual({})
    expect(await find('USERNAME', "Ada's org")).toEqual({})
    expect(await find('USERNAME', 'Ada')).toEqual({})
  })

  it("does not find another tenant's account by NAME or USERNAME", async () => {
    const { proxy } = setup({
      tenants: [
        { configId: 'demo', organizationId: 'org-demo' },
        { configId: 'other', organizationId: 'org-other' },
      ],
    })
    await ok(
      call(proxy, 'signup', {
        userName: 'ada',
        organizationName: 'Ada',
        apiKeys: [],
        authenticators: [],
        oauthProviders: [],
      }),
    )
    const elsewhere = { configId: 'other' }
    expect(await ok(call(proxy, 'account', { filterType: 'NAME', filterValue: 'Ada' }, elsewhere))).toEqual({})
    expect(await ok(call(proxy, 'account', { filterType: 'USERNAME', filterValue: 'ada' }, elsewhere))).toEqual({})
  })

  it('finds an account by an API key public key or a passkey credential id', async () => {
    const { proxy } = setup()
    const apiKey = await createTestClientKey()
    const passkey = await createSoftAuthenticator({ origin: ORIGIN }).register()
    const { organizationId } = await ok<SignupResponse>(
      call(
        proxy,
        'signup',
        {
          apiKeys: [{ apiKeyName: 'k', publicKey: apiKey.publicKey, curveType: 'API_KEY_CURVE_P256' }],
          authenticators: [passkey],
          oauthProviders: [],
        },
        { origin: ORIGIN },
      ),
    )
    expect(
      await ok(call(proxy, 'account', { filterType: 'PUBLIC_KEY', filterValue: apiKey.publicKey.toUpperCase() })),
    ).toEqual({
      organizationId,
    })
    expect(
      await ok(call(proxy, 'account', { filterType: 'CREDENTIAL_ID', filterValue: passkey.attestation.credentialId })),
    ).toEqual({
      organizationId,
    })
    expect(await ok(call(proxy, 'account', { filterType: 'CREDENTIAL_ID', filterValue: 'cred-2' }))).toEqual({})
  })

  it("does not see another tenant's accounts", async () => {
    const { proxy } = setup({
      tenants: [
        { configId: 'demo', organizationId: 'org-a' },
        { configId: 'other', organizationId: 'org-b' },
      ],
    })
    await signUp(proxy, 'ada@example.com')
    expect(
      await ok(call(proxy, 'account', { filterType: 'EMAIL', filterValue: 'ada@example.com' }, { configId: 'other' })),
    ).toEqual({})
  })

  it('finds an SMS account by phone number (the whole SMS flow)', async () => {
    const { proxy } = setup({
      tenants: [{ configId: 'demo', organizationId: 'org', enabledProviders: ['email', 'sms'] }],
    })
    const phone = '+14155550123'
    const key = await createTestClientKey()
    const { otpId } = await ok<{ otpId: string }>(call(proxy, 'otp_init', { otpType: 'OTP_TYPE_SMS', contact: phone }))
    const code = proxy.outbox(phone)[0]?.code ?? ''
    const { verificationToken } = await ok<{ verificationToken: string }>(
      call(proxy, 'otp_verify', { otpId, otpCode: code, publicKey: key.publicKey }),
    )
    const tokenId = tokenIdOf(verificationToken)
    const request = { userPhoneNumber: phone, verificationToken, apiKeys: [], authenticators: [], oauthProviders: [] }
    const { organizationId } = await ok<SignupResponse>(
      call(proxy, 'signup', {
        ...request,
        clientSignature: await key.clientSignature(signupMessage(request, tokenId)),
      }),
    )
    expect(
      await ok(call(proxy, 'account', { filterType: 'PHONE_NUMBER', filterValue: phone, verificationToken })),
    ).toEqual({ organizationId })
    await ok(call(proxy, 'otp_login', await signedLogin({ key, verificationToken, tokenId }, key.publicKey)))
  })

  it.each([
    [
      { filterValue: 'ada@example.com' },
      'filterType: expected one of EMAIL, PHONE_NUMBER, OIDC_TOKEN, CREDENTIAL_ID, PUBLIC_KEY, NAME, USERNAME, got nothing',
    ],
    [
      { filterType: 'email', filterValue: 'x' },
      'filterType: expected one of EMAIL, PHONE_NUMBER, OIDC_TOKEN, CREDENTIAL_ID, PUBLIC_KEY, NAME, USERNAME, got "email"',
    ],
    [{ filterType: 'EMAIL' }, 'filterValue: expected a string, got nothing'],
    [{ filterType: 'EMAIL', filterValue: '' }, 'filterValue: expected a non-empty string, got an empty string'],
    [
      { filterType: 'EMAIL', filterValue: 'a@b.co', verificationToken: 1 },
      'verificationToken: expected a string, got a number',
    ],
    [{ filterType: 'EMAIL', filterValue: 'a@b.co', oidcToken: [] }, 'oidcToken: expected a string, got an array'],
  ])('refuses %j with 3 naming the field, changing nothing', async (body, message) => {
    const { proxy } = setup()
    const before = snapshot(proxy)
    const answer = await call(proxy, 'account', body)
    expect(answer.status).toBe(400)
    expect(answer.body).toEqual({ code: 3, message, details: [] })
    expect(snapshot(proxy)).toBe(before)
  })

  it('finds an account by OIDC token: {} before the OAuth signup, the organization after', async () => {
    const { proxy } = setup()
    const { oidcToken } = await oidcTokenFor(proxy, 'google', 'Ada Lovelace')
    const before = snapshot(proxy)
    expect(await ok(call(proxy, 'account', { filterType: 'OIDC_TOKEN', filterValue: oidcToken }))).toEqual({})
    expect(snapshot(proxy)).toBe(before)
    const { organizationId } = await ok<SignupResponse>(
      call(proxy, 'signup', {
        apiKeys: [],
        authenticators: [],
        oauthProviders: [{ providerName: 'google', oidcToken }],
      }),
    )
    expect(await ok(call(proxy, 'account', { filterType: 'OIDC_TOKEN', filterValue: oidcToken, oidcToken }))).toEqual({
      organizationId,
    })
    // Another token for the same person finds the same account; another person finds none.
    const again = await oidcTokenFor(proxy, 'google', 'Ada Lovelace')
    expect(await ok(call(proxy, 'account', { filterType: 'OIDC_TOKEN', filterValue: again.oidcToken }))).toEqual({
      organizationId,
    })
    const grace = await oidcTokenFor(proxy, 'google', 'Grace Hopper')
    expect(await ok(call(proxy, 'account', { filterType: 'OIDC_TOKEN', filterValue: grace.oidcToken }))).toEqual({})
  })

  it('does not take the same person at another provider for the linked identity', async () => {
    const { proxy } = setup()
    const { oidcToken } = await oidcTokenFor(proxy, 'google', 'Ada Lovelace')
    await ok(
      call(proxy, 'signup', {
        apiKeys: [],
        authenticators: [],
        oauthProviders: [{ providerName: 'google', oidcToken }],
      }),
    )
    const apple = await oidcTokenFor(proxy, 'apple', 'Ada Lovelace')
    expect(await ok(call(proxy, 'account', { filterType: 'OIDC_TOKEN', filterValue: apple.oidcToken }))).toEqual({})
  })

  it('verifies the OIDC token it looks up by: garbled or expired → 16, changing nothing', async () => {
    const { proxy, clock } = setup()
    const { oidcToken } = await oidcTokenFor(proxy)
    const before = snapshot(proxy)
    const garbled = await call(proxy, 'account', { filterType: 'OIDC_TOKEN', filterValue: 'a.b.c' })
    expect(garbled.status).toBe(401)
    expect(garbled.body).toMatchObject({ code: 16, message: expect.stringMatching(/^filterValue: not a valid JWT/) })
    clock.advance(600_000)
    const expired = await call(proxy, 'account', { filterType: 'OIDC_TOKEN', filterValue: oidcToken })
    expect(expired.body).toEqual({
      code: 16,
      message: 'filterValue: expired; sign in with the provider again',
      details: [],
    })
    expect(snapshot(proxy)).toBe(before)
  })

  it('refuses an oidcToken field that differs from the filterValue (3)', async () => {
    const { proxy } = setup()
    const first = await oidcTokenFor(proxy)
    const second = await oidcTokenFor(proxy)
    const answer = await call(proxy, 'account', {
      filterType: 'OIDC_TOKEN',
      filterValue: first.oidcToken,
      oidcToken: second.oidcToken,
    })
    expect(answer.status).toBe(400)
    expect(answer.body).toEqual({
      code: 3,
      message: 'oidcToken: differs from filterValue; send the same OIDC token in both, or only filterValue',
      details: [],
    })
  })
})
