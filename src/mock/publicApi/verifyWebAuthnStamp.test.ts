import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js'
import { base64url, decodeJwt } from 'jose'
import { describe, expect, it } from 'vitest'
import { DEMO_ORGANIZATION_ID } from '../tenants'
import { createTestClientKey } from '../testing/clientKey'
import { expectRefused } from '../testing/expectRefused'
import { setup, type Answer, type TestClock } from '../testing/harness'
import { ORIGIN, callPublic, passkeySignUp, sessionOf, stampLoginBody, type PasskeyUser } from '../testing/publicApi'
import { createSoftAuthenticator } from '../testing/softAuthenticator'
import type { MockAuthProxy } from '../types'
import { stampChallengeFor } from './verifyWebAuthnStamp'

interface Case {
  proxy: MockAuthProxy
  clock: TestClock
  user: PasskeyUser
}

async function signedUp(): Promise<Case> {
  const { proxy, clock } = setup()
  return { proxy, clock, user: await passkeySignUp(proxy) }
}

async function loginBody({ clock }: Case): Promise<string> {
  return stampLoginBody(DEMO_ORGANIZATION_ID, (await createTestClientKey()).publicKey, clock)
}

/** Takes the Origin header apart from the stamp: some tests send an assertion from another page than it was made on. */
function webAuthnLogin(proxy: MockAuthProxy, body: string, stamp: string, origin?: string | null): Promise<Answer> {
  return callPublic(proxy, 'submit/stamp_login', body, { headers: { 'X-Stamp-WebAuthn': stamp }, origin })
}

describe('stampChallengeFor', () => {
  it('is base64url of the UTF-8 of the lowercase hex sha256 of the body', () => {
    const body = '{"organizationId":"org-1"}'
    const hex = bytesToHex(sha256(utf8ToBytes(body)))
    expect(hex).toMatch(/^[0-9a-f]{64}$/)
    expect(stampChallengeFor(utf8ToBytes(body))).toBe(base64url.encode(hex))
    expect(new TextDecoder().decode(base64url.decode(stampChallengeFor(utf8ToBytes(body))))).toBe(hex)
  })
})

