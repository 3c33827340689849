// One run's world: the in-process mock and a kit on it (keys and session in memory), one clock both
// read and a test can move, a software passkey authenticator, and the fault plan.
import { createKit, type Kit } from '../../core/createKit'
import { memoryKeyStore } from '../../core/keys/memoryKeyStore'
import { memoryStorage } from '../../core/session/memoryStorage'
import { fakeStorage } from '../../core/test/fakes'
import { createMockAuthProxy } from '../../mock/handler'
import { DEMO_OAUTH_CLIENT_IDS, MOCK_OAUTH_PROVIDERS, mockOAuthEndpoints } from '../../mock/oauthProviders'
import { DEMO_ORGANIZATION_ID } from '../../mock/tenants'
import { createSoftAuthenticator, type SoftAuthenticator } from '../../mock/testing/softAuthenticator'
import type { MockAuthProxy, MockFaultRule, MockTenant } from '../../mock/types'

export const PROXY_URL = 'http://mock.test'
/** The page the kit runs on: the passkeys' origin, and the OAuth redirect URI. */
export const ORIGIN = 'http://localhost:5173'
export const REDIRECT_URI = `${ORIGIN}/callback`
export const RELYING_PARTY = { rpId: 'localhost', rpName: 'Fault suite' }

/**
 * Every method the flows use, on the demo tenant's organization. No default wallet: a wallet's key
 * derivation is slow on purpose, and no flow here is about wallets.
 */
const TENANT: MockTenant = {
  configId: 'demo',
  organizationId: DEMO_ORGANIZATION_ID,
  enabledProviders: ['email', 'sms', 'passkey', ...MOCK_OAUTH_PROVIDERS],
  oauthClientIds: { ...DEMO_OAUTH_CLIENT_IDS },
  defaultWallet: null,
}

export interface World {
  mock: MockAuthProxy
  kit: Kit
  device: SoftAuthenticator
  /** Moves the clock of the kit and the mock together. */
  advance(seconds: number): void
  /** Adds a fault rule to the mock's plan. */
  addFault(rule: MockFaultRule): void
  /** Ends every fault: the connection is healthy again. */
  clearFaults(): void
}

export interface WorldOptions {
  /** The kit's request timeout; default the kit's own. */
  timeoutMs?: number
  /** The generation of the OTP endpoints the kit speaks; default the kit's own. */
  otpProtocol?: 'v1' | 'v2'
}

export function createWorld(options: WorldOptions = {}): World {
  const clock = { now: Date.parse('2030-01-01T10:00:00Z') }
  const now = () => clock.now
  const mock = createMockAuthProxy({ strictFields: true, now, tenants: [TENANT] })
  const device = createSoftAuthenticator({ origin: ORIGIN })
  const kit = createKit({
    proxyUrl: PROXY_URL,
    configId: TENANT.configId,
    fetch: asPage(mock.fetch),
    keyStore: memoryKeyStore(),
    storage: memoryStorage(),
    now,
    webauthn: device.webauthn,
    oauthStorage: fakeStorage(),
    location: { href: REDIRECT_URI },
    ...mockOAuthEndpoints(PROXY_URL),
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
    dangerouslyOverrideSignerPublicKey: mock.enclaveSignerPublicKey,
    ...(options.otpProtocol === undefined ? {} : { otpProtocol: options.otpProtocol }),
  })
  return {
    mock,
    kit,
    device,
    advance(seconds) {
      clock.now += seconds * 1000
    },
    addFault: (rule) => void mock.faults.add(rule),
    clearFaults: () => mock.faults.clear(),
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
