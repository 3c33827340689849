// The package's `auth-proxy-kit/mock/playwright` entry (the mock's Playwright fixtures): checks the mock's
// optional peers first, as ./entry.ts does, then loads the fixtures. Types: ./playwright/fixtures's declarations.
import { requireMockPeers } from './requireMockPeers'

await requireMockPeers('auth-proxy-kit/mock/playwright')
const fixtures = await import('./playwright/fixtures')

export const { test, expect, addVirtualAuthenticator } = fixtures
