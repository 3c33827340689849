// A tenant with a Turnstile site key, as production's proxy with captcha on: wallet_kit_client_params
// answers the key, and the four calls production's client sends a token with need a fresh one each.
import { describe, expect, it } from 'vitest'
import { CAPTCHA_PROTECTED_ENDPOINTS } from './captcha'
import { EXPIRED_RECORD_GRACE_MS } from './limits'
import { resolveTenants } from './tenants'
import { createTestClientKey, signupMessage, tokenIdOf } from './testing/clientKey'
import { expectRefused } from './testing/expectRefused'
import { call, emptySignup, ok, setup, type Answer } from './testing/harness'
import type { MockAuthProxy, MockTenant } from './types'

const SHOP: MockTenant = {
  configId: 'shop',
  organizationId: 'org-shop',
  allowedOrigins: ['http://shop.test'],
  turnstileSiteKey: 'shop-site-key',
}
const BLOG: MockTenant = { configId: 'blog', organizationId: 'org-blog', turnstileSiteKey: 'blog-site-key' }
const PLAIN: MockTenant = { configId: 'plain', organizationId: 'org-plain' }

function captchaSetup() {
  return setup({ tenants: [SHOP, BLOG, PLAIN], otpRateLimits: false })
}

/** What the test widget's checkbox does: POST /__mock/turnstile/token. */
async function widgetToken(proxy: MockAuthProxy, sitekey: string, origin = 'http://shop.test'): Promise<string> {
  const { token } = await ok<{ token: string }>(turnstileToken(proxy, sitekey, origin))
  return token
}

async function turnstileToken(proxy: MockAuthProxy, sitekey: string, origin?: string): Promise<Answer> {
  const response = await proxy.handle(
    new Request('http://mock.test/__mock/turnstile/token', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(origin === undefined ? {} : { Origin: origin }) },
      body: JSON.stringify({ sitekey }),
    }),
  )
  return { status: response.status, body: await response.json(), headers: response.headers }
}

/** A body each protected endpoint takes: a code to an email, or a sign-up with an API key only. */
async function bodyFor(endpoint: string, n: number): Promise<unknown> {
  if (endpoint.startsWith('otp_init')) return { otpType: 'OTP_TYPE_EMAIL', contact: `user${n}@example.com` }
  const apiKey = await createTestClientKey()
  return {
    apiKeys: [{ apiKeyName: 'k', publicKey: apiKey.publicKey, curveType: 'API_KEY_CURVE_P256' }],
    authenticators: [],
    oauthProviders: [],
  }
}

function withToken(token: string, configId = 'shop') {
  return { configId, origin: 'http://shop.test', headers: { 'X-Captcha-Token': token } }
}

describe('turnstileSiteKey (tenant option)', () => {
  it('is off by default: the demo tenant has none', () => {
    expect(resolveTenants([{ configId: 'demo', organizationId: 'org' }])[0]?.turnstileSiteKey).toBeUndefined()
  })

  it('refuses a malformed key, and one another tenant has', () => {
    expect(() => resolveTenants([{ ...PLAIN, turnstileSiteKey: 'has space' }])).toThrow(
      /^tenants\[0\]\.turnstileSiteKey: expected a site key of 1 to 100 letters/,
    )
    expect(() => resolveTenants([{ ...PLAIN, turnstileSiteKey: '' }])).toThrow(TypeError)
    expect(() => resolveTenants([SHOP, { ...BLOG, turnstileSiteKey: 'shop-site-key' }])).toThrow(
      'tenants[1].turnstileSiteKey: "shop-site-key" is used by another tenant',
    )
  })
})

describe('wallet_kit_client_params', () => {
  it("answers the tenant's site key when it has one, {} when it has none", async () => {
    const { proxy } = captchaSetup()
    expect(await ok(call(proxy, 'wallet_kit_client_params', undefined, { configId: 'shop' }))).toEqual({
      turnstileSiteKey: 'shop-site-key',
    })
    expect(await ok(call(proxy, 'wallet_kit_client_params', undefined, { configId: 'plain' }))).toEqual({})
  })
})

