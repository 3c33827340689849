// Production's current client (@turnkey/core 2.8.1, npm's latest, installed beside 1.14 as the alias
// @turnkey/core-v2) driving the mock in Node, as productionClientHarness.ts does for 1.14: the proof that
// the current generation's flows (otp_init_v2, otp_verify_v2, signup_v2, stamp_login with X-Stamp-Attested)
// work unchanged against the real client. Like 1.14 it decides it runs in a browser when `window` and
// `document` exist, keeps sessions in `window.localStorage` (read once, at import) and its keys in
// IndexedDB (fake-indexeddb, from setupNode.ts).
//
// It trusts one enclave key, @turnkey/crypto's PRODUCTION_TLS_FETCHER_SIGN_PUBLIC_KEY, with no option to
// name another. The test build rewrites that constant into the test enclave's key
// (src/mock/testing/productionSignerAlias.ts, applied by vitest.config.ts to its 'node-signer-aliased'
// project only: a test file using this harness is listed in NODE_FILES_SIGNER_ALIASED), and the mock here
// signs with that key: the client runs as published otherwise.
import { afterAll, beforeAll } from 'vitest'
import type { TurnkeyClient } from '@turnkey/core-v2'
import { TEST_ENCLAVE_SECRET_KEY } from '../mock/testing/productionSignerAlias'
import type { MockAuthProxy, MockAuthProxyOptions } from '../mock/types'
import {
  CONFIG_ID,
  MemoryStorage,
  installGlobals,
  type BrowserGlobals,
  PARENT_ORGANIZATION_ID,
  PROXY_URL,
  createProductionMock,
} from './productionClientHarness'

export { CONFIG_ID, PARENT_ORGANIZATION_ID, PROXY_URL, sentCode, verifySession } from './productionClientHarness'

/**
 * Where the client is told the public API is. Another origin than the proxy's, as in production
 * (api.turnkey.com beside authproxy.turnkey.com): 2.8.1 logs in on the public API (stamp_login), and a
 * call sent to the wrong one of the two is refused here rather than answered by the same mock.
 */
export const API_URL = 'https://api.mock.test'

const browser: BrowserGlobals = {
  window: { localStorage: new MemoryStorage(), location: { hostname: 'app.test' } },
  document: {},
  fetch: () => Promise.reject(new Error('no mock proxy: call installProductionClientV2() in the test file')),
}

let recording: string[] | undefined
let requestRecording: RecordedRequest[] | undefined

export interface RecordedRequest {
  /** As recordCalls names it. */
  route: string
  /** A copy, unread: its headers and body as the client sent them. */
  request: Request
}

/**
 * From now on, what the client fetches, in order: the endpoint under /v1/ (the proxy's) or /public/v1/
 * (the public API's), e.g. `otp_init_v2`, `submit/stamp_login`.
 */
export function recordCalls(): string[] {
  recording = []
  return recording
}

/** From now on, the requests the client fetches, in order, each with its route (as recordCalls). */
export function recordRequests(): RecordedRequest[] {
  requestRecording = []
  return requestRecording
}

/**
 * Which of the two origins `url` may be sent to: auth-proxy paths to the proxy, /public/ paths to the
 * public API. Anything else is a call production would send elsewhere, or off this machine.
 */
function routeOf(url: URL): string | undefined {
  const isPublicApi = url.pathname.startsWith('/public/')
  if (url.origin === API_URL && isPublicApi) return url.pathname.replace(/^\/public\/v1\//, '')
  if (url.origin === PROXY_URL && !isPublicApi) return url.pathname.replace(/^\/v1\//, '')
  return undefined
}

let loaded: typeof import('@turnkey/core-v2') | undefined

/**
 * Installs the browser globals the client reads, with `fetch` answered by `proxy()` (the test's current
 * mock) for the proxy's and the public API's origins, for the test file; restores the previous globals
 * after it. The client is imported here, after the globals exist.
 */
export function installProductionClientV2(proxy: () => MockAuthProxy): void {
  let restore: (() => void) | undefined
  beforeAll(async () => {
    browser.fetch = (input, init) => {
      const request = new Request(input, init)
      const route = routeOf(new URL(request.url))
      if (route === undefined) {
        return Promise.reject(
          new Error(
            `${request.method} ${request.url}: neither the proxy (${PROXY_URL}/v1/…) nor the API (${API_URL}/public/…)`,
          ),
        )
      }
      recording?.push(route)
      requestRecording?.push({ route, request: request.clone() })
      return proxy().handle(request)
    }
    restore = installGlobals(browser)
    loaded ??= await import('@turnkey/core-v2')
  })
  afterAll(() => restore?.())
}

/**
 * The mock as the current client meets it: productionClientHarness's tenant, strict, its enclave signing
 * with the test key the build aliased in for production's; `options` on top.
 */
export function createProductionMockV2(options: MockAuthProxyOptions = {}): MockAuthProxy {
  return createProductionMock({ enclaveSecretKey: TEST_ENCLAVE_SECRET_KEY, ...options })
}

function loadedModule(): typeof import('@turnkey/core-v2') {
  if (loaded === undefined)
    throw new Error('@turnkey/core-v2 is not loaded: call installProductionClientV2() in the test file')
  return loaded
}

/**
 * A fresh device: the client on an emptied localStorage (no session from an earlier test), as a browser
 * that has not signed in before. Its keys stay in the shared IndexedDB, as production's do.
 */
export async function openProductionClientV2(): Promise<TurnkeyClient> {
  browser.window.localStorage.clear()
  const client = new (loadedModule().TurnkeyClient)({
    apiBaseUrl: API_URL,
    authProxyUrl: PROXY_URL,
    authProxyConfigId: CONFIG_ID,
    organizationId: PARENT_ORGANIZATION_ID,
  })
  await client.init()
  return client
}

/** The client's runtime values the tests use: its OTP types and helpers. */
export function productionV2(): Pick<
  typeof import('@turnkey/core-v2'),
  'OtpType' | 'generateWalletAccountsFromAddressFormat' | 'getAuthProxyConfig' | 'getClientParams'
> {
  const { OtpType, generateWalletAccountsFromAddressFormat, getAuthProxyConfig, getClientParams } = loadedModule()
  return { OtpType, generateWalletAccountsFromAddressFormat, getAuthProxyConfig, getClientParams }
}
