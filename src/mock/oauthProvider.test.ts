import { createLocalJWKSet, decodeJwt, jwtVerify, type JSONWebKeySet } from 'jose'
import { describe, expect, it } from 'vitest'
import type { MockOAuthProvider } from './oauthProviders'
import { setup, snapshot } from './testing/harness'
import {
  EVERY_PROVIDER_TENANT,
  REDIRECT_URI,
  answerOf,
  authorizeQuery,
  consentForms,
  createPkce,
  nonceFor,
  openAuthorize,
  postConsent,
  problemOf,
  subOf,
} from './testing/oauth'

const NONCE = nonceFor(`02${'ab'.repeat(32)}`)

function query(overrides: Record<string, string> = {}, provider: MockOAuthProvider = 'google') {
  return authorizeQuery(provider, createPkce(), NONCE, overrides)
}

/** What the consent forms carry: the parameters the provider reads (Google ignores `prompt`). */
function carried(parameters: Record<string, string>): Record<string, string> {
  const { prompt: _ignored, ...rest } = parameters
  return rest
}

const EVERY = { tenants: [EVERY_PROVIDER_TENANT] }

describe('the authorize page', () => {
  it('lists a "Continue as" form per identity of the provider and a Cancel form, carrying every parameter', async () => {
    const { proxy } = setup()
    const parameters = query()
    const page = await openAuthorize(proxy, 'google', parameters)
    expect(page.status).toBe(200)
    expect(page.headers.get('Content-Type')).toBe('text/html; charset=utf-8')
    expect(page.html).toContain('<h1>Sign in with Google</h1>')
    const forms = consentForms(page.html)
    expect(forms.map((form) => form.label)).toEqual(['Continue as Ada Lovelace', 'Continue as Grace Hopper', 'Cancel'])
    for (const form of forms) expect(form.action).toBe('/__mock/oauth/google/consent')
    expect(forms[0]?.fields).toEqual({ ...carried(parameters), identity: subOf(proxy, 'google', 'Ada Lovelace') })
    expect(forms[2]?.fields).toEqual({ ...carried(parameters), cancel: '1' })
    expect(page.html).toContain('ada@example.com')
  })

  it('works under a strict CSP: its own CSP, no script, no inline style, the CSS linked from this origin', async () => {
    const { proxy } = setup()
    const page = await openAuthorize(proxy, 'google', query())
    expect(page.headers.get('Content-Security-Policy')).toBe(
      "default-src 'none'; style-src 'self'; base-uri 'none'; frame-ancestors 'none'",
    )
    expect(page.headers.get('Cache-Control')).toBe('no-store')
    expect(page.html).not.toMatch(/<script|<style|\sstyle=|\son[a-z]+=/i)
    expect(page.html).toContain('<link rel="stylesheet" href="/__mock/oauth/consent.css">')
    const css = await proxy.handle(new Request('http://mock.test/__mock/oauth/consent.css'))
    expect(css.status).toBe(200)
    expect(css.headers.get('Content-Type')).toBe('text/css; charset=utf-8')
    expect(await css.text()).toContain('button')
  })

  it('names its forms and stylesheet under basePath', async () => {
    const { proxy } = setup({ basePath: '/auth-proxy' })
    const response = await proxy.handle(
      new Request(
        `http://mock.test/auth-proxy/__mock/oauth/apple/authorize?${new URLSearchParams(query({}, 'apple'))}`,
      ),
    )
    const html = await response.text()
    expect(response.status).toBe(200)
    expect(html).toContain('href="/auth-proxy/__mock/oauth/consent.css"')
    expect(consentForms(html)[0]?.action).toBe('/auth-proxy/__mock/oauth/apple/consent')
  })

  it('lists the identities added later, and escapes what it echoes', async () => {
    const { proxy } = setup()
    proxy.addOAuthIdentity({ provider: 'google', name: '<b>Bobby</b> "Tables"', sub: 'x-"1"' })
    const page = await openAuthorize(proxy, 'google', query({ state: '"><script>alert(1)</script>' }))
    expect(page.html).not.toContain('<script>')
    expect(page.html).not.toContain('<b>')
    const forms = consentForms(page.html)
    expect(forms.map((form) => form.label)).toContain('Continue as <b>Bobby</b> "Tables"')
    expect(forms[0]?.fields['state']).toBe('"><script>alert(1)</script>')
    expect(forms.find((form) => form.label.includes('Bobby'))?.fields['identity']).toBe('x-"1"')
  })

  it.each<[string, MockOAuthProvider, Record<string, string>, string | RegExp]>([
    ['no client_id', 'google', { client_id: '' }, 'client_id: missing'],
    ['no state', 'google', { state: '' }, 'state: missing'],
    ['no nonce at Google', 'google', { nonce: '' }, 'nonce: missing'],
    ['no scope at Google', 'google', { scope: '' }, 'scope: missing'],
    [
      'response_type code at Google',
      'google',
      { response_type: 'code' },
      'response_type: expected "id_token" for google (its id_token in the fragment), got "code"',
    ],
    [
      'response_type token',
      'google',
      { response_type: 'token' },
      'response_type: expected "id_token" for google (its id_token in the fragment), got "token"',
    ],
    [
      'a Google scope without openid',
      'google',
      { scope: 'email profile' },
      'scope: google needs "openid", got "email profile"',
    ],
    [
      'a scope Google does not know',
      'google',
      { scope: 'openid drive' },
      'scope: "drive" is not a google scope (known: openid, email, profile)',
    ],
    [
      'an id_token asked for in the query',
      'google',
      { response_mode: 'query' },
      'response_mode: expected "fragment" for google, got "query"; an id_token never travels in the query',
    ],
    ['Apple without response_mode', 'apple', { response_mode: '' }, 'response_mode: missing'],
    [
      'Apple by form_post',
      'apple',
      { response_mode: 'form_post' },
      'response_mode: expected "fragment" for apple, got "form_post"; the mock answers no form_post',
    ],
    [
      'Apple with response_type id_token',
      'apple',
      { response_type: 'id_token' },
      'response_type: expected "code id_token" for apple (its id_token in the fragment), got "id_token"',
    ],
    ['Apple without a nonce', 'apple', { nonce: '' }, 'nonce: missing'],
    [
      'Apple asked for the email scope',
      'apple',
      { scope: 'openid email' },
      'scope: "email" needs response_mode=form_post at Apple, and the kit reads the fragment; send no scope (as production does) or "openid"',
    ],
    [
      'Apple asked for the name scope',
      'apple',
      { scope: 'name' },
      /^scope: "name" needs response_mode=form_post at Apple/,
    ],
    [
      'Facebook with response_type id_token',
      'facebook',
      { response_type: 'id_token' },
      'response_type: expected "code" for facebook (the authorization code flow with PKCE), got "id_token"',
    ],
    ['Facebook without a nonce', 'facebook', { nonce: '' }, 'nonce: missing'],
    ['Facebook without PKCE', 'facebook', { code_challenge: '' }, 'code_challenge: missing'],
    ['Facebook without openid', 'facebook', { scope: 'email' }, 'scope: facebook needs "openid", got "email"'],
    [
      'the plain method',
      'x',
      { code_challenge_method: 'plain' },
      'code_challenge_method: expected "S256", got "plain"',
    ],
    ['no code_challenge_method', 'x', { code_challenge_method: '' }, 'code_challenge_method: missing'],
    [
      'a short challenge',
      'discord',
      { code_challenge: 'abc' },
      'code_challenge: expected base64url(sha256(code_verifier)), 43 characters of A-Z a-z 0-9 - _, got 3 characters',
    ],
    ['X without tweet.read', 'x', { scope: 'users.read' }, 'scope: x needs "tweet.read", got "users.read"'],
    ['X with no scope', 'x', { scope: '' }, 'scope: missing'],
    ['Discord without identify', 'discord', { scope: 'email' }, 'scope: discord needs "identify", got "email"'],
    [
      'Discord answering in the fragment',
      'discord',
      { response_mode: 'fragment' },
      'response_mode: expected "query" for discord, got "fragment"',
    ],
    [
      'a relative redirect_uri',
      'google',
      { redirect_uri: '/callback' },
      'redirect_uri: expected an absolute http(s) URL without a fragment, got "/callback"',
    ],
    [
      'a javascript: redirect_uri',
      'google',
      { redirect_uri: 'javascript:alert(1)' },
      /^redirect_uri: expected an absolute http\(s\) URL/,
    ],
    [
      'a redirect_uri with a fragment',
      'google',
      { redirect_uri: 'http://app.test/cb#frag' },
      /^redirect_uri: expected an absolute http\(s\) URL/,
    ],
    [
      'an unknown client id',
      'google',
      { client_id: 'someone-else' },
      'client_id: "someone-else" is not a google client id of any tenant of this proxy',
    ],
    [
      "another provider's client id",
      'google',
      { client_id: 'demo-apple-client' },
      'client_id: "demo-apple-client" is not a google client id of any tenant of this proxy',
    ],
    ['an overlong state', 'google', { state: 's'.repeat(2049) }, 'state: longer than 2048 characters'],
  ])('refuses %s with a 400 page naming the problem, issuing nothing', async (_name, provider, overrides, problem) => {
    const { proxy } = setup(EVERY)
    const before = snapshot(proxy)
    const page = await openAuthorize(proxy, provider, query(overrides, provider))
    expect(page.status).toBe(400)
    expect(page.headers.get('Location')).toBeNull()
    expect(page.html).toContain('<h1>Sign-in request refused</h1>')
    if (typeof problem === 'string') expect(problemOf(page.html)).toBe(problem)
    else expect(problemOf(page.html)).toMatch(problem)
    expect(consentForms(page.html)).toEqual([])
    expect(snapshot(proxy)).toBe(before)
  })

  it.each<[string, MockOAuthProvider, Record<string, string>, Record<string, string>]>([
    ["Apple's response_type in the other order", 'apple', { response_type: 'id_token code' }, {}],
    ['Apple with the scope openid', 'apple', { scope: 'openid' }, {}],
    ['Apple with an empty scope, as production sends none', 'apple', { scope: '' }, {}],
    ['a nonce sent to X, ignored and not carried', 'x', { nonce: 'n'.repeat(64) }, { nonce: 'n'.repeat(64) }],
    [
      'PKCE sent to Google, ignored and not carried',
      'google',
      { code_challenge: createPkce().challenge, code_challenge_method: 'S256' },
      { code_challenge: '', code_challenge_method: '' },
    ],
    ['Google asked for the fragment explicitly', 'google', { response_mode: 'fragment' }, {}],
  ])('accepts %s', async (_name, provider, overrides, notCarried) => {
    const { proxy } = setup(EVERY)
    const parameters = query(overrides, provider)
    const page = await openAuthorize(proxy, provider, parameters)
    expect(page.status).toBe(200)
    const fields = consentForms(page.html)[0]?.fields ?? {}
    for (const name of Object.keys(notCarried)) expect(fields).not.toHaveProperty(name)
    expect(fields['state']).toBe('state-123')
  })

  it('refuses a parameter given twice', async () => {
    const { proxy } = setup()
    const search = `${new URLSearchParams(query())}&state=second`
    const page = await openAuthorize(proxy, 'google', search)
    expect(page.status).toBe(400)
    expect(problemOf(page.html)).toBe('state: given 2 times; send it once')
  })

  it('refuses an unknown provider with a 400 page', async () => {
    const { proxy } = setup()
    const page = await openAuthorize(proxy, 'github', query())
    expect(page.status).toBe(400)
    expect(problemOf(page.html)).toBe(
      'provider: unknown provider "github" (known: google, apple, x, discord, facebook)',
    )
  })

  it('offers X its identity without email when a tenant enables X', async () => {
    const { proxy } = setup(EVERY)
    const page = await openAuthorize(proxy, 'x', query({}, 'x'))
    expect(page.status).toBe(200)
    expect(consentForms(page.html).map((form) => form.label)).toEqual([
      'Continue as Ada Lovelace',
      'Continue as Grace Hopper',
      'Continue as Alan Turing',
      'Cancel',
    ])
  })

  it('refuses a provider no tenant with the client id enables (X is off for the demo tenant)', async () => {
    const { proxy } = setup()
    const page = await openAuthorize(proxy, 'x', query({}, 'x'))
    expect(page.status).toBe(400)
    expect(problemOf(page.html)).toBe('client_id: x sign-in is not enabled for config id "demo"')
  })

  it('holds a tenant to its oauthRedirectUrl, or else to its allowed origins', async () => {
    const { proxy } = setup({
      tenants: [
        {
          configId: 'fixed',
          organizationId: 'o1',
          enabledProviders: ['google'],
          oauthClientIds: { google: 'c1' },
          oauthRedirectUrl: 'https://app.test/cb',
        },
        {
          configId: 'origins',
          organizationId: 'o2',
          enabledProviders: ['google'],
          oauthClientIds: { google: 'c2' },
          allowedOrigins: ['https://app.test'],
        },
      ],
    })
    const fixed = await openAuthorize(
      proxy,
      'google',
      query({ client_id: 'c1', redirect_uri: 'https://app.test/other' }),
    )
    expect(fixed.status).toBe(400)
    expect(problemOf(fixed.html)).toBe(
      'redirect_uri: expected https://app.test/cb (the oauthRedirectUrl of config id "fixed"), got https://app.test/other',
    )
    expect(
      (await openAuthorize(proxy, 'google', query({ client_id: 'c1', redirect_uri: 'https://app.test/cb' }))).status,
    ).toBe(200)
    const origin = await openAuthorize(
      proxy,
      'google',
      query({ client_id: 'c2', redirect_uri: 'https://evil.test/cb' }),
    )
    expect(origin.status).toBe(400)
    expect(problemOf(origin.html)).toBe('redirect_uri: origin https://evil.test is not allowed for config id "origins"')
    expect(
      (await openAuthorize(proxy, 'google', query({ client_id: 'c2', redirect_uri: 'https://app.test/any' }))).status,
    ).toBe(200)
  })

  it('answers other methods with 405 and names the right one', async () => {
    const { proxy } = setup()
    const post = await proxy.handle(new Request('http://mock.test/__mock/oauth/google/authorize', { method: 'POST' }))
    expect(post.status).toBe(405)
    expect(post.headers.get('Allow')).toBe('GET')
    const get = await proxy.handle(new Request('http://mock.test/__mock/oauth/google/consent'))
    expect(get.status).toBe(405)
    expect(get.headers.get('Allow')).toBe('POST')
  })
})

