// Who may read and change the mock's development state (/__mock/*), through the handler: any page's
// `text/plain` POST, which no browser preflights, included.
import { describe, expect, it } from 'vitest'
import { sendCode, setup, snapshot } from './testing/harness'
import { EVERY_PROVIDER_TENANT, authorizeQuery, createPkce } from './testing/oauth'

const RULE = { endpoint: 'otp_init', fault: { kind: 'error', code: 14, message: 'planted' } }
const IDENTITY = { provider: 'google', name: 'Mallory', sub: 'mallory-1', email: 'mallory@example.com' }
/** A tenant listing its app's origin by name. */
const LISTED = [{ configId: 'demo', organizationId: 'org', allowedOrigins: ['http://app.test'] }]

function consentRequest(sub: string, headers: Record<string, string>): Request {
  return new Request('http://mock.test/__mock/oauth/x/consent', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams({ ...authorizeQuery('x', createPkce(), ''), identity: sub }),
  })
}

const googleAuthorize = () =>
  `/__mock/oauth/google/authorize?${new URLSearchParams(authorizeQuery('google', createPkce(), 'a'.repeat(64)))}`

function textPost(path: string, body: unknown, headers: Record<string, string>): Request {
  return new Request(`http://mock.test${path}`, {
    method: 'POST',
    // What a page's fetch or form sends without a preflight.
    headers: { 'Content-Type': 'text/plain;charset=UTF-8', ...headers },
    body: JSON.stringify(body),
  })
}

async function expectDenied(response: Response, message: string | RegExp): Promise<void> {
  expect(response.status).toBe(403)
  expect(response.headers.get('Access-Control-Allow-Origin')).toBeNull()
  expect(await response.json()).toEqual({
    code: 7,
    message: typeof message === 'string' ? message : expect.stringMatching(message),
    details: [],
  })
}

