// IndexedDB for the key store's tests; Node has WebCrypto and fetch's Request/Response already.
import 'fake-indexeddb/auto'
import { afterEach, vi } from 'vitest'
import { forgetMisconfigurationReports } from '../core/misconfiguration'

// The 'node' project shares one module graph per worker among its files (vitest.config.ts): what a test
// changes outside its own modules is put back here, so the next file starts as in a fresh process.
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  vi.unstubAllEnvs()
  // The development messages are said once per page: each test is a fresh page.
  forgetMisconfigurationReports()
})
