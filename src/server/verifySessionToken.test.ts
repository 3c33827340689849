import { PRODUCTION_NOTARIZER_SIGN_PUBLIC_KEY } from '@turnkey/crypto'
import { SignJWT, base64url, decodeJwt, generateKeyPair } from 'jose'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createMockAuthProxy } from '../mock/handler'
import { SESSION_NOTARIZER_KID as MOCK_KID, createNotarizer } from '../mock/notarizer'
import { PRODUCTION_NOTARIZER_PUBLIC_KEY, SESSION_NOTARIZER_KID } from './notarizerKey'
import { SessionTokenError } from './SessionTokenError'
import { unsigned, withClaims, withSignature } from './test/forgeries'
import { setupTwoTenants, signIn } from './test/sessionsOnMock'
import { verifySessionToken, type VerifySessionOptions } from './verifySessionToken'

/** A real production session (user 6912b819…, organization c75ecb07…), expired on 2025-06-02. */
const PRODUCTION_SESSION =
  'eyJhbGciOiJFUzI1NiIsInR5cCI6IkpXVCJ9.eyJleHAiOjE3NDg4NzY4MzcsInB1YmxpY19rZXkiOiIwMzk5ZmUyYWNlNjIwOGFmMGFkZjg0OGY0NGJjNDgyMTBiNTk0YjdlNjllY2Q5MWVjOTY4ZmQ3NWIzYmI0NDgzMzYiLCJzZXNzaW9uX3R5cGUiOiJTRVNTSU9OX1RZUEVfUkVBRF9XUklURSIsInVzZXJfaWQiOiI2OTEyYjgxOS1mNGRmLTQwZjQtYTE5Mi0yMGVlNDMwOTA5NzQiLCJvcmdhbml6YXRpb25faWQiOiJjNzVlY2IwNy1jODRhLTRkZDUtOTMyYy01MzlkZmFmYzY4NjQifQ.y6LPW1jlTwc9jFcvCwKJoKfleL_vHnGUr5tRVdMFUCnHvDspSPZ3DWK85tf1znCCBFQ6MYaFOl-1FLb0KcFxqQ'
const PRODUCTION_EXP = 1748876837
const PRODUCTION_ORGANIZATION = 'c75ecb07-c84a-4dd5-932c-539dfafc6864'

/** Rejects with a SessionTokenError of `code` whose message matches. */
async function expectRefusal(promise: Promise<unknown>, code: string, message?: RegExp): Promise<void> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  )
  expect(error).toBeInstanceOf(SessionTokenError)
  expect((error as SessionTokenError).code).toBe(code)
  if (message !== undefined) expect((error as SessionTokenError).message).toMatch(message)
}

/** Signed in with this app's tenant, verified against the mock's key at the mock's time. */
async function ourSession() {
  const { proxy, clock } = setupTwoTenants()
  const signedIn = await signIn(proxy, 'ada@example.com')
  const options: VerifySessionOptions = {
    organizations: [signedIn.organizationId],
    notarizerPublicKey: proxy.sessionNotarizerPublicKey,
    now: clock.now,
  }
  return { proxy, clock, options, ...signedIn }
}

afterEach(() => {
  vi.useRealTimers()
})

