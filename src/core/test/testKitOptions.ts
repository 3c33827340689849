// The options every core test's kit starts from: the demo tenant, a fetch of the test's, keys and
// session storage in memory, and the test's clock. A test spreads its own options after these.
import type { KitOptions } from '../createKit'
import { memoryKeyStore } from '../keys/memoryKeyStore'
import { fakeStorage } from './fakes'

export function testKitOptions(fetch: typeof globalThis.fetch, now: () => number) {
  return {
    proxyUrl: 'https://auth.example.com',
    configId: 'demo',
    fetch,
    keyStore: memoryKeyStore(),
    storage: fakeStorage(),
    now,
  } satisfies KitOptions
}
