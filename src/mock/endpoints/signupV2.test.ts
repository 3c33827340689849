import { decodeJwt } from 'jose'
import { describe, expect, it } from 'vitest'
import type { SignupRequest, SignupResponse } from '../../core/types'
import { createTestClientKey, signupMessage, type TestClientKey } from '../testing/clientKey'
import { expectRefused } from '../testing/expectRefused'
import { call, emptySignup, ok, setup, verifyEmail, type Verified } from '../testing/harness'
import { oidcTokenFor } from '../testing/oauth'
import { ORIGIN } from '../testing/publicApi'
import { createSoftAuthenticator } from '../testing/softAuthenticator'

/**
 * The message @turnkey/core 2.x's getClientSignatureMessageForSignup builds, transcribed: the usage
 * under `signupV2`, its members in this order and only when given, then tokenId and type.
 */
function signupV2Message(request: SignupRequest, tokenId: string): string {
  const usage = {
    ...(request.apiKeys ? { apiKeys: request.apiKeys } : {}),
    ...(request.authenticators ? { authenticators: request.authenticators } : {}),
    ...(request.oauthProviders ? { oauthProviders: request.oauthProviders } : {}),
    ...(request.userEmail ? { email: request.userEmail } : {}),
    ...(request.userPhoneNumber ? { phoneNumber: request.userPhoneNumber } : {}),
  }
  return JSON.stringify({ signupV2: usage, tokenId, type: 'USAGE_TYPE_SIGNUP' })
}

/** A signup_v2 body as core 2.x's signUpWithOtp sends it, signed by `signer` (default: the token's key). */
async function signedSignupV2(
  email: string,
  verified: Verified,
  signer: TestClientKey = verified.key,
): Promise<SignupRequest> {
  const request: SignupRequest = {
    userName: email,
    organizationName: 'sub-org-1',
    ...emptySignup(email, verified.verificationToken),
  }
  const signature = await signer.clientSignature(signupV2Message(request, verified.tokenId))
  request.clientSignature = { ...signature, publicKey: verified.key.publicKey }
  return request
}