describe('verifySessionToken, against the mock', () => {
  it('answers who a valid session is', async () => {
    const { session, options, userId, organizationId, sessionKey } = await ourSession()
    const verified = await verifySessionToken(session, options)
    expect(verified).toEqual({
      userId,
      organizationId,
      publicKey: sessionKey,
      sessionType: 'SESSION_TYPE_READ_WRITE',
      expiresAt: new Date((decodeJwt(session).exp ?? 0) * 1000),
      token: session,
    })
    // The mock's default session length.
    expect(verified.expiresAt.getTime()).toBe(Math.floor(options.now!() / 1000) * 1000 + 900_000)
  })

  it('refuses an expired session, and accepts one expired less than the tolerance ago', async () => {
    const { session, options } = await ourSession()
    const exp = (decodeJwt(session).exp ?? 0) * 1000
    await expectRefusal(
      verifySessionToken(session, { ...options, now: () => exp + 30_000 }),
      'EXPIRED',
      new RegExp(`expired at ${new Date(exp).toISOString()}`),
    )
    expect((await verifySessionToken(session, { ...options, now: () => exp + 29_999 })).token).toBe(session)
    await expectRefusal(
      verifySessionToken(session, { ...options, now: () => exp, clockToleranceSeconds: 0 }),
      'EXPIRED',
    )
    expect(
      (await verifySessionToken(session, { ...options, now: () => exp - 1, clockToleranceSeconds: 0 })).token,
    ).toBe(session)
    await expectRefusal(
      verifySessionToken(session, { ...options, now: () => exp + 300_000, clockToleranceSeconds: 300 }),
      'EXPIRED',
    )
  })

  it('accepts a session on a server whose clock is behind the proxy: nothing but exp is a time', async () => {
    const { session, options, clock } = await ourSession()
    // Ten minutes behind the clock that issued it: production's sessions have no iat or nbf to refuse.
    const behind = clock.now() - 600_000
    expect((await verifySessionToken(session, { ...options, now: () => behind })).token).toBe(session)
  })

  it('refuses a session whose claims were edited (its signature kept)', async () => {
    const { session, options, organizationId } = await ourSession()
    const later = withClaims(session, { exp: (decodeJwt(session).exp ?? 0) + 86_400 })
    await expectRefusal(verifySessionToken(later, options), 'BAD_SIGNATURE', /forged, altered/)
    const otherUser = withClaims(session, { user_id: 'someone-else', organization_id: organizationId })
    await expectRefusal(verifySessionToken(otherUser, options), 'BAD_SIGNATURE')
  })

  it("refuses a session of another mock (another notarizer key), with the same claims' shape", async () => {
    const { options } = await ourSession()
    const { proxy: otherProxy } = setupTwoTenants()
    const foreign = await signIn(otherProxy, 'ada@example.com')
    await expectRefusal(
      verifySessionToken(foreign.session, { ...options, organizations: [foreign.organizationId] }),
      'BAD_SIGNATURE',
    )
  })

  it('refuses a session signed by a key of its own in the notarizer’s form, and a plain ES256 JWT', async () => {
    const { session, options } = await ourSession()
    const impostor = createNotarizer().sign(decodeJwt(session))
    await expectRefusal(verifySessionToken(impostor, options), 'BAD_SIGNATURE')
    const { privateKey } = await generateKeyPair('ES256')
    const plain = await new SignJWT(decodeJwt(session))
      .setProtectedHeader({ alg: 'ES256', typ: 'JWT' })
      .sign(privateKey)
    await expectRefusal(verifySessionToken(plain, options), 'BAD_SIGNATURE')
  })

  it('refuses an unsigned session (alg none) and other algorithms', async () => {
    const { session, options } = await ourSession()
    await expectRefusal(verifySessionToken(unsigned(session), options), 'BAD_SIGNATURE', /alg "none"/)
    const [, payload, signature] = session.split('.')
    const hs256 = `${base64url.encode(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${payload}.${signature}`
    await expectRefusal(verifySessionToken(hs256, options), 'BAD_SIGNATURE', /alg "HS256"/)
  })

  it('refuses garbage signatures: out of range, zero, too short, DER-encoded', async () => {
    const { session, options } = await ourSession()
    // r and s above the curve's order n.
    await expectRefusal(
      verifySessionToken(withSignature(session, new Uint8Array(64).fill(0xff)), options),
      'BAD_SIGNATURE',
    )
    await expectRefusal(verifySessionToken(withSignature(session, new Uint8Array(64)), options), 'BAD_SIGNATURE')
    await expectRefusal(
      verifySessionToken(withSignature(session, new Uint8Array(63).fill(1)), options),
      'BAD_SIGNATURE',
      /expected 64 bytes/,
    )
    const raw = base64url.decode(session.split('.')[2] ?? '')
    const der = new Uint8Array([0x30, 68, 0x02, 32, ...raw.subarray(0, 32), 0x02, 32, ...raw.subarray(32)])
    await expectRefusal(verifySessionToken(withSignature(session, der), options), 'BAD_SIGNATURE', /expected 64 bytes/)
  })

  it("refuses a genuine session of another app's tenant on the same proxy", async () => {
    const { proxy, options } = await ourSession()
    const theirs = await signIn(proxy, 'bob@example.com', 'other')
    await expectRefusal(
      verifySessionToken(theirs.session, options),
      'ORGANIZATION_NOT_ALLOWED',
      new RegExp(`organization ${theirs.organizationId} is not one of this app's`),
    )
  })

  it('asks an organizations function, with the session, and refuses when it says no', async () => {
    const { proxy, options, session, organizationId, userId } = await ourSession()
    const theirs = await signIn(proxy, 'bob@example.com', 'other')
    const ours = await signIn(proxy, 'cy@example.com')
    const asked: Array<[string, string]> = []
    const organizations = async (id: string, verified: { userId: string }) => {
      asked.push([id, verified.userId])
      return id === organizationId
    }
    await expectRefusal(verifySessionToken(ours.session, { ...options, organizations }), 'ORGANIZATION_NOT_ALLOWED')
    await expectRefusal(verifySessionToken(theirs.session, { ...options, organizations }), 'ORGANIZATION_NOT_ALLOWED')
    expect((await verifySessionToken(session, { ...options, organizations })).userId).toBe(userId)
    expect(asked).toEqual([
      [ours.organizationId, ours.userId],
      [theirs.organizationId, theirs.userId],
      [organizationId, userId],
    ])
    // Only `true` is a yes; what the function throws is the caller's to see.
    const truthy = (() => 'yes') as unknown as () => boolean
    await expectRefusal(verifySessionToken(session, { ...options, organizations: truthy }), 'ORGANIZATION_NOT_ALLOWED')
    const down = new Error('user table unavailable')
    await expect(
      verifySessionToken(session, {
        ...options,
        organizations: () => {
          throw down
        },
      }),
    ).rejects.toBe(down)
  })

  it('checks the signature before the organization: a forged token learns nothing of the list', async () => {
    const { proxy, options } = await ourSession()
    const theirs = await signIn(proxy, 'bob@example.com', 'other')
    const organizations = vi.fn(() => true)
    await expectRefusal(
      verifySessionToken(withClaims(theirs.session, { exp: 9_999_999_999 }), { ...options, organizations }),
      'BAD_SIGNATURE',
    )
    expect(organizations).not.toHaveBeenCalled()
  })

  it('refuses what is not a session: missing, not a JWT, claims missing or of the wrong type', async () => {
    const { options, proxy, session } = await ourSession()
    await expectRefusal(verifySessionToken('', options), 'MISSING')
    await expectRefusal(verifySessionToken(undefined as unknown as string, options), 'MISSING')
    await expectRefusal(verifySessionToken('not-a-jwt', options), 'MALFORMED', /three base64url parts/)
    await expectRefusal(verifySessionToken('a.b.c.d', options), 'MALFORMED')
    await expectRefusal(verifySessionToken(`${session} `, options), 'MALFORMED')
    await expectRefusal(verifySessionToken('e30.e30.', options), 'BAD_SIGNATURE')
    await expectRefusal(verifySessionToken('bm90IGpzb24.e30.AAAA', options), 'MALFORMED', /header/)
    // Signed by the mock's own notarizer, so that only the claims are wrong: a verification token's claims.
    const notarizer = createNotarizer()
    const signedBy = { ...options, notarizerPublicKey: notarizer.publicKey }
    const claims = decodeJwt(session)
    for (const claim of ['exp', 'public_key', 'user_id', 'organization_id', 'session_type']) {
      const { [claim]: _, ...rest } = claims
      await expectRefusal(
        verifySessionToken(notarizer.sign(rest), signedBy),
        'MALFORMED',
        new RegExp(`claim "${claim}"`),
      )
    }
    await expectRefusal(
      verifySessionToken(notarizer.sign({ ...claims, exp: String(claims.exp) }), signedBy),
      'MALFORMED',
    )
    await expectRefusal(verifySessionToken(notarizer.sign({ ...claims, user_id: 7 }), signedBy), 'MALFORMED')
    expect((await verifySessionToken(notarizer.sign(claims), signedBy)).token).toBeTypeOf('string')
    expect(proxy.sessionNotarizerPublicKey).not.toBe(notarizer.publicKey)
  })
})

