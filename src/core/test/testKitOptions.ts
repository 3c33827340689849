// The options every core test's kit starts from: the demo tenant, a fetch of the test's, keys and
// session storage in memory, and the test's clock. A test spreads its own options after these.
// The scripted answers of these tests are the seed's OTP endpoints (otp_init, otp_verify, otp_login), so
// the kit speaks them: the current generation (the default) is proven against the mock, whose enclave
// signs real targets (src/test/emailOtpV2AgainstMock.test.ts and the tests on kitOnMock).
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
    otpProtocol: 'v1',
  } satisfies KitOptions
}