describe('signup_v2, given an email verified with a client key (strict mode)', () => {
  it('creates the account when the token key signs the signupV2 message of this request', async () => {
    const { proxy } = setup()
    const verified = await verifyEmail(proxy, 'ada@example.com')
    const response = await ok<SignupResponse>(
      call(proxy, 'signup_v2', await signedSignupV2('ada@example.com', verified)),
    )

    // The demo tenant's default wallet: signup_v2 creates wallets as signup does.
    expect(response).toEqual({
      organizationId: expect.any(String),
      userId: expect.any(String),
      wallet: {
        walletId: expect.any(String),
        addresses: [expect.stringMatching(/^0x[0-9a-fA-F]{40}$/), expect.any(String)],
      },
    })
    expect(proxy.state.users[response.userId]).toMatchObject({ email: 'ada@example.com', userName: 'ada@example.com' })
    expect(proxy.state.organizations[response.organizationId]).toMatchObject({ organizationName: 'sub-org-1' })
  })

  it('refuses the v1 message form (usage under "signup"), which production signs for /v1/signup only', async () => {
    const { proxy } = setup()
    const verified = await verifyEmail(proxy, 'ada@example.com')
    const request = emptySignup('ada@example.com', verified.verificationToken)
    request.clientSignature = await verified.key.clientSignature(signupMessage(request, verified.tokenId))
    await expectRefused(
      proxy,
      () => call(proxy, 'signup_v2', request),
      16,
      'clientSignature.message: expected members signupV2, tokenId, type, got signup, tokenId, type',
    )
  })

  it('refuses a signature by another key than the one the token names', async () => {
    const { proxy } = setup()
    const verified = await verifyEmail(proxy, 'ada@example.com')
    const request = await signedSignupV2('ada@example.com', verified, await createTestClientKey())
    await expectRefused(
      proxy,
      () => call(proxy, 'signup_v2', request),
      16,
      'clientSignature.signature: does not verify: expected ECDSA P-256/SHA-256 over the UTF-8 bytes of clientSignature.message by clientSignature.publicKey',
    )
  })

  it('refuses a signed message whose values are not the request’s', async () => {
    const { proxy } = setup()
    const verified = await verifyEmail(proxy, 'ada@example.com')
    const request = await signedSignupV2('ada@example.com', verified)
    const apiKey = await createTestClientKey()
    request.apiKeys = [{ apiKeyName: 'added later', publicKey: apiKey.publicKey, curveType: 'API_KEY_CURVE_P256' }]
    await expectRefused(
      proxy,
      () => call(proxy, 'signup_v2', request),
      16,
      'clientSignature.message: signupV2.apiKeys does not match the request',
    )
  })

  it('redeems the token once: a replay on signup_v2 or on signup is refused', async () => {
    const { proxy } = setup()
    const verified = await verifyEmail(proxy, 'ada@example.com')
    const request = await signedSignupV2('ada@example.com', verified)
    await ok(call(proxy, 'signup_v2', request))
    await expectRefused(
      proxy,
      () => call(proxy, 'signup_v2', request),
      16,
      'verificationToken: verification token already used (USAGE_TYPE_SIGNUP); verify a new code',
    )
    const v1 = emptySignup('ada@example.com', verified.verificationToken)
    v1.clientSignature = await verified.key.clientSignature(signupMessage(v1, verified.tokenId))
    const replay = await call(proxy, 'signup', v1)
    expect(replay.body).toMatchObject({
      code: 16,
      message: 'verificationToken: verification token already used (USAGE_TYPE_SIGNUP); verify a new code',
    })
  })

  it('refuses a member production does not define, naming it (v1OauthProviderParamsV2, v1OidcClaims)', async () => {
    const { proxy } = setup()
    await expectRefused(
      proxy,
      () =>
        call(proxy, 'signup_v2', {
          apiKeys: [],
          authenticators: [],
          oauthProviders: [{ providerName: 'google', oidcClaims: { iss: 'i', sub: 's', aud: 'a', email: 'e' } }],
        }),
      3,
      "signup_v2: oauthProviders[0].oidcClaims.email is not a field of production's oauthProviders[0].oidcClaims (v1OidcClaims: iss, sub, aud)",
    )
    await expectRefused(
      proxy,
      () => call(proxy, 'signup_v2', { apiKeys: [], authenticators: [], oauthProviders: [], otpLength: '6' }),
      3,
      /^signup_v2: otpLength is not a field of production's signup_v2 \(ProxyTSignupV2Body: /,
    )
  })
})

describe('signup_v2 with a passkey (production React kit’s passkey sign-up)', () => {
  it('creates the account from the passkey and its API key, with no token, as /v1/signup does', async () => {
    const { proxy } = setup()
    const authenticator = createSoftAuthenticator({ origin: ORIGIN })
    const passkey = await authenticator.register({ authenticatorName: 'laptop' })
    const key = await createTestClientKey()
    const request: SignupRequest = {
      userName: 'user-1',
      organizationName: 'sub-org-1',
      apiKeys: [
        { apiKeyName: 'api-key-1', publicKey: key.publicKey, curveType: 'API_KEY_CURVE_P256', expirationSeconds: '60' },
      ],
      authenticators: [passkey],
      oauthProviders: [],
    }
    const { userId } = await ok<SignupResponse>(call(proxy, 'signup_v2', request, { origin: ORIGIN }))
    expect(proxy.state.users[userId]?.authenticators).toEqual([
      expect.objectContaining({ credentialId: passkey.attestation.credentialId }),
    ])
    // The same passkey does not register twice, whichever endpoint is asked.
    const again = await call(proxy, 'signup_v2', request, { origin: ORIGIN })
    expect(again.body).toMatchObject({ code: 6 })
  })
})