describe('X-Stamp-WebAuthn', () => {
  it('accepts an authenticator that keeps no counter (always 0) every time', async () => {
    const { proxy, clock } = setup()
    const user = await passkeySignUp(proxy, {
      authenticator: createSoftAuthenticator({ origin: ORIGIN, counts: false }),
    })
    for (let round = 0; round < 2; round += 1) {
      const body = await loginBody({ proxy, clock, user })
      await sessionOf(
        callPublic(proxy, 'submit/stamp_login', body, {
          headers: { 'X-Stamp-WebAuthn': await user.authenticator.stamp(body) },
        }),
      )
    }
    expect(proxy.state.users[user.userId]?.authenticators[0]?.counter).toBe(0)
  })

  it("verifies against the tenant's rpId when it has one, from any page of that domain", async () => {
    const tenants = [{ configId: 'demo', organizationId: DEMO_ORGANIZATION_ID, rpId: 'example.com' }]
    const { proxy, clock } = setup({ tenants })
    const device = createSoftAuthenticator({ origin: 'https://app.example.com', rpId: 'example.com' })
    const user = await passkeySignUp(proxy, { authenticator: device, origin: 'https://app.example.com' })
    const body = stampLoginBody(DEMO_ORGANIZATION_ID, (await createTestClientKey()).publicKey, clock)
    const fromAccounts = await device.stamp(body, { origin: 'https://accounts.example.com' })
    const session = await sessionOf(
      callPublic(proxy, 'submit/stamp_login', body, {
        headers: { 'X-Stamp-WebAuthn': fromAccounts },
        origin: 'https://accounts.example.com',
      }),
    )
    expect(decodeJwt(session)).toMatchObject({ user_id: user.userId })
    const other = stampLoginBody(DEMO_ORGANIZATION_ID, (await createTestClientKey()).publicKey, clock)
    await expectRefused(
      proxy,
      async () =>
        webAuthnLogin(
          proxy,
          other,
          await device.stamp(other, { origin: 'https://example.org' }),
          'https://example.org',
        ),
      16,
      'X-Stamp-WebAuthn: Origin header: "https://example.org" cannot use passkeys of RP ID "example.com" (config id "demo"): its host is not example.com or a subdomain of it',
    )
  })

  it('refuses an assertion made over another body (wrong challenge)', async () => {
    const context = await signedUp()
    const body = await loginBody(context)
    const stampForOther = await context.user.authenticator.stamp(await loginBody(context))
    await expectRefused(
      context.proxy,
      () => webAuthnLogin(context.proxy, body, stampForOther),
      16,
      /^X-Stamp-WebAuthn: does not verify \(Unexpected authentication response challenge/,
    )
  })

  it('refuses an assertion over the right challenge made on another origin, or sent from another origin', async () => {
    const context = await signedUp()
    const body = await loginBody(context)
    await expectRefused(
      context.proxy,
      async () =>
        webAuthnLogin(
          context.proxy,
          body,
          await context.user.authenticator.stamp(body, { origin: 'http://localhost:6006' }),
        ),
      16,
      /Unexpected authentication response origin "http:\/\/localhost:6006", expected "http:\/\/localhost:5173"/,
    )
    await expectRefused(
      context.proxy,
      async () =>
        webAuthnLogin(context.proxy, body, await context.user.authenticator.stamp(body), 'http://localhost:6006'),
      16,
      /Unexpected authentication response origin "http:\/\/localhost:5173", expected "http:\/\/localhost:6006"/,
    )
  })

  it('refuses a passkey stamp without an Origin header', async () => {
    const context = await signedUp()
    const body = await loginBody(context)
    await expectRefused(
      context.proxy,
      async () => webAuthnLogin(context.proxy, body, await context.user.authenticator.stamp(body), null),
      16,
      'X-Stamp-WebAuthn: Origin header: missing; the page a passkey was used on is checked against it (a browser always sends it)',
    )
  })

  it('refuses an assertion for another RP ID', async () => {
    const context = await signedUp()
    const body = await loginBody(context)
    await expectRefused(
      context.proxy,
      async () =>
        webAuthnLogin(context.proxy, body, await context.user.authenticator.stamp(body, { rpId: 'evil.test' })),
      16,
      /^X-Stamp-WebAuthn: does not verify \(Unexpected RP ID hash\); expected an assertion on http:\/\/localhost:5173 for RP ID localhost/,
    )
  })

  it('refuses a credential not registered in the organization', async () => {
    const context = await signedUp()
    const stranger = createSoftAuthenticator({ origin: ORIGIN })
    const { credentialId } = { credentialId: (await stranger.register()).attestation.credentialId }
    const body = await loginBody(context)
    await expectRefused(
      context.proxy,
      async () => webAuthnLogin(context.proxy, body, await stranger.stamp(body)),
      16,
      `X-Stamp-WebAuthn: credentialId ${credentialId} is not a passkey registered in organization "${DEMO_ORGANIZATION_ID}"`,
    )
  })

  it("refuses another tenant's passkey against this tenant's organization", async () => {
    const tenants = [
      { configId: 'demo', organizationId: DEMO_ORGANIZATION_ID },
      { configId: 'other', organizationId: 'other-org' },
    ]
    const { proxy, clock } = setup({ tenants })
    const user = await passkeySignUp(proxy, { configId: 'other' })
    const body = stampLoginBody(DEMO_ORGANIZATION_ID, (await createTestClientKey()).publicKey, clock)
    await expectRefused(
      proxy,
      async () => webAuthnLogin(proxy, body, await user.authenticator.stamp(body)),
      16,
      /is not a passkey registered in organization/,
    )
    const own = stampLoginBody('other-org', (await createTestClientKey()).publicKey, clock)
    await sessionOf(
      callPublic(proxy, 'submit/stamp_login', own, {
        headers: { 'X-Stamp-WebAuthn': await user.authenticator.stamp(own) },
      }),
    )
  })

  it('refuses a signature counter that does not grow (a replayed or cloned authenticator)', async () => {
    const context = await signedUp()
    const { proxy, user } = context
    const first = await loginBody(context)
    await sessionOf(
      callPublic(proxy, 'submit/stamp_login', first, {
        headers: { 'X-Stamp-WebAuthn': await user.authenticator.stamp(first) },
      }),
    )
    expect(proxy.state.users[user.userId]?.authenticators[0]?.counter).toBe(1)
    const second = await loginBody(context)
    await expectRefused(
      proxy,
      async () => webAuthnLogin(proxy, second, await user.authenticator.stamp(second, { counter: 1 })),
      16,
      'X-Stamp-WebAuthn: signature counter 1 is not above 1, the last one seen: a replayed assertion or a cloned authenticator',
    )
    await expectRefused(
      proxy,
      async () => webAuthnLogin(proxy, second, await user.authenticator.stamp(second, { counter: 0 })),
      16,
      /^X-Stamp-WebAuthn: signature counter 0 is not above 1/,
    )
    await sessionOf(
      callPublic(proxy, 'submit/stamp_login', second, {
        headers: { 'X-Stamp-WebAuthn': await user.authenticator.stamp(second, { counter: 7 }) },
      }),
    )
    expect(proxy.state.users[user.userId]?.authenticators[0]?.counter).toBe(7)
  })

  it('refuses authenticator data altered after signing, and an assertion without user presence', async () => {
    const context = await signedUp()
    const body = await loginBody(context)
    const stamp = JSON.parse(await context.user.authenticator.stamp(body)) as Record<string, string>
    const authData = new Uint8Array(base64url.decode(stamp['authenticatorData'] as string))
    authData[authData.length - 1] = (authData.at(-1) ?? 0) + 1 // the counter, raised by one
    await expectRefused(
      context.proxy,
      () =>
        webAuthnLogin(context.proxy, body, JSON.stringify({ ...stamp, authenticatorData: base64url.encode(authData) })),
      16,
      `X-Stamp-WebAuthn: signature does not verify with the public key of passkey ${context.user.credentialId}`,
    )
    await expectRefused(
      context.proxy,
      async () => webAuthnLogin(context.proxy, body, await context.user.authenticator.stamp(body, { flags: 0 })),
      16,
      /User not present during authentication/,
    )
  })

  it('refuses authenticator data of a length no base64url text has (not an internal error)', async () => {
    const context = await signedUp()
    const body = await loginBody(context)
    const stamp = JSON.parse(await context.user.authenticator.stamp(body)) as Record<string, string>
    await expectRefused(
      context.proxy,
      () => webAuthnLogin(context.proxy, body, JSON.stringify({ ...stamp, authenticatorData: 'A' })),
      16,
      /^X-Stamp-WebAuthn: does not verify \(/,
    )
  })

  it('refuses an assertion of a registration ceremony (clientDataJSON type webauthn.create)', async () => {
    const context = await signedUp()
    const body = await loginBody(context)
    await expectRefused(
      context.proxy,
      async () =>
        webAuthnLogin(context.proxy, body, await context.user.authenticator.stamp(body, { type: 'webauthn.create' })),
      16,
      /Unexpected authentication response type: webauthn\.create/,
    )
  })

  it.each([
    [
      'not JSON',
      'eyJhIjoxfQ',
      'X-Stamp-WebAuthn: not JSON; expected {authenticatorData, clientDataJson, credentialId, signature}',
    ],
    [
      'a JSON array',
      '[]',
      'X-Stamp-WebAuthn: expected a JSON object {authenticatorData, clientDataJson, credentialId, signature}, got an array',
    ],
    [
      'a member missing',
      JSON.stringify({ authenticatorData: 'AA', clientDataJson: 'AA', signature: 'AA' }),
      'X-Stamp-WebAuthn: credentialId: expected base64url text, got nothing',
    ],
    [
      'a member in standard base64',
      JSON.stringify({ authenticatorData: 'AA==', clientDataJson: 'AA', credentialId: 'AA', signature: 'AA' }),
      'X-Stamp-WebAuthn: authenticatorData: expected base64url text, got a string',
    ],
  ])('refuses a header that is %s', async (_name, stamp, message) => {
    const context = await signedUp()
    await expectRefused(
      context.proxy,
      async () => webAuthnLogin(context.proxy, await loginBody(context), stamp),
      16,
      message,
    )
  })
})
