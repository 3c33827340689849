import { decodeJwt } from 'jose'
import { describe, expect, it, vi } from 'vitest'
import { authenticateRequest, type RequestSessionOptions } from './authenticateRequest'
import { getSession } from './getSession'
import { requireSession } from './requireSession'
import { SessionTokenError } from './SessionTokenError'
import { withClaims } from './test/forgeries'
import { setupTwoTenants, signIn } from './test/sessionsOnMock'
import { withSession } from './withSession'

const API = 'https://app.test/api/me'

async function ourSession() {
  const { proxy, clock } = setupTwoTenants()
  const signedIn = await signIn(proxy, 'ada@example.com')
  const options: RequestSessionOptions = {
    organizations: [signedIn.organizationId],
    notarizerPublicKey: proxy.sessionNotarizerPublicKey,
    now: clock.now,
  }
  return { proxy, clock, options, ...signedIn }
}

const bearer = (token: string) => new Request(API, { headers: { Authorization: `Bearer ${token}` } })

/** The refusal's status, challenge and body. */
async function refusalOf(request: Request, options: RequestSessionOptions) {
  const result = await authenticateRequest(request, options)
  if (result.ok) throw new Error('expected a refusal')
  return {
    code: result.error.code,
    status: result.response.status,
    challenge: result.response.headers.get('WWW-Authenticate'),
    cacheControl: result.response.headers.get('Cache-Control'),
    body: (await result.response.json()) as { code: string; message: string },
  }
}

