// Production's own v1 client (@turnkey/core 1.14, a devDependency) driving the mock in Node: the proof
// that what passes on the mock works unchanged against the real proxy's client. @turnkey/core decides
// it runs in a browser when `window` and `document` exist (utils isWeb); then it keeps sessions in
// `window.localStorage` and its keys in IndexedDB (fake-indexeddb, set up by setupNode.ts).
import { verifySessionJwtSignature } from '@turnkey/crypto'
import { decodeJwt, type JWTPayload } from 'jose'
import { afterAll, beforeAll } from 'vitest'
import type { TurnkeyClient } from '@turnkey/core'
import { createMockAuthProxy } from '../mock/handler'
import type { MockAuthProxy, MockAuthProxyOptions, MockTenant } from '../mock/types'
import { DEMO_OAUTH_CLIENT_IDS } from '../mock/oauthProviders'

/** Where production's client is told the proxy and the public API are: both the mock, in process. */
export const PROXY_URL = 'https://auth-proxy.mock.test'
export const CONFIG_ID = 'production-client'
export const PARENT_ORGANIZATION_ID = '0b5f3c1e-2d4a-4e6b-8c7d-9e0f1a2b3c4d'

/** A tenant with every login method the production client can drive enabled. */
export const PRODUCTION_CLIENT_TENANT: MockTenant = {
  configId: CONFIG_ID,
  organizationId: PARENT_ORGANIZATION_ID,
  enabledProviders: ['email', 'sms', 'passkey', 'google', 'apple', 'facebook', 'x', 'discord'],
  oauthClientIds: { ...DEMO_OAUTH_CLIENT_IDS },
}

/** An in-memory Storage: each "browser" a test opens gets its own (the 2.8.1 harness uses it too). */
export class MemoryStorage {
  #items = new Map<string, string>()
  get length(): number {
    return this.#items.size
  }
  key(index: number): string | null {
    return [...this.#items.keys()][index] ?? null
  }
  getItem(key: string): string | null {
    return this.#items.get(key) ?? null
  }
  setItem(key: string, value: string): void {
    this.#items.set(key, String(value))
  }
  removeItem(key: string): void {
    this.#items.delete(key)
  }
  clear(): void {
    this.#items.clear()
  }
}

export interface BrowserGlobals {
  window: { localStorage: MemoryStorage; location: { hostname: string } }
  document: Record<string, never>
  fetch: typeof fetch
}

const browser: BrowserGlobals = {
  window: { localStorage: new MemoryStorage(), location: { hostname: 'app.test' } },
  document: {},
  fetch: () => Promise.reject(new Error('no mock proxy: call installProductionClient() in the test file')),
}

let recording: string[] | undefined

/**
 * From now on, what production's client fetches, in order: the endpoint under /v1/ or /public/v1/
 * (`otp_init`, `submit/stamp_login`), else the whole path.
 */
export function recordCalls(): string[] {
  recording = []
  return recording
}

let loaded: typeof import('@turnkey/core') | undefined

/**
 * Installs the browser globals production's client reads, with `fetch` answered by `proxy()` (the test's
 * current mock), for the test file; restores the previous globals after it. @turnkey/core reads
 * `window.localStorage` once, when it is first imported: it is imported here, after the globals exist.
 */
export function installProductionClient(proxy: () => MockAuthProxy): void {
  let restore: (() => void) | undefined
  beforeAll(async () => {
    // The fetch in place before: the worker's other files share it (isolate: false), and one may still
    // be sending (a webhook delivery's retry to its receiver, after its file ended). Only what is
    // addressed to the mock is the production client's: recorded and answered by the mock.
    const outside = globalThis.fetch
    browser.fetch = (input, init) => {
      const request = new Request(input, init)
      const url = new URL(request.url)
      if (url.origin !== PROXY_URL) return outside(request)
      recording?.push(url.pathname.replace(/^\/(v1|public\/v1)\//, ''))
      return proxy().handle(request)
    }
    restore = installGlobals(browser)
    loaded ??= await import('@turnkey/core')
  })
  afterAll(() => restore?.())
}

/**
 * Puts a page's `window`, `document` and `fetch` on globalThis, as production's client looks for them;
 * returns what puts the previous ones back (both harnesses use it).
 */
export function installGlobals(values: BrowserGlobals): () => void {
  const saved = new Map<keyof BrowserGlobals, PropertyDescriptor | undefined>()
  for (const name of ['window', 'document', 'fetch'] as const) {
    saved.set(name, Object.getOwnPropertyDescriptor(globalThis, name))
    Object.defineProperty(globalThis, name, { value: values[name], configurable: true, writable: true })
  }
  return () => {
    for (const [name, descriptor] of saved) {
      if (descriptor === undefined) Reflect.deleteProperty(globalThis, name)
      else Object.defineProperty(globalThis, name, descriptor)
    }
  }
}

/**
 * The mock as production's client meets it: the tenant above, strict (a member production's client
 * sends that production's types do not define would be refused, naming it), `options` on top.
 */
export function createProductionMock(options: MockAuthProxyOptions = {}): MockAuthProxy {
  return createMockAuthProxy({ tenants: [PRODUCTION_CLIENT_TENANT], strictFields: true, ...options })
}

/**
 * A fresh device: production's client on an emptied localStorage (no session from an earlier test), as
 * a browser that has not signed in before. Its keys stay in the shared IndexedDB, as production's do.
 */
export async function openProductionClient(): Promise<TurnkeyClient> {
  if (loaded === undefined)
    throw new Error('@turnkey/core is not loaded: call installProductionClient() in the test file')
  browser.window.localStorage.clear()
  const client = new loaded.TurnkeyClient({
    apiBaseUrl: PROXY_URL,
    authProxyUrl: PROXY_URL,
    authProxyConfigId: CONFIG_ID,
    organizationId: PARENT_ORGANIZATION_ID,
  })
  await client.init()
  return client
}

/** production's enums, read from the loaded module (they are runtime values). */
export function productionEnums(): Pick<typeof import('@turnkey/core'), 'OtpType' | 'StamperType'> {
  if (loaded === undefined)
    throw new Error('@turnkey/core is not loaded: call installProductionClient() in the test file')
  return { OtpType: loaded.OtpType, StamperType: loaded.StamperType }
}

export interface VerifiedSession extends JWTPayload {
  public_key: string
  organization_id: string
  user_id: string
  session_type: string
}

/**
 * Verifies a session JWT as production's SDK does (@turnkey/crypto's verifySessionJwtSignature), against
 * the mock's notarizer key in place of production's, and answers its claims.
 */
export async function verifySession(proxy: MockAuthProxy, session: string): Promise<VerifiedSession> {
  if (!(await verifySessionJwtSignature(session, proxy.sessionNotarizerPublicKey))) {
    throw new Error("the session's signature does not verify with the mock's notarizer key")
  }
  return decodeJwt(session) as VerifiedSession
}

/** The code the mock "sent" to `contact`, newest first. */
export function sentCode(proxy: MockAuthProxy, contact: string): string {
  const message = proxy.outbox(contact)[0]
  if (message === undefined) throw new Error(`the mock sent no code to ${contact}`)
  return message.code
}