describe.each([...CAPTCHA_PROTECTED_ENDPOINTS])('%s, for a tenant with a site key', (endpoint) => {
  it('refuses a call without X-Captcha-Token, naming the header and what to do', async () => {
    const { proxy } = captchaSetup()
    await expectRefused(
      proxy,
      async () => call(proxy, endpoint, await bodyFor(endpoint, 1), { configId: 'shop' }),
      3,
      `X-Captcha-Token header: missing; config id "shop" has a Turnstile site key, so ${endpoint} needs a token: render the widget with the turnstileSiteKey wallet_kit_client_params answers (the mock's test widget: GET /__mock/turnstile/v0/api.js) and send the token its callback gives`,
    )
  })

  it('refuses a token the mock did not issue', async () => {
    const { proxy } = captchaSetup()
    await expectRefused(
      proxy,
      async () => call(proxy, endpoint, await bodyFor(endpoint, 1), withToken('0.cloudflare-looking-token')),
      3,
      "X-Captcha-Token header: not a token this mock issued (it cannot check Cloudflare's); load the widget from GET /__mock/turnstile/v0/api.js and send the token its callback gives",
    )
  })

  it("refuses another tenant's token", async () => {
    const { proxy } = captchaSetup()
    const token = await widgetToken(proxy, 'blog-site-key')
    await expectRefused(
      proxy,
      async () => call(proxy, endpoint, await bodyFor(endpoint, 1), withToken(token)),
      3,
      `X-Captcha-Token header: issued for site key "blog-site-key", not config id "shop"'s ("shop-site-key"); render the widget with the turnstileSiteKey this tenant's wallet_kit_client_params answers`,
    )
  })

  it('takes a fresh token once, and refuses it the second time', async () => {
    const { proxy } = captchaSetup()
    const token = await widgetToken(proxy, 'shop-site-key')
    await ok(call(proxy, endpoint, await bodyFor(endpoint, 1), withToken(token)))
    await expectRefused(
      proxy,
      async () => call(proxy, endpoint, await bodyFor(endpoint, 2), withToken(token)),
      3,
      'X-Captcha-Token header: already used at 2030-01-01T00:00:00.000Z (a token is good for one call); reset the widget (turnstile.reset) and send the token its callback gives next',
    )
  })

  it('takes a token until 300 s after it was issued on the mock clock, then refuses it as expired', async () => {
    const { proxy, clock } = captchaSetup()
    const fresh = await widgetToken(proxy, 'shop-site-key')
    const stale = await widgetToken(proxy, 'shop-site-key')
    clock.advance(300_000 - 1)
    await ok(call(proxy, endpoint, await bodyFor(endpoint, 1), withToken(fresh)))
    clock.advance(1)
    await expectRefused(
      proxy,
      async () => call(proxy, endpoint, await bodyFor(endpoint, 2), withToken(stale)),
      3,
      'X-Captcha-Token header: expired at 2030-01-01T00:05:00.000Z (a token lasts 300 s); reset the widget (turnstile.reset) and send the token its callback gives next',
    )
  })
})

describe('the check, beyond the four endpoints', () => {
  it('gives the token back when the endpoint refuses the call, so that a refusal changes nothing', async () => {
    const { proxy } = captchaSetup()
    const token = await widgetToken(proxy, 'shop-site-key')
    await expectRefused(
      proxy,
      () => call(proxy, 'otp_init', { otpType: 'OTP_TYPE_EMAIL', contact: 'not an email' }, withToken(token)),
      3,
      /^contact: /,
    )
    expect(proxy.state.captchaTokens[token]?.usedAt).toBeUndefined()
    await ok(call(proxy, 'otp_init', { otpType: 'OTP_TYPE_EMAIL', contact: 'ada@example.com' }, withToken(token)))
    expect(proxy.state.captchaTokens[token]?.usedAt).toBe('2030-01-01T00:00:00.000Z')
  })

  it("leaves the other endpoints alone: a whole email sign-up spends one token, at otp_init; the sign-up after the code needs none, as production's kit sends it", async () => {
    const { proxy } = captchaSetup()
    const shop = { configId: 'shop', origin: 'http://shop.test' }
    const { otpId } = await ok<{ otpId: string }>(
      call(
        proxy,
        'otp_init',
        { otpType: 'OTP_TYPE_EMAIL', contact: 'ada@example.com' },
        withToken(await widgetToken(proxy, 'shop-site-key')),
      ),
    )
    const code = proxy.outbox('ada@example.com')[0]?.code
    const key = await createTestClientKey()
    const { verificationToken } = await ok<{ verificationToken: string }>(
      call(proxy, 'otp_verify', { otpId, otpCode: code, publicKey: key.publicKey }, shop),
    )
    expect(
      await ok(
        call(proxy, 'account', { filterType: 'EMAIL', filterValue: 'ada@example.com', verificationToken }, shop),
      ),
    ).toEqual({})
    await ok(call(proxy, 'wallet_kit_config', undefined, shop))
    const request = emptySignup('ada@example.com', verificationToken)
    request.clientSignature = await key.clientSignature(signupMessage(request, tokenIdOf(verificationToken)))
    const { userId } = await ok<{ userId: string }>(call(proxy, 'signup', request, shop))
    expect(proxy.state.users[userId]?.email).toBe('ada@example.com')
  })

  it('asks nothing of a tenant without a site key, and ignores a header sent to it', async () => {
    const { proxy } = captchaSetup()
    for (const [n, endpoint] of [...CAPTCHA_PROTECTED_ENDPOINTS].entries()) {
      await ok(call(proxy, endpoint, await bodyFor(endpoint, n), { configId: 'plain' }))
      await ok(call(proxy, endpoint, await bodyFor(endpoint, n + 10), withToken('junk', 'plain')))
    }
  })

  it('forgets tokens once they have expired, after the grace', async () => {
    const { proxy, clock } = captchaSetup()
    const used = await widgetToken(proxy, 'shop-site-key')
    await ok(call(proxy, 'otp_init', { otpType: 'OTP_TYPE_EMAIL', contact: 'ada@example.com' }, withToken(used)))
    await widgetToken(proxy, 'shop-site-key')
    clock.advance(300_000 + EXPIRED_RECORD_GRACE_MS - 1)
    await ok(call(proxy, 'wallet_kit_config', undefined, { configId: 'shop' }))
    expect(Object.keys(proxy.state.captchaTokens)).toHaveLength(2)
    clock.advance(1)
    await ok(call(proxy, 'wallet_kit_config', undefined, { configId: 'shop' }))
    expect(proxy.state.captchaTokens).toEqual({})
  })
})