describe('authenticateRequest', () => {
  it('answers the session of an Authorization: Bearer header', async () => {
    const { session, options, userId } = await ourSession()
    const result = await authenticateRequest(bearer(session), options)
    expect(result).toMatchObject({ ok: true, session: { userId, token: session } })
    // The scheme is case-insensitive (RFC 6750).
    const lower = new Request(API, { headers: { Authorization: `bearer  ${session}` } })
    expect(await authenticateRequest(lower, options)).toMatchObject({ ok: true })
  })

  it('answers the session of the apk_session cookie, or of the cookie it is told', async () => {
    const { session, options, userId } = await ourSession()
    const cookie = new Request(API, { headers: { Cookie: `theme=dark; apk_session=${session}; other=1` } })
    expect(await authenticateRequest(cookie, options)).toMatchObject({ ok: true, session: { userId } })
    const renamed = new Request(API, { headers: { Cookie: `my_session=${encodeURIComponent(session)}` } })
    expect(await authenticateRequest(renamed, { ...options, cookieName: 'my_session' })).toMatchObject({ ok: true })
    expect((await refusalOf(cookie, { ...options, cookieName: false })).code).toBe('MISSING')
  })

  it('reads the header before the cookie: a bad header is refused, whatever the cookie holds', async () => {
    const { session, options } = await ourSession()
    const request = new Request(API, {
      headers: { Authorization: `Bearer ${withClaims(session, { user_id: 'x' })}`, Cookie: `apk_session=${session}` },
    })
    expect((await refusalOf(request, options)).code).toBe('BAD_SIGNATURE')
  })

  it('answers 401 with a bare Bearer challenge when no session came', async () => {
    const { options } = await ourSession()
    expect(await refusalOf(new Request(API), options)).toEqual({
      code: 'MISSING',
      status: 401,
      challenge: 'Bearer realm="auth-proxy-kit"',
      cacheControl: 'no-store',
      body: { code: 'MISSING', message: 'no session: send "Authorization: Bearer <session token>"' },
    })
    expect((await refusalOf(new Request(API), { ...options, realm: 'my "app"' })).challenge).toBe(
      'Bearer realm="my \\"app\\""',
    )
  })

  it('answers 401 invalid_request for an Authorization header that is not Bearer <token>', async () => {
    const { options, session } = await ourSession()
    for (const authorization of [
      'Basic dXNlcjpwYXNz',
      'Bearer',
      'Bearer ',
      `Token ${session}`,
      `Bearer ${session} extra`,
    ]) {
      const refusal = await refusalOf(new Request(API, { headers: { Authorization: authorization } }), options)
      expect(refusal).toMatchObject({ code: 'MALFORMED', status: 401 })
      expect(refusal.challenge).toBe(
        'Bearer realm="auth-proxy-kit", error="invalid_request", error_description="Authorization header: expected \\"Bearer <session token>\\""',
      )
    }
  })

  it('answers 401 invalid_token for a forged, an expired or another tenant’s session, saying which', async () => {
    const { proxy, session, options } = await ourSession()
    const forged = await refusalOf(bearer(withClaims(session, { exp: 9_999_999_999 })), options)
    expect(forged).toMatchObject({ code: 'BAD_SIGNATURE', status: 401, body: { code: 'BAD_SIGNATURE' } })
    expect(forged.challenge).toMatch(
      /^Bearer realm="auth-proxy-kit", error="invalid_token", error_description="signature/,
    )

    const exp = (decodeJwt(session).exp ?? 0) * 1000
    const expired = await refusalOf(bearer(session), { ...options, now: () => exp + 60_000 })
    expect(expired).toMatchObject({ code: 'EXPIRED', status: 401 })
    expect(expired.challenge).toMatch(/error="invalid_token", error_description="the session expired at /)

    const theirs = await signIn(proxy, 'bob@example.com', 'other')
    expect(await refusalOf(bearer(theirs.session), options)).toMatchObject({
      code: 'ORGANIZATION_NOT_ALLOWED',
      status: 401,
      body: { code: 'ORGANIZATION_NOT_ALLOWED' },
    })
  })

  it('answers 503 when the keys cannot be fetched: the server is at fault, not the caller', async () => {
    const { session, organizationId, clock } = await ourSession()
    const options: RequestSessionOptions = {
      organizations: [organizationId],
      now: clock.now,
      jwksUrl: 'http://unreachable.test/.well-known/jwks.json',
      fetch: () => Promise.reject(new TypeError('fetch failed')),
    }
    const refusal = await refusalOf(bearer(session), options)
    expect(refusal).toMatchObject({ code: 'KEYS_UNAVAILABLE', status: 503, challenge: null })
  })
})

describe('getSession', () => {
  it('answers the session, or null when there is none or it is not valid', async () => {
    const { proxy, session, options, userId } = await ourSession()
    expect((await getSession(bearer(session), options))?.userId).toBe(userId)
    expect(await getSession(new Request(API), options)).toBeNull()
    expect(await getSession(bearer(withClaims(session, { user_id: 'x' })), options)).toBeNull()
    expect(await getSession(bearer((await signIn(proxy, 'bob@example.com', 'other')).session), options)).toBeNull()
  })

  it('throws when it cannot decide', async () => {
    const { session, organizationId } = await ourSession()
    const unavailable = getSession(bearer(session), {
      organizations: [organizationId],
      jwksUrl: 'http://unreachable.test/jwks.json',
      fetch: () => Promise.reject(new TypeError('fetch failed')),
    })
    await expect(unavailable).rejects.toBeInstanceOf(SessionTokenError)
    await expect(unavailable).rejects.toMatchObject({ code: 'KEYS_UNAVAILABLE' })
    await expect(getSession(bearer(session), { organizations: [] })).rejects.toThrow(TypeError)
  })
})

describe('requireSession', () => {
  it('answers the session, or throws the refusal as a Response (React Router answers it as is)', async () => {
    const { proxy, session, options, userId } = await ourSession()
    expect((await requireSession(bearer(session), options)).userId).toBe(userId)
    const theirs = await signIn(proxy, 'bob@example.com', 'other')
    const thrown = await requireSession(bearer(theirs.session), options).then(
      () => undefined,
      (reason: unknown) => reason,
    )
    expect(thrown).toBeInstanceOf(Response)
    expect((thrown as Response).status).toBe(401)
    expect(await (thrown as Response).json()).toMatchObject({ code: 'ORGANIZATION_NOT_ALLOWED' })
    expect((thrown as Response).headers.get('WWW-Authenticate')).toMatch(
      /^Bearer realm="auth-proxy-kit", error="invalid_token"/,
    )
  })
})

describe('withSession', () => {
  it('runs the handler for a signed-in caller, with the session and the route context', async () => {
    const { session, options, userId, organizationId } = await ourSession()
    const GET = withSession(
      (request, verified, context: { params: Promise<{ id: string }> }) =>
        context.params.then(({ id }) => Response.json({ id, userId: verified.userId, org: verified.organizationId })),
      options,
    )
    const response = await GET(bearer(session), { params: Promise.resolve({ id: '7' }) })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ id: '7', userId, org: organizationId })
  })

  it('answers the refusal without running the handler', async () => {
    const { proxy, options } = await ourSession()
    const handler = vi.fn(() => new Response('secret'))
    const GET = withSession(handler, options)
    const theirs = await signIn(proxy, 'bob@example.com', 'other')
    const refused = await GET(bearer(theirs.session), undefined)
    expect(refused.status).toBe(401)
    expect(await refused.json()).toMatchObject({ code: 'ORGANIZATION_NOT_ALLOWED' })
    expect((await GET(new Request(API), undefined)).status).toBe(401)
    expect(handler).not.toHaveBeenCalled()
  })
})