describe('verifySessionToken, a production session', () => {
  it("verifies against production's notarizer key, the default", async () => {
    const verified = await verifySessionToken(PRODUCTION_SESSION, {
      organizations: [PRODUCTION_ORGANIZATION],
      now: () => PRODUCTION_EXP * 1000 - 60_000,
    })
    expect(verified).toEqual({
      userId: '6912b819-f4df-40f4-a192-20ee43090974',
      organizationId: PRODUCTION_ORGANIZATION,
      publicKey: '0399fe2ace6208af0adf848f44bc48210b594b7e69ecd91ec968fd75b3bb448336',
      sessionType: 'SESSION_TYPE_READ_WRITE',
      expiresAt: new Date(PRODUCTION_EXP * 1000),
      token: PRODUCTION_SESSION,
    })
  })

  it('is refused as expired today, as of another app, and against the mock’s key', async () => {
    await expectRefusal(verifySessionToken(PRODUCTION_SESSION, { organizations: [PRODUCTION_ORGANIZATION] }), 'EXPIRED')
    const before = { now: () => PRODUCTION_EXP * 1000 - 60_000 }
    await expectRefusal(
      verifySessionToken(PRODUCTION_SESSION, { ...before, organizations: ['our-organization'] }),
      'ORGANIZATION_NOT_ALLOWED',
    )
    await expectRefusal(
      verifySessionToken(PRODUCTION_SESSION, {
        ...before,
        organizations: [PRODUCTION_ORGANIZATION],
        notarizerPublicKey: createMockAuthProxy({ strictFields: true }).sessionNotarizerPublicKey,
      }),
      'BAD_SIGNATURE',
    )
  })

  it("refuses the mock's sessions against production's key: a mock left configured in production fails closed", async () => {
    const { session, organizationId, clock } = await ourSession()
    await expectRefusal(
      verifySessionToken(session, { organizations: [organizationId], now: clock.now }),
      'BAD_SIGNATURE',
    )
  })

  it("names production's key as @turnkey/crypto does, and the mock's kid as the mock does", () => {
    expect(PRODUCTION_NOTARIZER_PUBLIC_KEY).toBe(PRODUCTION_NOTARIZER_SIGN_PUBLIC_KEY)
    expect(SESSION_NOTARIZER_KID).toBe(MOCK_KID)
  })
})

