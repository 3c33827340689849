import 'fake-indexeddb/auto'
import '@testing-library/jest-dom/vitest'
import { webcrypto } from 'node:crypto'
import { cleanup, configure } from '@testing-library/react'
import { afterEach } from 'vitest'

// jsdom's window replaces Node's `crypto` with one that has no `subtle`; the kit needs WebCrypto.
if (!globalThis.crypto?.subtle) {
  Object.defineProperty(globalThis, 'crypto', { value: webcrypto, configurable: true })
}

// waitFor and findBy* give up after 1 s by default. A passkey sign-up against the mock (key generation,
// attestation checks, two stamped requests) takes a few hundred ms on a quiet machine and past 1 s on CI's
// two cores shared by three Vitest workers: these tests prove what happens, not how fast.
configure({ asyncUtilTimeout: 5_000 })

afterEach(() => {
  cleanup()
  localStorage.clear()
})
