// auth-proxy-kit/mock/playwright: the mock proxy in a host app's own Playwright suite. One mock per worker,
// in the test process; each test's browser context sends what the app asks of its proxy URL to that mock
// (context.route), so the app under test needs no server of its own for the proxy, and workers never
// share accounts or codes.
import { test as base, type BrowserContext, type Page, type Route } from '@playwright/test'
import { MockConnectionDropped } from '../faults/MockConnectionDropped'
import { MOCK_PROXY_ENDPOINTS, createMockAuthProxy } from '../handler'
import { MOCK_DEV_ENCLAVE_SECRET_KEY } from '../devEnclaveKey'
import { DEMO_CONFIG_ID } from '../tenants'
import type {
  MockAuthProxy,
  MockAuthProxyOptions,
  MockFaultPlan,
  MockOAuthIdentity,
  MockOAuthIdentityInput,
  MockProxyEndpoint,
  OutboxMessage,
} from '../types'
import { addVirtualAuthenticator, type VirtualAuthenticator } from './virtualAuthenticator'

export interface MockAuthProxyFixtureOptions extends Omit<MockAuthProxyOptions, 'basePath'> {
  /**
   * Where the app under test calls its auth proxy (its AuthProxyProvider's `proxyUrl`): an absolute URL, or
   * a path on the test's baseURL ('/auth-proxy'). Calls there are answered by this worker's mock.
   * Default '/auth-proxy' (the Vite plugin's path, as in the README's quick start).
   */
  url?: string | undefined
}

export interface MockAuthProxyFixture {
  /** The proxy URL the app calls, resolved against baseURL. */
  url: string
  /** The demo tenant's config id, or the first tenant's when `tenants` is given. */
  configId: string
  /** The mock itself: its state, outbox, fault plan, OAuth identities, issueSession, webhooks. */
  proxy: MockAuthProxy
}

export interface MockInbox {
  /** The newest code sent to `contact` (an email address or E.164 phone number) since the test began; waits for one. */
  waitForCode(contact: string, options?: { timeout?: number | undefined }): Promise<string>
  /** The messages sent to `contact` since the test began, newest first. */
  messages(contact: string): OutboxMessage[]
}

export interface MockFixtures {
  mockAuthProxy: MockAuthProxyFixture
  inbox: MockInbox
  /**
   * The mock's fault plan (add, clear, list). Every test starts with the plan `mockAuthProxyOptions.faults`
   * gives (none by default), however the last one changed it.
   */
  faults: MockFaultPlan
  /** Adds an identity to the mock's OAuth providers' consent pages (`{ provider, email?, name? }`). */
  addOAuthIdentity(identity: MockOAuthIdentityInput): MockOAuthIdentity[]
  /** A virtual platform authenticator on `page` (Chromium), for passkey sign-up and log-in. */
  webauthn: VirtualAuthenticator
}

export interface MockWorkerFixtures {
  mockAuthProxyOptions: MockAuthProxyFixtureOptions
  mockAuthProxyWorker: {
    proxy: MockAuthProxy
    configId: string
    url: string | undefined
    /**
     * Puts back what a test may have switched on the worker's mock, as `mockAuthProxyOptions` set it: the
     * fault plan (however the rules were added: the `faults` fixture, `proxy.faults`, /__mock/faults),
     * the latency and the failures. Accounts, sessions, sent codes and OAuth identities stay.
     */
    reset(): void
  }
}

const DEFAULT_URL = '/auth-proxy'

async function answerFromMock(route: Route, proxy: MockAuthProxy): Promise<void> {
  const request = route.request()
  const body = request.postDataBuffer()
  // As it was sent: the mock strips its base path, and builds its pages' links (OAuth consent) on the URL.
  const answer = await proxy
    .fetch(
      new Request(request.url(), {
        method: request.method(),
        headers: await request.allHeaders(),
        body: body && request.method() !== 'GET' && request.method() !== 'HEAD' ? new Uint8Array(body) : undefined,
      }),
    )
    .catch((error: unknown) => {
      // A fault plan's drop: the page sees the connection reset, as the mock's servers do it.
      if (error instanceof TypeError && error.cause instanceof MockConnectionDropped) return undefined
      throw error
    })
  if (!answer) return route.abort('connectionreset')
  await route.fulfill({
    status: answer.status,
    headers: Object.fromEntries(answer.headers),
    body: Buffer.from(await answer.arrayBuffer()),
  })
}