describe('verifySessionToken, keys from a JWKS (the mock’s /.well-known/jwks.json)', () => {
  it('fetches the session key once and verifies with it', async () => {
    const { proxy, options, session, userId } = await ourSession()
    const fetch = vi.fn((input: RequestInfo | URL, init?: RequestInit) => proxy.fetch(input, init))
    const { notarizerPublicKey: _, ...rest } = options
    const fromJwks = { ...rest, jwksUrl: 'http://mock.test/.well-known/jwks.json', fetch }
    expect((await verifySessionToken(session, fromJwks)).userId).toBe(userId)
    expect((await verifySessionToken(session, fromJwks)).userId).toBe(userId)
    expect(fetch).toHaveBeenCalledTimes(1)
    await expectRefusal(verifySessionToken(withClaims(session, { user_id: 'x' }), fromJwks), 'BAD_SIGNATURE')
  })

  it("takes a restarted issuer's new key once the fetch cooldown is over, not before", async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    const first = await ourSession()
    const second = await ourSession()
    let issuer = first.proxy
    const fetch = vi.fn((input: RequestInfo | URL, init?: RequestInit) => issuer.fetch(input, init))
    const options = (signedIn: typeof first): VerifySessionOptions => ({
      organizations: [signedIn.organizationId],
      now: signedIn.clock.now,
      jwksUrl: 'http://mock.test/.well-known/jwks.json',
      fetch,
    })
    expect((await verifySessionToken(first.session, options(first))).userId).toBe(first.userId)
    issuer = second.proxy
    await expectRefusal(verifySessionToken(second.session, options(second)), 'BAD_SIGNATURE')
    expect(fetch).toHaveBeenCalledTimes(1)
    vi.setSystemTime(Date.now() + 30_001)
    expect((await verifySessionToken(second.session, options(second))).userId).toBe(second.userId)
    expect(fetch).toHaveBeenCalledTimes(2)
  })

  it('says KEYS_UNAVAILABLE when the JWKS cannot be fetched or has no session key', async () => {
    const { proxy, options, session } = await ourSession()
    const { notarizerPublicKey: _, ...rest } = options
    const offline = () => Promise.reject(new TypeError('fetch failed'))
    await expectRefusal(
      verifySessionToken(session, { ...rest, jwksUrl: 'http://mock.test/.well-known/jwks.json', fetch: offline }),
      'KEYS_UNAVAILABLE',
      /could not be read/,
    )
    // Google's keys (the mock's provider JWKS): no session key in it.
    await expectRefusal(
      verifySessionToken(session, {
        ...rest,
        jwksUrl: 'http://mock.test/__mock/oauth/google/jwks.json',
        fetch: (input, init) => proxy.fetch(input, init),
      }),
      'KEYS_UNAVAILABLE',
      /holds no P-256 key with kid "session-notarizer"/,
    )
  })
})

