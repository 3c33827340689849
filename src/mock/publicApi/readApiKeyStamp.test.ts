import { p256 } from '@noble/curves/nist.js'
import { base64url } from 'jose'
import { describe, expect, it } from 'vitest'
import { createTestClientKey, type TestClientKey } from '../testing/clientKey'
import { expectRefused } from '../testing/expectRefused'
import { setup, snapshot, type Answer, type TestClock } from '../testing/harness'
import {
  apiKeyStamp,
  callPublic,
  passkeySignUp,
  sessionOf,
  stampLoginBody,
  stampedCall,
  type PasskeyUser,
} from '../testing/publicApi'
import type { MockAuthProxy } from '../types'

const SCHEME = 'SIGNATURE_SCHEME_TK_API_P256'

function header(stamp: object): string {
  return base64url.encode(JSON.stringify(stamp))
}

interface Case {
  proxy: MockAuthProxy
  clock: TestClock
  user: PasskeyUser
  body: string
}

async function signedUp(): Promise<Case> {
  const { proxy, clock } = setup()
  const user = await passkeySignUp(proxy)
  return {
    proxy,
    clock,
    user,
    body: stampLoginBody(user.organizationId, (await createTestClientKey()).publicKey, clock),
  }
}

/** For the stamps stampedCall cannot make: malformed ones, and ones signed otherwise than the kit signs. */
function xStampLogin(proxy: MockAuthProxy, body: string, stamp: string): Promise<Answer> {
  return callPublic(proxy, 'submit/stamp_login', body, { headers: { 'X-Stamp': stamp } })
}

const DOES_NOT_VERIFY =
  'X-Stamp: signature does not verify: expected ECDSA P-256/SHA-256 over the exact request body by publicKey, DER hex'

