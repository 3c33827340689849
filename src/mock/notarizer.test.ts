import { verifySessionJwtSignature } from '@turnkey/crypto'
import { createLocalJWKSet, decodeJwt, decodeProtectedHeader, jwtVerify, type JSONWebKeySet } from 'jose'
import { describe, expect, it } from 'vitest'
import { createMockAuthProxy } from './handler'
import { SESSION_NOTARIZER_KID } from './notarizer'
import { createTestClientKey } from './testing/clientKey'
import { call, ok, setup, signUp, signedLogin, verifyEmail } from './testing/harness'
import type { MockAuthProxy } from './types'

/** A session from otp_login, the way a returning user gets one. */
async function loginSession(proxy: MockAuthProxy): Promise<string> {
  await signUp(proxy, 'ada@example.com')
  const verified = await verifyEmail(proxy, 'ada@example.com')
  const sessionKey = await createTestClientKey()
  const { session } = await ok<{ session: string }>(
    call(proxy, 'otp_login', await signedLogin(verified, sessionKey.publicKey)),
  )
  return session
}

async function publishedKeys(proxy: MockAuthProxy): Promise<JSONWebKeySet> {
  return (await (await proxy.handle(new Request('http://mock.test/.well-known/jwks.json'))).json()) as JSONWebKeySet
}

describe("the mock's sessions", () => {
  it("verify with production's own check (verifySessionJwtSignature) against the mock's notarizer key, and no other", async () => {
    const { proxy } = setup()
    const session = await loginSession(proxy)
    expect(await verifySessionJwtSignature(session, proxy.sessionNotarizerPublicKey)).toBe(true)
    // Nor with another mock's key, nor with production's.
    expect(await verifySessionJwtSignature(session, createMockAuthProxy().sessionNotarizerPublicKey)).toBe(false)
    expect(await verifySessionJwtSignature(session)).toBe(false)
    // Production's header, byte for byte: no kid.
    expect(session.split('.')[0]).toBe('eyJhbGciOiJFUzI1NiIsInR5cCI6IkpXVCJ9')
    expect(decodeProtectedHeader(session)).toEqual({ alg: 'ES256', typ: 'JWT' })
    expect(Object.keys(decodeJwt(session))).toEqual(
      expect.arrayContaining(['exp', 'public_key', 'session_type', 'user_id', 'organization_id']),
    )
  })

  it("are not plain ES256 JWTs, as production's are not: a JOSE check against the JWKS refuses them", async () => {
    const { proxy, clock } = setup()
    const session = await loginSession(proxy)
    await expect(
      jwtVerify(session, createLocalJWKSet(await publishedKeys(proxy)), { currentDate: new Date(clock.now()) }),
    ).rejects.toThrow()
  })

  it('publish the notarizer key in the JWKS under its kid, with no alg, equal to the hex key', async () => {
    const { proxy } = setup()
    const { keys } = await publishedKeys(proxy)
    expect(keys).toHaveLength(2)
    const notarizer = keys.find((key) => key.kid === SESSION_NOTARIZER_KID)
    expect(notarizer).toMatchObject({ kty: 'EC', crv: 'P-256', use: 'sig' })
    expect(notarizer).not.toHaveProperty('alg')
    expect(notarizer).not.toHaveProperty('d')
    const hex = Buffer.concat([
      Buffer.from([4]),
      Buffer.from(notarizer?.x ?? '', 'base64url'),
      Buffer.from(notarizer?.y ?? '', 'base64url'),
    ]).toString('hex')
    expect(hex).toBe(proxy.sessionNotarizerPublicKey)
  })
})