describe('signup_v2 with OAuth providers', () => {
  it('links the identity of the token; claims naming that identity for another client id are accepted', async () => {
    const { proxy } = setup()
    const { oidcToken } = await oidcTokenFor(proxy, 'google')
    const { iss, sub } = decodeJwt(oidcToken) as { iss: string; sub: string }
    const response = await ok<SignupResponse>(
      call(proxy, 'signup_v2', {
        apiKeys: [],
        authenticators: [],
        oauthProviders: [
          { providerName: 'google', oidcToken },
          { providerName: 'google', oidcClaims: { iss, sub, aud: 'ios-client-id' } },
        ],
      }),
    )
    expect(proxy.state.users[response.userId]?.oauthProviders).toEqual([
      expect.objectContaining({ provider: 'google', issuer: iss, subject: sub }),
    ])
  })

  it('refuses claims that no token of the request proves, alone or beside another identity’s token', async () => {
    const { proxy } = setup()
    const { oidcToken } = await oidcTokenFor(proxy, 'google')
    const { iss } = decodeJwt(oidcToken) as { iss: string }
    const claims = { iss, sub: 'someone-else', aud: 'ios-client-id' }
    const message = `oauthProviders[0].oidcClaims: iss "${iss}", sub "someone-else" is no identity an oidcToken of this request proves; claims only add an audience to a proven identity`
    await expectRefused(
      proxy,
      () =>
        call(proxy, 'signup_v2', {
          apiKeys: [],
          authenticators: [],
          oauthProviders: [{ providerName: 'google', oidcClaims: claims }],
        }),
      16,
      message,
    )
    await expectRefused(
      proxy,
      () =>
        call(proxy, 'signup_v2', {
          apiKeys: [],
          authenticators: [],
          oauthProviders: [
            { providerName: 'google', oidcClaims: claims },
            { providerName: 'google', oidcToken },
          ],
        }),
      16,
      message,
    )
  })

  it('refuses an item with both a token and claims, claims repeating the token’s audience, and claims twice', async () => {
    const { proxy } = setup()
    const { oidcToken } = await oidcTokenFor(proxy, 'google')
    const { iss, sub, aud } = decodeJwt(oidcToken) as { iss: string; sub: string; aud: string }
    const token = { providerName: 'google', oidcToken }
    await expectRefused(
      proxy,
      () =>
        call(proxy, 'signup_v2', {
          apiKeys: [],
          authenticators: [],
          oauthProviders: [{ ...token, oidcClaims: { iss, sub, aud: 'x' } }],
        }),
      3,
      "oauthProviders[0]: expected exactly one of oidcToken (the provider's token) or oidcClaims ({iss, sub, aud}), got both",
    )
    await expectRefused(
      proxy,
      () =>
        call(proxy, 'signup_v2', {
          apiKeys: [],
          authenticators: [],
          oauthProviders: [token, { providerName: 'google', oidcClaims: { iss, sub, aud } }],
        }),
      3,
      `oauthProviders[1].oidcClaims.aud: "${aud}" is already the audience of oauthProviders[0].oidcToken; name another client id`,
    )
    const other = { providerName: 'google', oidcClaims: { iss, sub, aud: 'ios-client-id' } }
    await expectRefused(
      proxy,
      () => call(proxy, 'signup_v2', { apiKeys: [], authenticators: [], oauthProviders: [token, other, other] }),
      3,
      'oauthProviders[2].oidcClaims: the same claims as oauthProviders[1].oidcClaims; send them once',
    )
  })

  it('refuses an oidcClaims item on /v1/signup, whose production type has none', async () => {
    const { proxy } = setup({ strictFields: false })
    const { oidcToken } = await oidcTokenFor(proxy, 'google')
    const { iss, sub } = decodeJwt(oidcToken) as { iss: string; sub: string }
    const answer = await call(proxy, 'signup', {
      apiKeys: [],
      authenticators: [],
      oauthProviders: [
        { providerName: 'google', oidcToken },
        { providerName: 'google', oidcClaims: { iss, sub, aud: 'a' } },
      ],
    })
    expect(answer.body).toMatchObject({
      code: 3,
      message: expect.stringMatching(/^oauthProviders\[1\]\.oidcToken: expected/),
    })
  })
})