describe('verifySessionToken, misuse', () => {
  it('requires the organizations, and says why', async () => {
    const { session } = await ourSession()
    await expect(verifySessionToken(session, {} as VerifySessionOptions)).rejects.toThrow(
      /organizations: required.*the proxy's key signs every app's sessions/,
    )
    await expect(verifySessionToken(session, { organizations: [] })).rejects.toThrow(
      /organizations: an empty list refuses every session/,
    )
    await expect(verifySessionToken(session, { organizations: [''] })).rejects.toThrow(TypeError)
    await expect(verifySessionToken(session, undefined as unknown as VerifySessionOptions)).rejects.toThrow(
      /options: required/,
    )
  })

  it('refuses a bad key, two key sources, a bad tolerance, or a relative JWKS URL', async () => {
    const { session, options } = await ourSession()
    await expect(
      verifySessionToken(session, { ...options, notarizerPublicKey: '02' + 'ab'.repeat(32) }),
    ).rejects.toThrow(/notarizerPublicKey: expected an uncompressed P-256 public key/)
    await expect(
      verifySessionToken(session, { ...options, jwksUrl: 'http://mock.test/.well-known/jwks.json' }),
    ).rejects.toThrow(/give one key source, not both/)
    await expect(verifySessionToken(session, { ...options, clockToleranceSeconds: -1 })).rejects.toThrow(
      /clockToleranceSeconds: expected a number of seconds >= 0/,
    )
    const { notarizerPublicKey: _, ...rest } = options
    await expect(verifySessionToken(session, { ...rest, jwksUrl: '/.well-known/jwks.json' })).rejects.toThrow(
      /jwksUrl: expected an absolute URL/,
    )
  })
})
