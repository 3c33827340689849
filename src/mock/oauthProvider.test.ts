import { describe, expect, it } from 'vitest'
import { setup, snapshot } from './testing/harness'
import {
  REDIRECT_URI,
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

function query(overrides: Record<string, string> = {}, provider: 'google' | 'apple' | 'x' = 'google') {
  return authorizeQuery(provider, createPkce(), NONCE, overrides)
}

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
    expect(forms[0]?.fields).toEqual({ ...parameters, identity: subOf(proxy, 'google', 'Ada Lovelace') })
    expect(forms[2]?.fields).toEqual({ ...parameters, cancel: '1' })
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
      new Request(`http://mock.test/auth-proxy/__mock/oauth/apple/authorize?${new URLSearchParams(query({}, 'apple'))}`),
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

  it.each([
    ['no client_id', { client_id: '' }, 'client_id: missing'],
    ['no state', { state: '' }, 'state: missing'],
    ['no nonce', { nonce: '' }, 'nonce: missing'],
    ['no scope', { scope: '' }, 'scope: missing'],
    ['response_type token', { response_type: 'token' }, 'response_type: expected "code" (authorization code flow), got "token"'],
    ['the plain method', { code_challenge_method: 'plain' }, 'code_challenge_method: expected "S256", got "plain"'],
    [
      'a short challenge',
      { code_challenge: 'abc' },
      'code_challenge: expected base64url(sha256(code_verifier)), 43 characters of A-Z a-z 0-9 - _, got 3 characters',
    ],
    ['a relative redirect_uri', { redirect_uri: '/callback' }, 'redirect_uri: expected an absolute http(s) URL without a fragment, got "/callback"'],
    ['a javascript: redirect_uri', { redirect_uri: 'javascript:alert(1)' }, /^redirect_uri: expected an absolute http\(s\) URL/],
    ['a redirect_uri with a fragment', { redirect_uri: 'http://app.test/cb#frag' }, /^redirect_uri: expected an absolute http\(s\) URL/],
    ['an unknown client id', { client_id: 'someone-else' }, 'client_id: "someone-else" is not a google client id of any tenant of this proxy'],
    ["another provider's client id", { client_id: 'demo-apple-client' }, 'client_id: "demo-apple-client" is not a google client id of any tenant of this proxy'],
    ['an overlong state', { state: 's'.repeat(2049) }, 'state: longer than 2048 characters'],
  ])('refuses %s with a 400 page naming the problem, issuing nothing', async (_name, overrides, problem) => {
    const { proxy } = setup()
    const before = snapshot(proxy)
    const page = await openAuthorize(proxy, 'google', query(overrides))
    expect(page.status).toBe(400)
    expect(page.headers.get('Location')).toBeNull()
    expect(page.html).toContain('<h1>Sign-in request refused</h1>')
    if (typeof problem === 'string') expect(problemOf(page.html)).toBe(problem)
    else expect(problemOf(page.html)).toMatch(problem)
    expect(consentForms(page.html)).toEqual([])
    expect(snapshot(proxy)).toBe(before)
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
    expect(problemOf(page.html)).toBe('provider: unknown provider "github" (known: google, apple, x, discord, facebook)')
  })

  it('offers X its identity without email when a tenant enables X', async () => {
    const { proxy } = setup({ tenants: [{ configId: 'demo', organizationId: 'o', enabledProviders: ['x'], oauthClientIds: { x: 'demo-x-client' } }] })
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

  it("holds a tenant to its oauthRedirectUrl, or else to its allowed origins", async () => {
    const { proxy } = setup({
      tenants: [
        { configId: 'fixed', organizationId: 'o1', enabledProviders: ['google'], oauthClientIds: { google: 'c1' }, oauthRedirectUrl: 'https://app.test/cb' },
        { configId: 'origins', organizationId: 'o2', enabledProviders: ['google'], oauthClientIds: { google: 'c2' }, allowedOrigins: ['https://app.test'] },
      ],
    })
    const fixed = await openAuthorize(proxy, 'google', query({ client_id: 'c1', redirect_uri: 'https://app.test/other' }))
    expect(fixed.status).toBe(400)
    expect(problemOf(fixed.html)).toBe(
      'redirect_uri: expected https://app.test/cb (the oauthRedirectUrl of config id "fixed"), got https://app.test/other',
    )
    expect((await openAuthorize(proxy, 'google', query({ client_id: 'c1', redirect_uri: 'https://app.test/cb' }))).status).toBe(200)
    const origin = await openAuthorize(proxy, 'google', query({ client_id: 'c2', redirect_uri: 'https://evil.test/cb' }))
    expect(origin.status).toBe(400)
    expect(problemOf(origin.html)).toBe('redirect_uri: origin https://evil.test is not allowed for config id "origins"')
    expect((await openAuthorize(proxy, 'google', query({ client_id: 'c2', redirect_uri: 'https://app.test/any' }))).status).toBe(200)
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

describe('the consent endpoint', () => {
  it('issues a single-use code bound to the request and sends the browser back with code and state (303)', async () => {
    const { proxy, clock } = setup()
    const parameters = query({ redirect_uri: `${REDIRECT_URI}?from=mock` })
    const sub = subOf(proxy, 'google', 'Grace Hopper')
    const response = await postConsent(proxy, 'google', { ...parameters, identity: sub })
    expect(response.status).toBe(303)
    expect(response.headers.get('Cache-Control')).toBe('no-store')
    const location = new URL(response.headers.get('Location') ?? '')
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT_URI)
    expect(location.searchParams.get('from')).toBe('mock')
    expect(location.searchParams.get('state')).toBe('state-123')
    const code = location.searchParams.get('code') ?? ''
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(proxy.state.oauthCodes[code]).toEqual({
      code,
      provider: 'google',
      clientId: 'demo-google-client',
      redirectUri: `${REDIRECT_URI}?from=mock`,
      codeChallenge: parameters['code_challenge'],
      nonce: NONCE,
      scope: 'openid email',
      sub,
      issuedAt: new Date(clock.now()).toISOString(),
      expiresAt: new Date(clock.now() + 60_000).toISOString(),
    })
  })

  it('issues a new code each time', async () => {
    const { proxy } = setup()
    const form = { ...query(), identity: subOf(proxy, 'google', 'Ada Lovelace') }
    const first = (await postConsent(proxy, 'google', form)).headers.get('Location')
    const second = (await postConsent(proxy, 'google', form)).headers.get('Location')
    expect(first).not.toBe(second)
    expect(Object.keys(proxy.state.oauthCodes)).toHaveLength(2)
  })

  it('answers Cancel with error=access_denied and the state, issuing no code', async () => {
    const { proxy } = setup()
    const before = snapshot(proxy)
    const response = await postConsent(proxy, 'google', { ...query(), cancel: '1' })
    expect(response.status).toBe(303)
    const location = new URL(response.headers.get('Location') ?? '')
    expect(location.searchParams.get('error')).toBe('access_denied')
    expect(location.searchParams.get('state')).toBe('state-123')
    expect(location.searchParams.has('code')).toBe(false)
    expect(snapshot(proxy)).toBe(before)
  })

  it.each([
    ['no choice', {}, 'identity: expected exactly one of identity (the chosen sub) or cancel'],
    ['both identity and cancel', { identity: 'x', cancel: '1' }, 'identity: expected exactly one of identity (the chosen sub) or cancel'],
    ['an unknown identity', { identity: 'nobody' }, 'identity: google has no identity with sub "nobody"'],
    ['an identity of another provider', { identity: 'APPLE' }, /^identity: google has no identity with sub "mock-/],
    ['a tampered redirect_uri', { identity: 'ADA', redirect_uri: 'https://evil.test/cb' }, 'redirect_uri: origin https://evil.test is not allowed for config id "demo"'],
    ['a tampered client_id', { identity: 'ADA', client_id: 'evil' }, 'client_id: "evil" is not a google client id of any tenant of this proxy'],
    ['a dropped code_challenge', { identity: 'ADA', code_challenge: '' }, 'code_challenge: missing'],
  ])('refuses %s with a 400 page, redirecting nowhere and issuing nothing', async (_name, overrides, problem) => {
    const { proxy } = setup({ tenants: [{ configId: 'demo', organizationId: 'o', enabledProviders: ['google'], oauthClientIds: { google: 'demo-google-client' }, allowedOrigins: ['http://app.test'] }] })
    const form: Record<string, string> = { ...query(), ...overrides }
    if (form['identity'] === 'ADA') form['identity'] = subOf(proxy, 'google', 'Ada Lovelace')
    if (form['identity'] === 'APPLE') form['identity'] = subOf(proxy, 'apple', 'Ada Lovelace')
    const before = snapshot(proxy)
    const response = await postConsent(proxy, 'google', form)
    expect(response.status).toBe(400)
    expect(response.headers.get('Location')).toBeNull()
    const html = await response.text()
    if (typeof problem === 'string') expect(problemOf(html)).toBe(problem)
    else expect(problemOf(html)).toMatch(problem)
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