describe('POST /__mock/turnstile/token', () => {
  it('answers a token for a tenant site key, readable by an origin the tenant allows', async () => {
    const { proxy } = captchaSetup()
    const answer = await turnstileToken(proxy, 'shop-site-key', 'http://shop.test')
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({ token: expect.stringMatching(/^mock-turnstile\.[\w-]{43}$/), expiresInSeconds: 300 })
    expect(answer.headers.get('Access-Control-Allow-Origin')).toBe('http://shop.test')
    const { token } = answer.body as { token: string }
    expect(proxy.state.captchaTokens[token]).toEqual({
      siteKey: 'shop-site-key',
      issuedAt: '2030-01-01T00:00:00.000Z',
      expiresAt: '2030-01-01T00:05:00.000Z',
    })
  })

  it('refuses an unknown site key with 5, and an origin the tenant does not allow with 7, issuing nothing', async () => {
    const { proxy } = captchaSetup()
    await expectRefused(
      proxy,
      () => turnstileToken(proxy, 'nobody'),
      5,
      'sitekey: no tenant has Turnstile site key "nobody" (site keys: shop-site-key, blog-site-key)',
    )
    await expectRefused(
      proxy,
      () => turnstileToken(proxy, 'shop-site-key', 'http://evil.test'),
      7,
      'Origin: http://evil.test is not allowed for config id "shop", whose site key this is (allowed: http://shop.test)',
    )
    const refused = await turnstileToken(proxy, 'shop-site-key', 'http://evil.test')
    expect(refused.headers.get('Access-Control-Allow-Origin')).toBeNull()
    await expectRefused(
      proxy,
      () => turnstileToken(proxy, ''),
      3,
      'sitekey: expected a non-empty string, got an empty string',
    )
  })
})

describe('GET /__mock/turnstile/v0/api.js', () => {
  it('answers JavaScript that defines window.turnstile, with the onload callback it is asked for', async () => {
    const { proxy } = captchaSetup()
    const response = await proxy.handle(
      new Request('http://mock.test/__mock/turnstile/v0/api.js?onload=onTurnstileLoad&render=explicit', {
        headers: { Origin: 'http://shop.test' },
      }),
    )
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe('text/javascript; charset=utf-8')
    expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff')
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe('http://shop.test')
    const script = await response.text()
    expect(script).toContain('window.turnstile = {')
    expect(script).toContain('render: render,')
    expect(script).toContain('"tokenUrl":"http://mock.test/__mock/turnstile/token"')
    expect(script).toContain('"onload":"onTurnstileLoad"')
    // Nothing a strict CSP blocks: no inline handler, no style attribute, no markup from text.
    expect(script).not.toMatch(/innerHTML|setAttribute\('style'|\bonclick\b|\beval\(|new Function/)
  })

  it('refuses an onload that is not a global function name', async () => {
    const { proxy } = captchaSetup()
    const response = await proxy.handle(new Request('http://mock.test/__mock/turnstile/v0/api.js?onload=alert(1)'))
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({
      code: 3,
      message: 'onload: expected the name of a global function, got "alert(1)"',
    })
  })

  it('is served under the basePath, pointing its token requests there', async () => {
    const { proxy } = setup({ basePath: '/auth-proxy', tenants: [SHOP] })
    const response = await proxy.handle(new Request('http://mock.test/auth-proxy/__mock/turnstile/v0/api.js'))
    expect(await response.text()).toContain('"tokenUrl":"http://mock.test/auth-proxy/__mock/turnstile/token"')
  })
})
