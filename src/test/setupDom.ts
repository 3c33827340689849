import 'fake-indexeddb/auto'
import '@testing-library/jest-dom/vitest'
import { webcrypto } from 'node:crypto'
import { cleanup, configure } from '@testing-library/react'
import { afterEach, vi } from 'vitest'
import { forgetMisconfigurationReports } from '../core/misconfiguration'

// jsdom's window replaces Node's `crypto` with one that has no `subtle`; the kit needs WebCrypto.
if (!globalThis.crypto?.subtle) {
  Object.defineProperty(globalThis, 'crypto', { value: webcrypto, configurable: true })
}

// A library evaluated here makes its ArrayBuffers with jsdom's constructor, which Node's WebCrypto refuses
// as not its own (hpke's key import does); a browser has one realm. Byte arguments are copied into Node's.
const nodeBytes = (value: unknown): unknown =>
  value instanceof ArrayBuffer || Object.prototype.toString.call(value) === '[object ArrayBuffer]'
    ? Buffer.from(new Uint8Array(value as ArrayBuffer))
    : value
for (const method of ['importKey', 'encrypt', 'decrypt', 'sign', 'verify', 'digest', 'deriveBits'] as const) {
  const original = webcrypto.subtle[method].bind(webcrypto.subtle) as (...args: unknown[]) => Promise<unknown>
  Object.defineProperty(webcrypto.subtle, method, {
    value: (...args: unknown[]) => original(...args.map(nodeBytes)),
    configurable: true,
  })
}

// waitFor and findBy* give up after 1 s by default. What they wait for (a passkey sign-up against the mock:
// key generation, attestation checks, two stamped requests) takes a few hundred ms on a quiet machine and
// many seconds on two cores shared with other work: these tests prove what happens, not how fast. So the
// limit only guards against a hang: a state that has not come in a minute will not come. It is half the
// test's own limit (vitest.config.ts), so that a missing state fails with its name and the page rather than
// as a test that timed out.
configure({ asyncUtilTimeout: 60_000 })

// The 'dom' project shares one module graph per worker among its files (vitest.config.ts): what a test
// changes outside its own modules is put back here, so the next file starts as on a fresh page.
afterEach(() => {
  cleanup()
  localStorage.clear()
  sessionStorage.clear()
  // The cookies a test wrote (createSessionCookie's are on Path=/), removed as a browser removes them.
  for (const cookie of document.cookie.split('; ').filter(Boolean))
    document.cookie = `${cookie.split('=')[0]}=; Max-Age=0; Path=/`
  vi.useRealTimers()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  vi.unstubAllEnvs()
  // The development messages are said once per page: each test is a fresh page.
  forgetMisconfigurationReports()
})
