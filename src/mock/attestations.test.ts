import { base64url } from 'jose'
import { describe, expect, it } from 'vitest'
import type { SignupAuthenticator, SignupRequest, SignupResponse } from '../core/types'
import { createTestClientKey, signupMessage } from './testing/clientKey'
import { expectRefused } from './testing/expectRefused'
import { call, ok, setup, signedSignup, verifyEmail } from './testing/harness'
import { ORIGIN, passkeySignUp } from './testing/publicApi'
import { createSoftAuthenticator } from './testing/softAuthenticator'

function passkeyOnly(authenticators: SignupAuthenticator[]): SignupRequest {
  return { userName: 'Ada', apiKeys: [], authenticators, oauthProviders: [] }
}

/** Rewrites clientDataJSON after the fact, as an attacker replaying someone else's registration would. */
function withClientData(authenticator: SignupAuthenticator, change: Record<string, unknown>): SignupAuthenticator {
  const clientData = JSON.parse(
    new TextDecoder().decode(base64url.decode(authenticator.attestation.clientDataJson)),
  ) as object
  return {
    ...authenticator,
    attestation: {
      ...authenticator.attestation,
      clientDataJson: base64url.encode(JSON.stringify({ ...clientData, ...change })),
    },
  }
}

describe('signup with passkeys', () => {
  it('creates a passkey-only account (no email) holding the verified passkey and a 60-second API key', async () => {
    const { proxy, clock } = setup()
    const user = await passkeySignUp(proxy)
    const stored = proxy.state.users[user.userId]
    expect(stored?.email).toBeUndefined()
    expect(stored?.authenticators).toMatchObject([
      { credentialId: user.credentialId, authenticatorName: 'laptop', counter: 0, rpId: 'localhost', origin: ORIGIN },
    ])
    expect(stored?.apiKeys).toEqual([
      {
        apiKeyName: 'sign-up key',
        publicKey: user.clientKey.publicKey,
        curveType: 'API_KEY_CURVE_P256',
        expiresAt: new Date(clock.now() + 60_000).toISOString(),
      },
    ])
    expect(await ok(call(proxy, 'account', { filterType: 'CREDENTIAL_ID', filterValue: user.credentialId }))).toEqual({
      organizationId: user.organizationId,
    })
  })

  it('accepts a passkey with an email sign-up, the client signature covering it', async () => {
    const { proxy } = setup()
    const verified = await verifyEmail(proxy, 'ada@example.com')
    const passkey = await createSoftAuthenticator({ origin: ORIGIN }).register()
    const unsigned = { ...(await signedSignup('ada@example.com', verified)), authenticators: [passkey] }
    // The signature made over `authenticators: []` no longer matches.
    const stale = await call(proxy, 'signup', unsigned, { origin: ORIGIN })
    expect(stale.body).toMatchObject({
      code: 16,
      message: 'clientSignature.message: signup.authenticators does not match the request',
    })
    const { clientSignature: _dropped, ...request } = unsigned
    const signed = {
      ...request,
      clientSignature: await verified.key.clientSignature(signupMessage(request, verified.tokenId)),
    }
    const { userId } = await ok<SignupResponse>(call(proxy, 'signup', signed, { origin: ORIGIN }))
    expect(proxy.state.users[userId]?.authenticators.map((a) => a.credentialId)).toEqual([
      passkey.attestation.credentialId,
    ])
  })

  it('verifies against the tenant rpId when it has one: a subdomain page may register, another site may not', async () => {
    const tenants = [{ configId: 'demo', organizationId: 'org-1', rpId: 'example.com' }]
    const { proxy } = setup({ tenants })
    const onSubdomain = createSoftAuthenticator({ origin: 'https://app.example.com', rpId: 'example.com' })
    await ok(call(proxy, 'signup', passkeyOnly([await onSubdomain.register()]), { origin: 'https://app.example.com' }))
    const elsewhere = createSoftAuthenticator({ origin: 'https://evil.test', rpId: 'example.com' })
    await expectRefused(
      proxy,
      async () => call(proxy, 'signup', passkeyOnly([await elsewhere.register()]), { origin: 'https://evil.test' }),
      3,
      'Origin header (required with authenticators): "https://evil.test" cannot use passkeys of RP ID "example.com" (config id "demo"): its host is not example.com or a subdomain of it',
    )
    // Made for the page's own host, not for the tenant's RP ID.
    const ownHost = createSoftAuthenticator({ origin: 'https://app.example.com' })
    await expectRefused(
      proxy,
      async () => call(proxy, 'signup', passkeyOnly([await ownHost.register()]), { origin: 'https://app.example.com' }),
      16,
      /^authenticators\[0\]\.attestation: does not verify \(Unexpected RP ID hash\); expected a registration on https:\/\/app\.example\.com for RP ID example\.com$/,
    )
  })

  it('requires the Origin header when there are authenticators, and only then', async () => {
    const { proxy } = setup()
    const passkey = await createSoftAuthenticator({ origin: ORIGIN }).register()
    await expectRefused(
      proxy,
      () => call(proxy, 'signup', passkeyOnly([passkey])),
      3,
      'Origin header (required with authenticators): missing; the page a passkey was used on is checked against it (a browser always sends it)',
    )
    const apiKey = await createTestClientKey()
    await ok(
      call(proxy, 'signup', {
        ...passkeyOnly([]),
        apiKeys: [{ apiKeyName: 'k', publicKey: apiKey.publicKey, curveType: 'API_KEY_CURVE_P256' }],
      }),
    )
  })

  describe('refuses a forged attestation with 16, changing nothing', () => {
    const authenticator = createSoftAuthenticator({ origin: ORIGIN })
    it.each<[string, () => Promise<SignupAuthenticator>, RegExp]>([
      [
        'made over another challenge',
        () => authenticator.register({ signedChallenge: base64url.encode('another challenge') }),
        /^authenticators\[0\]\.attestation: does not verify \(Unexpected registration response challenge/,
      ],
      [
        'whose clientDataJson was rewritten to the expected challenge',
        async () => {
          const forged = await authenticator.register({ signedChallenge: base64url.encode('another challenge') })
          return withClientData(forged, { challenge: forged.challenge, origin: 'https://evil.test' })
        },
        /origin "https:\/\/evil\.test"/,
      ],
      [
        'made on another origin',
        () => authenticator.register({ origin: 'http://localhost:6006' }),
        /origin "http:\/\/localhost:6006", expected "http:\/\/localhost:5173"/,
      ],
      [
        'made for another RP ID',
        () => authenticator.register({ rpId: 'evil.test' }),
        /\(Unexpected RP ID hash\); expected a registration on http:\/\/localhost:5173 for RP ID localhost$/,
      ],
      [
        'of an assertion, not a registration',
        () => authenticator.register({ type: 'webauthn.get' }),
        /Unexpected registration response type: webauthn\.get/,
      ],
      ['without user presence', () => authenticator.register({ flags: 0x44 }), /User presence was required/],
      [
        'naming another credential id than the one it registers',
        async () => {
          const real = await authenticator.register()
          return { ...real, attestation: { ...real.attestation, credentialId: base64url.encode('someone-elses-id') } }
        },
        /^authenticators\[0\]\.attestation\.credentialId: is not the credential id the attestation object registers$/,
      ],
      [
        'whose attestation object is not CBOR',
        async () => {
          const real = await authenticator.register()
          return {
            ...real,
            attestation: { ...real.attestation, attestationObject: base64url.encode('not cbor at all') },
          }
        },
        /^authenticators\[0\]\.attestation: does not verify/,
      ],
    ])('%s', async (_name, forge, message) => {
      const { proxy } = setup()
      await expectRefused(
        proxy,
        async () => call(proxy, 'signup', passkeyOnly([await forge()]), { origin: ORIGIN }),
        16,
        message,
      )
    })

    it('sent from another page than the one it was made on', async () => {
      const { proxy } = setup()
      await expectRefused(
        proxy,
        async () =>
          call(proxy, 'signup', passkeyOnly([await authenticator.register()]), { origin: 'http://localhost:6006' }),
        16,
        /origin "http:\/\/localhost:5173", expected "http:\/\/localhost:6006"/,
      )
    })
  })

  it('refuses a passkey already registered with 6, and the same passkey twice in one request with 3', async () => {
    const { proxy } = setup()
    const user = await passkeySignUp(proxy)
    const [registered] = user.request.authenticators as [SignupAuthenticator]
    await expectRefused(
      proxy,
      () => call(proxy, 'signup', passkeyOnly([registered]), { origin: ORIGIN }),
      6,
      'authenticators[0].attestation.credentialId: this passkey is already registered to an account; log in with it instead',
    )
    const fresh = await createSoftAuthenticator({ origin: ORIGIN }).register()
    await expectRefused(
      proxy,
      () => call(proxy, 'signup', passkeyOnly([fresh, fresh]), { origin: ORIGIN }),
      3,
      'authenticators[1].attestation.credentialId: the same credential as authenticators[0]; register it once',
    )
  })

  it('registers one passkey once when two sign-ups race with it', async () => {
    const { proxy } = setup()
    const passkey = await createSoftAuthenticator({ origin: ORIGIN }).register()
    const answers = await Promise.all([
      call(proxy, 'signup', passkeyOnly([passkey]), { origin: ORIGIN }),
      call(proxy, 'signup', passkeyOnly([passkey]), { origin: ORIGIN }),
    ])
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409])
    expect(Object.keys(proxy.state.users)).toHaveLength(1)
  })
})