async function routeToMock(context: BrowserContext, proxy: MockAuthProxy, url: string): Promise<void> {
  await context.route(
    (candidate) =>
      candidate.href === url || candidate.href.startsWith(`${url}/`) || candidate.href.startsWith(`${url}?`),
    (route) => answerFromMock(route, proxy),
  )
}

/**
 * Playwright's `test` with the mock's fixtures. Use it as is, or `mockAuthProxyTest.extend(...)` with your
 * own; set the proxy URL and the mock's options with `test.use({ mockAuthProxyOptions: { url, tenants } })`.
 */
export const test = base.extend<MockFixtures, MockWorkerFixtures>({
  mockAuthProxyOptions: [{}, { option: true, scope: 'worker' }],
  mockAuthProxyWorker: [
    async ({ mockAuthProxyOptions }, use) => {
      const { url, ...options } = mockAuthProxyOptions
      // The path the app calls is the mock's base path, whatever origin it is on.
      const basePath = new URL(url ?? DEFAULT_URL, 'http://base.invalid').pathname.replace(/\/+$/, '')
      // The development key unless told another: the app under test, served by the Vite plugin or
      // built with its key, trusts it.
      const proxy = createMockAuthProxy({ enclaveSecretKey: MOCK_DEV_ENCLAVE_SECRET_KEY, ...options, basePath })
      const configId = options.tenants?.[0]?.configId ?? DEMO_CONFIG_ID
      const reset = () => {
        proxy.faults.clear()
        for (const rule of options.faults ?? []) proxy.faults.add(rule)
        proxy.setLatency(options.latencyMs ?? 0)
        for (const endpoint of MOCK_PROXY_ENDPOINTS as readonly MockProxyEndpoint[]) {
          proxy.setFailure(endpoint, options.failures?.[endpoint] ?? null)
        }
      }
      await use({ proxy, configId, url, reset })
    },
    { scope: 'worker' },
  ],
  mockAuthProxy: [
    async ({ mockAuthProxyWorker, context, baseURL }, use) => {
      // Before the test, not only after the last one: a test whose teardown did not run (it crashed, or
      // timed out) must not hand its faults, latency or failures to the next test of this worker.
      mockAuthProxyWorker.reset()
      const url = new URL(mockAuthProxyWorker.url ?? DEFAULT_URL, baseURL).href.replace(/\/$/, '')
      await routeToMock(context, mockAuthProxyWorker.proxy, url)
      await use({ url, configId: mockAuthProxyWorker.configId, proxy: mockAuthProxyWorker.proxy })
      mockAuthProxyWorker.reset()
    },
    { auto: true },
  ],
  inbox: async ({ mockAuthProxy }, use) => {
    const { proxy } = mockAuthProxy
    const since = new Set(proxy.outbox().map((message) => message.otpId))
    const messages = (contact: string) => proxy.outbox(contact).filter((message) => !since.has(message.otpId))
    await use({
      messages,
      async waitForCode(contact, { timeout = 10_000 } = {}) {
        const deadline = Date.now() + timeout
        for (;;) {
          const [newest] = messages(contact)
          if (newest) return newest.code
          if (Date.now() > deadline)
            throw new Error(`inbox.waitForCode: no code was sent to ${contact} within ${timeout} ms`)
          await new Promise((resolve) => setTimeout(resolve, 50))
        }
      },
    })
  },
  // Put back before and after each test by mockAuthProxy (its reset), which every test uses.
  faults: async ({ mockAuthProxy }, use) => {
    await use(mockAuthProxy.proxy.faults)
  },
  addOAuthIdentity: async ({ mockAuthProxy }, use) => {
    await use((identity) => mockAuthProxy.proxy.addOAuthIdentity(identity))
  },
  webauthn: async ({ page }: { page: Page }, use) => {
    await use(await addVirtualAuthenticator(page))
  },
})

export { expect } from '@playwright/test'
export { addVirtualAuthenticator, type VirtualAuthenticator, type VirtualCredential } from './virtualAuthenticator'