describe('X-Stamp', () => {
  it('verifies WebCrypto signatures, high-S ones included, and a key given uncompressed', async () => {
    const { proxy, clock, user } = await signedUp()
    let highS = 0
    for (let round = 0; round < 12; round += 1) {
      const body = stampLoginBody(user.organizationId, (await createTestClientKey()).publicKey, clock)
      const stamp = await apiKeyStamp(user.clientKey, body)
      const { signature } = JSON.parse(new TextDecoder().decode(base64url.decode(stamp))) as { signature: string }
      if (p256.Signature.fromHex(signature, 'der').hasHighS()) highS += 1
      await sessionOf(callPublic(proxy, 'submit/stamp_login', body, { headers: { 'X-Stamp': stamp } }))
    }
    // 12 rounds with a 1/2 chance each: all low-S happens once in 4096 runs.
    expect(highS).toBeGreaterThan(0)

    const body = stampLoginBody(user.organizationId, (await createTestClientKey()).publicKey, clock)
    const uncompressed = p256.Point.fromHex(user.clientKey.publicKey).toHex(false)
    const stamp = header({ publicKey: uncompressed, scheme: SCHEME, signature: await user.clientKey.signDer(body) })
    await sessionOf(callPublic(proxy, 'submit/stamp_login', body, { headers: { 'X-Stamp': stamp } }))
  })

  it('refuses a signature by another key than the one it names', async () => {
    const { proxy, user, body } = await signedUp()
    const other = await createTestClientKey()
    await expectRefused(
      proxy,
      async () =>
        xStampLogin(
          proxy,
          body,
          header({
            publicKey: user.clientKey.publicKey,
            scheme: SCHEME,
            signature: await other.signDer(body),
          }),
        ),
      16,
      DOES_NOT_VERIFY,
    )
  })

  it('refuses a body altered after stamping, even by one character', async () => {
    const { proxy, user, body } = await signedUp()
    const stamp = await apiKeyStamp(user.clientKey, body)
    await expectRefused(
      proxy,
      () => xStampLogin(proxy, body.replace('"parameters"', ' "parameters"'), stamp),
      16,
      DOES_NOT_VERIFY,
    )
    const stampedOther = await apiKeyStamp(user.clientKey, body.replace(/"timestampMs":"\d+"/, '"timestampMs":"1"'))
    await expectRefused(proxy, () => xStampLogin(proxy, body, stampedOther), 16, DOES_NOT_VERIFY)
  })

  it('refuses a raw r‖s signature where DER is expected', async () => {
    const { proxy, user, body } = await signedUp()
    await expectRefused(
      proxy,
      async () =>
        xStampLogin(
          proxy,
          body,
          header({
            publicKey: user.clientKey.publicKey,
            scheme: SCHEME,
            signature: await user.clientKey.sign(body),
          }),
        ),
      16,
      DOES_NOT_VERIFY,
    )
  })

  it.each<[string, (key: TestClientKey, body: string) => Promise<string>, string]>([
    [
      'another scheme',
      async (key, body) =>
        header({
          publicKey: key.publicKey,
          scheme: 'SIGNATURE_SCHEME_TK_API_SECP256K1',
          signature: await key.signDer(body),
        }),
      'X-Stamp: scheme: expected SIGNATURE_SCHEME_TK_API_P256, got "SIGNATURE_SCHEME_TK_API_SECP256K1"',
    ],
    [
      'no scheme',
      async (key, body) => header({ publicKey: key.publicKey, signature: await key.signDer(body) }),
      'X-Stamp: scheme: expected SIGNATURE_SCHEME_TK_API_P256, got nothing',
    ],
    [
      'garbled base64url',
      async (key, body) => `${(await apiKeyStamp(key, body)).slice(0, 20)}*%$`,
      'X-Stamp: not base64url; expected base64url of {publicKey, scheme, signature}',
    ],
    [
      'standard base64 with + and /',
      async (key, body) =>
        Buffer.from(
          JSON.stringify({ publicKey: key.publicKey, scheme: SCHEME, signature: await key.signDer(body) }) +
            '\u00ff\u00fe',
        ).toString('base64'),
      'X-Stamp: not base64url; expected base64url of {publicKey, scheme, signature}',
    ],
    [
      'base64url of something other than JSON',
      async () => base64url.encode('publicKey=02ab'),
      'X-Stamp: does not decode to JSON; expected base64url of {publicKey, scheme, signature}',
    ],
    [
      'JSON other than an object',
      async () => base64url.encode('["a"]'),
      'X-Stamp: expected a JSON object {publicKey, scheme, signature}, got an array',
    ],
    [
      'a public key off the curve',
      async (key, body) =>
        header({ publicKey: `04${'00'.repeat(64)}`, scheme: SCHEME, signature: await key.signDer(body) }),
      'X-Stamp: publicKey: expected a P-256 public key as hex (66 characters compressed)',
    ],
    [
      'a signature that is not hex',
      async (key) => header({ publicKey: key.publicKey, scheme: SCHEME, signature: 'MEUCIQ' }),
      'X-Stamp: signature: expected a DER-encoded ECDSA signature as hex',
    ],
    ['an empty header', async () => '', 'X-Stamp: not base64url; expected base64url of {publicKey, scheme, signature}'],
  ])('refuses %s', async (_name, build, message) => {
    const { proxy, user, body } = await signedUp()
    await expectRefused(proxy, async () => xStampLogin(proxy, body, await build(user.clientKey, body)), 16, message)
  })

  it('refuses a valid signature by a key no user of the organization holds', async () => {
    const { proxy, user, body } = await signedUp()
    const stranger = await createTestClientKey()
    await expectRefused(
      proxy,
      () => stampedCall(proxy, 'submit/stamp_login', body, stranger),
      16,
      `could not find public key in organization or its parent organization; X-Stamp: publicKey ${stranger.publicKey} is not an API key or session key of a user in organization "${user.organizationId}"`,
    )
  })

  it("refuses another organization's key, even a live one", async () => {
    const { proxy, clock, user } = await signedUp()
    const other = await passkeySignUp(proxy)
    const body = stampLoginBody(user.organizationId, (await createTestClientKey()).publicKey, clock)
    await expectRefused(
      proxy,
      () => stampedCall(proxy, 'submit/stamp_login', body, other.clientKey),
      16,
      `could not find public key in organization or its parent organization; X-Stamp: publicKey ${other.clientKey.publicKey} is not an API key or session key of a user in organization "${user.organizationId}"`,
    )
  })

  it('refuses a session key once its session expired or was revoked', async () => {
    const { proxy, clock, user, body } = await signedUp()
    const sessionKey = await createTestClientKey()
    const first = stampLoginBody(user.organizationId, sessionKey.publicKey, clock)
    await sessionOf(
      callPublic(proxy, 'submit/stamp_login', first, {
        headers: { 'X-Stamp': await apiKeyStamp(user.clientKey, first) },
      }),
    )
    // Another login that ends the user's other sessions.
    const second = stampLoginBody(user.organizationId, (await createTestClientKey()).publicKey, clock, {
      invalidateExisting: true,
    })
    await sessionOf(
      callPublic(proxy, 'submit/stamp_login', second, {
        headers: { 'X-Stamp': await apiKeyStamp(user.clientKey, second) },
      }),
    )
    await expectRefused(
      proxy,
      () => stampedCall(proxy, 'submit/stamp_login', body, sessionKey),
      16,
      `Unauthenticated desc = expired api key publicKey ${sessionKey.publicKey}; X-Stamp: it can no longer stamp: its session was revoked at 2030-01-01T00:00:00.000Z`,
    )

    const liveKey = await createTestClientKey()
    const third = stampLoginBody(user.organizationId, liveKey.publicKey, clock)
    await sessionOf(
      callPublic(proxy, 'submit/stamp_login', third, {
        headers: { 'X-Stamp': await apiKeyStamp(user.clientKey, third) },
      }),
    )
    clock.advance(900_000)
    const later = stampLoginBody(user.organizationId, (await createTestClientKey()).publicKey, clock)
    await expectRefused(
      proxy,
      () => stampedCall(proxy, 'submit/stamp_login', later, liveKey),
      16,
      /can no longer stamp: .*its session expired at 2030-01-01T00:15:00\.000Z/,
    )
  })
})

describe('stamp headers', () => {
  it('refuses a request with no stamp', async () => {
    const { proxy, body } = await signedUp()
    const before = snapshot(proxy)
    const answer = await callPublic(proxy, 'submit/stamp_login', body)
    expect(answer.body).toEqual({
      code: 16,
      message:
        'X-Stamp: missing; stamp the request with an API key (X-Stamp) or a passkey (X-Stamp-WebAuthn), or a key a verification or OIDC token attests (X-Stamp-Attested)',
      details: [],
    })
    expect(snapshot(proxy)).toBe(before)
  })

  it('refuses a request with both stamps, each valid on its own', async () => {
    const { proxy, user, body } = await signedUp()
    const before = snapshot(proxy)
    const headers = {
      'X-Stamp': await apiKeyStamp(user.clientKey, body),
      'X-Stamp-WebAuthn': await user.authenticator.stamp(body),
    }
    const answer = await callPublic(proxy, 'submit/stamp_login', body, { headers })
    expect(answer.body).toEqual({
      code: 16,
      message: 'X-Stamp, X-Stamp-WebAuthn: both given; stamp a request with exactly one',
      details: [],
    })
    expect(snapshot(proxy)).toBe(before)
  })
})