/** The provider's published keys, read through the handler as a client would. */
async function publishedKeys(proxy: { handle(request: Request): Promise<Response> }, provider: string) {
  const response = await proxy.handle(new Request(`http://mock.test/__mock/oauth/${provider}/jwks.json`))
  return createLocalJWKSet((await response.json()) as JSONWebKeySet)
}

describe('the consent endpoint', () => {
  it("answers Google's id_token in the fragment (state, id_token, then Google's authuser and prompt), signed by Google's key", async () => {
    const { proxy, clock } = setup()
    const parameters = query({ redirect_uri: `${REDIRECT_URI}?from=mock` })
    const sub = subOf(proxy, 'google', 'Grace Hopper')
    const before = snapshot(proxy)
    const response = await postConsent(proxy, 'google', { ...parameters, identity: sub })
    expect(response.status).toBe(303)
    expect(response.headers.get('Cache-Control')).toBe('no-store')
    const { location, params, place } = answerOf(response)
    expect(place).toBe('fragment')
    expect(`${location.origin}${location.pathname}${location.search}`).toBe(`${REDIRECT_URI}?from=mock`)
    expect([...params.keys()]).toEqual(['state', 'id_token', 'authuser', 'prompt'])
    expect(params.get('state')).toBe('state-123')
    const { payload, protectedHeader } = await jwtVerify(
      params.get('id_token') ?? '',
      await publishedKeys(proxy, 'google'),
      {
        currentDate: new Date(clock.now()),
      },
    )
    expect(protectedHeader.alg).toBe('RS256')
    const now = Math.floor(clock.now() / 1000)
    expect(payload).toEqual({
      iss: 'https://accounts.google.com',
      sub,
      aud: 'demo-google-client',
      iat: now,
      exp: now + 600,
      nonce: NONCE,
      email: 'grace@example.com',
      email_verified: true,
      jti: expect.any(String),
    })
    // No code to redeem; the token is recorded (for oauth_login's replay check) without a tenant.
    expect(proxy.state.oauthCodes).toEqual(JSON.parse(before).oauthCodes)
    expect(proxy.state.oidcTokens[String(payload.jti)]).toEqual({
      tokenId: payload.jti,
      provider: 'google',
      issuer: 'https://accounts.google.com',
      subject: sub,
      clientId: 'demo-google-client',
      issuedAt: new Date(clock.now()).toISOString(),
      expiresAt: new Date((now + 600) * 1000).toISOString(),
    })
  })

  it("answers Apple's code and id_token in the fragment, in Apple's order (state, code, id_token), signed by Apple's key", async () => {
    const { proxy, clock } = setup()
    const response = await postConsent(proxy, 'apple', {
      ...query({}, 'apple'),
      identity: subOf(proxy, 'apple', 'Ada Lovelace'),
    })
    const { location, params, place } = answerOf(response)
    expect(place).toBe('fragment')
    expect(location.hash).toMatch(/^#state=state-123&code=[A-Za-z0-9_-]{43}&id_token=[\w-]+\.[\w-]+\.[\w-]+$/)
    const { payload } = await jwtVerify(params.get('id_token') ?? '', await publishedKeys(proxy, 'apple'), {
      currentDate: new Date(clock.now()),
    })
    expect(payload).toMatchObject({ iss: 'https://appleid.apple.com', aud: 'demo-apple-client', nonce: NONCE })
    // Apple's code would redeem at Apple's token endpoint, which production never calls.
    expect(proxy.state.oauthCodes).toEqual({})
  })

  it.each<[MockOAuthProvider, boolean]>([
    ['facebook', true],
    ['x', false],
    ['discord', false],
  ])(
    "answers %s with a single-use code bound to the request, in the query after the app's own parameters",
    async (provider, keepsNonce) => {
      const { proxy, clock } = setup(EVERY)
      const parameters = query({ redirect_uri: `${REDIRECT_URI}?from=mock` }, provider)
      const sub = subOf(proxy, provider, 'Grace Hopper')
      const response = await postConsent(proxy, provider, { ...parameters, identity: sub })
      const { location, place } = answerOf(response)
      expect(place).toBe('query')
      expect(location.hash).toBe('')
      expect([...location.searchParams.keys()]).toEqual(['from', 'code', 'state'])
      expect(location.searchParams.get('state')).toBe('state-123')
      const code = location.searchParams.get('code') ?? ''
      expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/)
      expect(proxy.state.oauthCodes[code]).toEqual({
        code,
        provider,
        clientId: `demo-${provider}-client`,
        redirectUri: `${REDIRECT_URI}?from=mock`,
        codeChallenge: parameters['code_challenge'],
        ...(keepsNonce ? { nonce: NONCE } : {}),
        scope: parameters['scope'],
        sub,
        issuedAt: new Date(clock.now()).toISOString(),
        expiresAt: new Date(clock.now() + 60_000).toISOString(),
      })
      expect(proxy.state.oidcTokens).toEqual({})
    },
  )

  it('issues a new code, or a new id_token, each time', async () => {
    const { proxy } = setup(EVERY)
    const x = { ...query({}, 'x'), identity: subOf(proxy, 'x', 'Ada Lovelace') }
    const first = (await postConsent(proxy, 'x', x)).headers.get('Location')
    const second = (await postConsent(proxy, 'x', x)).headers.get('Location')
    expect(first).not.toBe(second)
    expect(Object.keys(proxy.state.oauthCodes)).toHaveLength(2)
    const google = { ...query(), identity: subOf(proxy, 'google', 'Ada Lovelace') }
    const tokens = [
      answerOf(await postConsent(proxy, 'google', google)),
      answerOf(await postConsent(proxy, 'google', google)),
    ]
    expect(decodeJwt(tokens[0]?.params.get('id_token') ?? '').jti).not.toBe(
      decodeJwt(tokens[1]?.params.get('id_token') ?? '').jti,
    )
  })

  it.each<[MockOAuthProvider, 'fragment' | 'query']>([
    ['google', 'fragment'],
    ['apple', 'fragment'],
    ['facebook', 'query'],
    ['x', 'query'],
    ['discord', 'query'],
  ])(
    'answers Cancel at %s with error=access_denied and the state in the %s, issuing nothing',
    async (provider, expected) => {
      const { proxy } = setup(EVERY)
      const before = snapshot(proxy)
      const response = await postConsent(proxy, provider, { ...query({}, provider), cancel: '1' })
      expect(response.status).toBe(303)
      const { location, params, place } = answerOf(response)
      expect(place).toBe(expected)
      if (expected === 'fragment') expect(location.search).toBe('')
      expect(Object.fromEntries(params)).toEqual({ error: 'access_denied', state: 'state-123' })
      expect(snapshot(proxy)).toBe(before)
    },
  )

  it.each([
    ['no choice', {}, 'identity: expected exactly one of identity (the chosen sub) or cancel'],
    [
      'both identity and cancel',
      { identity: 'x', cancel: '1' },
      'identity: expected exactly one of identity (the chosen sub) or cancel',
    ],
    ['an unknown identity', { identity: 'nobody' }, 'identity: google has no identity with sub "nobody"'],
    ['an identity of another provider', { identity: 'APPLE' }, /^identity: google has no identity with sub "mock-/],
    [
      'a tampered redirect_uri',
      { identity: 'ADA', redirect_uri: 'https://evil.test/cb' },
      'redirect_uri: origin https://evil.test is not allowed for config id "demo"',
    ],
    [
      'a tampered client_id',
      { identity: 'ADA', client_id: 'evil' },
      'client_id: "evil" is not a google client id of any tenant of this proxy',
    ],
    ['a dropped nonce', { identity: 'ADA', nonce: '' }, 'nonce: missing'],
  ])('refuses %s with a 400 page, redirecting nowhere and issuing nothing', async (_name, overrides, problem) => {
    const { proxy } = setup({
      tenants: [
        {
          configId: 'demo',
          organizationId: 'o',
          enabledProviders: ['google'],
          oauthClientIds: { google: 'demo-google-client' },
          allowedOrigins: ['http://app.test'],
        },
      ],
    })
    const form: Record<string, string> = { ...query(), ...overrides }
    if (form['identity'] === 'ADA') form['identity'] = subOf(proxy, 'google', 'Ada Lovelace')
    if (form['identity'] === 'APPLE') form['identity'] = subOf(proxy, 'apple', 'Ada Lovelace')
    if (form['nonce'] === '') delete form['nonce']
    const before = snapshot(proxy)
    const response = await postConsent(proxy, 'google', form)
    expect(response.status).toBe(400)
    expect(response.headers.get('Location')).toBeNull()
    const html = await response.text()
    if (typeof problem === 'string') expect(problemOf(html)).toBe(problem)
    else expect(problemOf(html)).toMatch(problem)
    expect(snapshot(proxy)).toBe(before)
  })

  it('refuses a consent whose PKCE challenge was dropped, issuing no code', async () => {
    const { proxy } = setup(EVERY)
    const { code_challenge: _dropped, ...form } = query({}, 'facebook')
    const before = snapshot(proxy)
    const response = await postConsent(proxy, 'facebook', {
      ...form,
      identity: subOf(proxy, 'facebook', 'Ada Lovelace'),
    })
    expect(response.status).toBe(400)
    expect(problemOf(await response.text())).toBe('code_challenge: missing')
    expect(snapshot(proxy)).toBe(before)
  })

  it('refuses a body that is not a form', async () => {
    const { proxy } = setup()
    const before = snapshot(proxy)
    const response = await proxy.handle(
      new Request('http://mock.test/__mock/oauth/google/consent', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ ...query(), identity: subOf(proxy, 'google', 'Ada Lovelace') }),
      }),
    )
    expect(response.status).toBe(400)
    expect(problemOf(await response.text())).toBe(
      'request body: expected a form (application/x-www-form-urlencoded), got application/json',
    )
    expect(snapshot(proxy)).toBe(before)
  })
})

describe('the authorize page text', () => {
  it.each<[MockOAuthProvider, string]>([
    ['google', 'an id_token for it in the URL fragment'],
    ['apple', 'a code and an id_token for it in the URL fragment'],
    ['facebook', "a code to redeem at this mock's Facebook token endpoint for an id_token"],
    ['x', 'a code for the proxy to exchange (oauth2_authenticate) for an OIDC token'],
  ])('says what %s sends the app back', async (provider, answer) => {
    const { proxy } = setup(EVERY)
    const page = await openAuthorize(proxy, provider, query({}, provider))
    expect(page.html.replace(/\s+/g, ' ')).toContain(`receives ${answer}.`)
  })
})
