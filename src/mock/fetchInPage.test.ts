import { afterEach, describe, expect, it, vi } from 'vitest'
import type { SignupRequest } from '../core/types'
import { setup, snapshot } from './testing/harness'
import { ORIGIN } from './testing/publicApi'
import { createSoftAuthenticator } from './testing/softAuthenticator'

// In a page (a story, a test in jsdom) the kit's `fetch` is the mock's own, and a page's script cannot
// set an Origin header: Chromium drops it from a Request's headers. The network request it stands for
// would carry the page's origin, and passkey ceremonies are checked against it, so the mock's fetch
// supplies it. Its raw `handle` (a server's) and a caller outside any page send none.

afterEach(() => {
  vi.unstubAllGlobals()
})

async function passkeySignUpBody(): Promise<SignupRequest> {
  const passkey = await createSoftAuthenticator({ origin: ORIGIN }).register()
  return { userName: 'Ada', apiKeys: [], authenticators: [passkey], oauthProviders: [] }
}

function post(body: unknown, url = '/v1/signup'): [string, RequestInit] {
  return [
    url,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Auth-Proxy-Config-ID': 'demo' },
      body: JSON.stringify(body),
    },
  ]
}

describe("the mock's fetch in a page", () => {
  it("signs a passkey up with the page's origin, as the browser would have sent it", async () => {
    const { proxy } = setup()
    vi.stubGlobal('location', new URL(`${ORIGIN}/stories/passkey`))
    const response = await proxy.fetch(...post(await passkeySignUpBody(), `${ORIGIN}/v1/signup`))
    expect(response.status).toBe(200)
    const { userId } = (await response.json()) as { userId: string }
    expect(proxy.state.users[userId]?.authenticators[0]?.origin).toBe(ORIGIN)
    // Cross-origin or not, a POST's answer is readable by that page.
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe(ORIGIN)
  })

  it("is refused when the page's origin is not the passkey's, and changes nothing", async () => {
    const { proxy } = setup()
    vi.stubGlobal('location', new URL('https://elsewhere.example/'))
    const before = snapshot(proxy)
    const response = await proxy.fetch(...post(await passkeySignUpBody()))
    expect(response.status).toBe(401)
    expect(await response.json()).toMatchObject({
      code: 16,
      message: expect.stringContaining(`origin "${ORIGIN}", expected "https://elsewhere.example"`),
    })
    expect(snapshot(proxy)).toBe(before)
  })

  it('outside a page, and through handle, sends no origin: a passkey sign-up says the header is missing', async () => {
    const { proxy } = setup()
    const body = await passkeySignUpBody()
    const outside = await proxy.fetch(...post(body))
    expect(await outside.json()).toMatchObject({
      message: expect.stringContaining('Origin header (required with authenticators): missing'),
    })
    vi.stubGlobal('location', new URL(`${ORIGIN}/`))
    const [url, init] = post(body, `${ORIGIN}/v1/signup`)
    const handled = await proxy.handle(new Request(url, init))
    expect(await handled.json()).toMatchObject({
      message: expect.stringContaining('Origin header (required with authenticators): missing'),
    })
  })

  it('sends none with a same-origin GET, as a browser does, and the page origin with a cross-origin one', async () => {
    // The outbox answers another origin only when a tenant lists it (devRouteAccess.ts).
    const { proxy } = setup({
      tenants: [{ configId: 'demo', organizationId: 'org', allowedOrigins: ['https://app.example'] }],
    })
    vi.stubGlobal('location', new URL('https://app.example/'))
    const sameOrigin = await proxy.fetch('https://app.example/__mock/outbox')
    expect(sameOrigin.headers.get('Access-Control-Allow-Origin')).toBeNull()
    const crossOrigin = await proxy.fetch('https://proxy.example/__mock/outbox')
    expect(crossOrigin.headers.get('Access-Control-Allow-Origin')).toBe('https://app.example')
  })
})