describe('given a mock whose tenant allows every origin (the default, allowedOrigins ["*"])', () => {
  it("refuses another page's text/plain POST to /__mock/faults, naming its origin and how to allow it, and plans no fault", async () => {
    const { proxy } = setup()
    const before = snapshot(proxy)
    const response = await proxy.handle(textPost('/__mock/faults', RULE, { Origin: 'http://evil.test' }))
    await expectDenied(
      response,
      `Origin: http://evil.test may not use the mock's development routes (POST /__mock/faults); to allow it, list "http://evil.test" in a tenant's allowedOrigins (a '*' does not count here), or call from a test or server, which sends no Origin`,
    )
    expect(proxy.faults.list()).toEqual([])
    expect(snapshot(proxy)).toBe(before)

    // Whoever may: a caller outside a browser (a test, curl, a server), an address typed in the address
    // bar, and the mock's own pages, by their origin or by the browser's word.
    const callers: Record<string, string>[] = [
      {},
      { 'Sec-Fetch-Site': 'none' },
      { Origin: 'http://mock.test' },
      // A form under Referrer-Policy no-referrer sends Origin: null.
      { Origin: 'null', 'Sec-Fetch-Site': 'same-origin' },
    ]
    for (const headers of callers) {
      const added = await proxy.handle(textPost('/__mock/faults', RULE, headers))
      expect({ headers, status: added.status }).toEqual({ headers, status: 201 })
    }
    expect(proxy.faults.list()).toHaveLength(4)
  })

  it("refuses another page's text/plain POST to /__mock/oauth/identities, and adds no identity", async () => {
    const { proxy } = setup()
    const before = snapshot(proxy)
    const response = await proxy.handle(textPost('/__mock/oauth/identities', IDENTITY, { Origin: 'http://evil.test' }))
    await expectDenied(response, /^Origin: http:\/\/evil\.test may not use .*\(POST \/__mock\/oauth\/identities\)/)
    expect(snapshot(proxy)).toBe(before)
  })

  it("refuses another page's DELETE of the fault plan, and keeps the rules", async () => {
    const { proxy } = setup()
    proxy.faults.add({ endpoint: 'otp_init', fault: { kind: 'error', code: 14 } })
    const response = await proxy.handle(
      new Request('http://mock.test/__mock/faults', { method: 'DELETE', headers: { Origin: 'http://evil.test' } }),
    )
    await expectDenied(response, /\(DELETE \/__mock\/faults\)/)
    expect(proxy.faults.list()).toHaveLength(1)
  })

  it.each(['/__mock/outbox', '/__mock/faults', '/__mock/webhooks', '/__mock/routes', '/__mock/oauth/identities'])(
    'answers GET %s to another origin with 403 and nothing of its data',
    async (path) => {
      const { proxy } = setup()
      const { code } = await sendCode(proxy, 'ada@example.com')
      const response = await proxy.handle(
        new Request(`http://mock.test${path}`, { headers: { Origin: 'http://evil.test' } }),
      )
      const text = await response.clone().text()
      await expectDenied(response, new RegExp(`^Origin: http://evil\\.test may not use .*\\(GET ${path}\\)`))
      expect(text).not.toContain(code)
    },
  )

  it('refuses the preflight of a dev route to an origin no tenant lists', async () => {
    const { proxy } = setup()
    const response = await proxy.handle(
      new Request('http://mock.test/__mock/faults', {
        method: 'OPTIONS',
        headers: { Origin: 'http://evil.test', 'Access-Control-Request-Method': 'DELETE' },
      }),
    )
    await expectDenied(response, /\(OPTIONS \/__mock\/faults\)/)
  })

  it('refuses a request a page on another site makes without an Origin (a link, an image), by its Sec-Fetch-Site', async () => {
    const { proxy } = setup()
    const { code } = await sendCode(proxy, 'ada@example.com')
    const response = await proxy.handle(
      new Request('http://mock.test/__mock/outbox', { headers: { 'Sec-Fetch-Site': 'cross-site' } }),
    )
    const text = await response.clone().text()
    await expectDenied(
      response,
      "GET /__mock/outbox: refused to a page of another origin (Sec-Fetch-Site: cross-site); the mock's development routes answer its own pages, origins a tenant lists in allowedOrigins, and callers outside a browser",
    )
    expect(text).not.toContain(code)

    // What a browser navigates to or loads from any page still answers: the consent page, its stylesheet,
    // a provider's keys and discovery document, the Turnstile script.
    for (const path of [
      googleAuthorize(),
      '/__mock/oauth/consent.css',
      '/__mock/oauth/google/jwks.json',
      '/__mock/oauth/google/.well-known/openid-configuration',
      '/__mock/turnstile/v0/api.js',
    ]) {
      const response = await proxy.handle(
        new Request(`http://mock.test${path}`, { headers: { 'Sec-Fetch-Site': 'cross-site' } }),
      )
      expect({ path, status: response.status }).toEqual({ path, status: 200 })
    }
  })

  it('refuses a posted consent form that comes from another page, and issues no code; its own page may post it', async () => {
    const { proxy } = setup({ tenants: [EVERY_PROVIDER_TENANT] })
    const sub = proxy.state.oauthIdentities.find((identity) => identity.provider === 'x')?.sub ?? ''
    const before = snapshot(proxy)
    const response = await proxy.handle(consentRequest(sub, { Origin: 'http://evil.test' }))
    await expectDenied(response, /\(POST \/__mock\/oauth\/x\/consent\)/)
    expect(snapshot(proxy)).toBe(before)
    const own = await proxy.handle(consentRequest(sub, { Origin: 'http://mock.test' }))
    expect(own.status).toBe(303)
    expect(own.headers.get('Location')).toMatch(/^http:\/\/app\.test\/callback\?code=/)
  })
})

describe('given a tenant that lists its app by name', () => {
  it('the app may use the dev routes, with CORS to read the answer; no other origin may', async () => {
    const { proxy } = setup({ tenants: LISTED })
    const added = await proxy.handle(textPost('/__mock/faults', RULE, { Origin: 'http://app.test' }))
    expect(added.status).toBe(201)
    expect(added.headers.get('Access-Control-Allow-Origin')).toBe('http://app.test')
    const outbox = await proxy.handle(
      new Request('http://mock.test/__mock/outbox', { headers: { Origin: 'http://app.test' } }),
    )
    expect(outbox.status).toBe(200)
    expect(outbox.headers.get('Access-Control-Allow-Origin')).toBe('http://app.test')
    const other = await proxy.handle(textPost('/__mock/faults', RULE, { Origin: 'http://evil.test' }))
    expect(other.status).toBe(403)
    expect(proxy.faults.list()).toHaveLength(1)
  })
})

describe("the mock's pages", () => {
  it("serve with Referrer-Policy same-origin, so that the consent form's POST carries the page's Origin", async () => {
    const { proxy } = setup()
    const page = await proxy.handle(new Request(`http://mock.test${googleAuthorize()}`))
    expect(page.headers.get('Referrer-Policy')).toBe('same-origin')
  })
})
