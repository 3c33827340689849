// One run's world: the in-process mock and a kit on it (keys and session in memory), one clock both
// read and a test can move, a software passkey authenticator, and the fault plan.
import type { KeyStore, SessionStorage } from '../../core/contracts'
import { createKit, type Kit } from '../../core/createKit'
import { memoryKeyStore } from '../../core/keys/memoryKeyStore'
import { memoryStorage } from '../../core/session/memoryStorage'
import { fakeStorage } from '../../core/test/fakes'
import { createMockAuthProxy } from '../../mock/handler'
import { DEMO_OAUTH_CLIENT_IDS, MOCK_OAUTH_PROVIDERS, mockOAuthEndpoints } from '../../mock/oauthProviders'
import { DEMO_ORGANIZATION_ID } from '../../mock/tenants'
import { createSoftAuthenticator, type SoftAuthenticator } from '../../mock/testing/softAuthenticator'
import type { MockAuthProxy, MockFaultRule, MockTenant, MockWalletSpec } from '../../mock/types'
import { faultTokenEndpoint, type ProviderFaults } from './providerFaults'

export const PROXY_URL = 'http://mock.test'
/** The page the kit runs on: the passkeys' origin, and the OAuth redirect URI. */
export const ORIGIN = 'http://localhost:5173'
export const REDIRECT_URI = `${ORIGIN}/callback`
export const RELYING_PARTY = { rpId: 'localhost', rpName: 'Fault suite' }

/**
 * Every method the flows use, on the demo tenant's organization. No default wallet but for the flows of
 * a signed-in person's wallet (WorldOptions.wallet): a wallet's key derivation is slow on purpose.
 */
const TENANT: MockTenant = {
  configId: 'demo',
  organizationId: DEMO_ORGANIZATION_ID,
  enabledProviders: ['email', 'sms', 'passkey', ...MOCK_OAUTH_PROVIDERS],
  oauthClientIds: { ...DEMO_OAUTH_CLIENT_IDS },
  defaultWallet: null,
}

/** One Ethereum account, what the signed-in actions sign with (a second account would only cost time). */
const WALLET: MockWalletSpec = {
  walletName: 'Fault suite wallet',
  accounts: [
    {
      curve: 'CURVE_SECP256K1',
      pathFormat: 'PATH_FORMAT_BIP32',
      path: "m/44'/60'/0'/0/0",
      addressFormat: 'ADDRESS_FORMAT_ETHEREUM',
    },
  ],
}

export interface World {
  mock: MockAuthProxy
  kit: Kit
  device: SoftAuthenticator
  /** The proxy's clock, ms (the device's is `clockSkewSeconds` off it). */
  proxyNow(): number
  /** Moves the clock of the kit and the mock together. */
  advance(seconds: number): void
  /** Adds a fault rule to the mock's plan. */
  addFault(rule: MockFaultRule): void
  /** Ends every fault: the connection is healthy again. */
  clearFaults(): void
  /** Faults at an OAuth provider itself (its token endpoint, its id_token), which the mock's plan does not reach. */
  provider: ProviderFaults
  /**
   * Another kit on the same device and page storage (localStorage, the key database) and the same
   * window, whose session events each kit follows: a second tab. Destroyed with `kit` by the caller.
   */
  openTab(): Kit
}

export interface WorldOptions {
  /** The kit's request timeout; default the kit's own. */
  timeoutMs?: number
  /** The generation of the OTP endpoints the kit speaks; default the kit's own. */
  otpProtocol?: 'v1' | 'v2'
  /** Every sign-up gets a wallet (one Ethereum account). */
  wallet?: boolean
  /** How far the device's clock is from the proxy's (ahead when positive); default 0. */
  clockSkewSeconds?: number
  /** The kit's key store and session storage, in place of memory's (a failing IndexedDB or localStorage). */
  keyStore?: KeyStore
  storage?: SessionStorage
}

export function createWorld(options: WorldOptions = {}): World {
  const clock = { now: Date.parse('2030-01-01T10:00:00Z') }
  const now = () => clock.now
  const tenant = options.wallet === true ? { ...TENANT, defaultWallet: WALLET } : TENANT
  const mock = createMockAuthProxy({ strictFields: true, now, tenants: [tenant] })
  const skewMs = (options.clockSkewSeconds ?? 0) * 1000
  const device = createSoftAuthenticator({ origin: ORIGIN })
  const provider: ProviderFaults = {}
  const keyStore = options.keyStore ?? memoryKeyStore()
  const storage = options.storage ?? memoryStorage()
  // The page's window, for the session events kits on one page send each other (a second tab's kit).
  const window = new EventTarget()
  const openKit = () =>
    createKit({
      proxyUrl: PROXY_URL,
      configId: TENANT.configId,
      fetch: asPage(withProviderFaults(mock.fetch, provider)),
      keyStore,
      storage,
      window,
      now: skewMs === 0 ? now : () => clock.now + skewMs,
      webauthn: device.webauthn,
      oauthStorage: fakeStorage(),
      location: { href: REDIRECT_URI },
      ...mockOAuthEndpoints(PROXY_URL),
      ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
      dangerouslyOverrideSignerPublicKey: mock.enclaveSignerPublicKey,
      ...(options.otpProtocol === undefined ? {} : { otpProtocol: options.otpProtocol }),
    })
  const kit = openKit()
  return {
    mock,
    kit,
    device,
    proxyNow: now,
    advance(seconds) {
      clock.now += seconds * 1000
    },
    addFault: (rule) => void mock.faults.add(rule),
    clearFaults: () => mock.faults.clear(),
    provider,
    openTab: openKit,
  }
}

/** Facebook's token endpoint (the mock's), which the browser calls itself. */
const TOKEN_ENDPOINT_PATH = /\/__mock\/oauth\/facebook\/.*\/access_token$/

/** `send`, with the next call to the provider's token endpoint faulted when a fault is set. */
function withProviderFaults(send: typeof fetch, provider: ProviderFaults): typeof fetch {
  return (input, init) => {
    const request = new Request(input, init)
    const fault = provider.tokenEndpoint
    if (fault === undefined || !TOKEN_ENDPOINT_PATH.test(new URL(request.url).pathname)) return send(request)
    provider.tokenEndpoint = undefined
    return faultTokenEndpoint(fault, request, (healthy) => send(healthy))
  }
}

/**
 * The fetch of a page: it sends the page's Origin (Node's fetch has none; the mock checks passkeys
 * against it), and gives up when the request's signal fires, as a browser's fetch does, even if the
 * server's answer is still to come.
 */
function asPage(send: typeof fetch): typeof fetch {
  return (input, init) => {
    const request = new Request(input, init)
    const headers = new Headers(request.headers)
    headers.set('Origin', ORIGIN)
    const { signal } = request
    if (signal.aborted) return Promise.reject(signal.reason)
    return new Promise<Response>((resolve, reject) => {
      const onAbort = () => reject(signal.reason)
      signal.addEventListener('abort', onAbort, { once: true })
      send(new Request(request, { headers })).then(
        (response) => {
          signal.removeEventListener('abort', onAbort)
          resolve(response)
        },
        (error: unknown) => {
          signal.removeEventListener('abort', onAbort)
          reject(error)
        },
      )
    })
  }
}
