// The Next.js example's servers for the `nextjs` project of playwright.config.ts: `next start` on the build
// scripts/test-nextjs.ts made, and the mock proxy beside it, started from the example's installed package
// (a real proxy is another origin: the browser calls it cross-origin, straight from the page).
import { resolve } from 'node:path'
import type { PlaywrightTestConfig } from '@playwright/test'
import { MOCK_DEV_ENCLAVE_PUBLIC_KEY } from '../src/mock/devEnclaveKey'
import { DEMO_ORGANIZATION_ID } from '../src/mock/tenants'

export const NEXTJS_EXAMPLE = resolve(import.meta.dirname, '..', 'examples', 'nextjs')
const APP_PORT = Number(process.env.NEXTJS_PORT ?? 5321)
const MOCK_PORT = APP_PORT + 1
export const NEXTJS_APP_URL = `http://127.0.0.1:${APP_PORT}`
export const NEXTJS_PROXY_URL = `http://127.0.0.1:${MOCK_PORT}`

/** The key the example's mock signs its webhook deliveries with, and its backend checks them with. */
export const NEXTJS_WEBHOOK_SECRET = 'example-webhook-secret-for-e2e'

/** Read by `next build` (NEXT_PUBLIC_* are inlined into the browser code) over the example's .env. */
export const NEXTJS_ENV = {
  NEXT_PUBLIC_AUTH_PROXY_URL: NEXTJS_PROXY_URL,
  NEXT_PUBLIC_AUTH_PROXY_CONFIG_ID: 'demo',
  // What `npm run dev` hands the app: the key the mock (scripts/mock.mjs: the development key) signs with.
  NEXT_PUBLIC_AUTH_PROXY_MOCK_ENCLAVE_KEY: MOCK_DEV_ENCLAVE_PUBLIC_KEY,
  NEXT_TELEMETRY_DISABLED: '1',
  // The backend's (server/env.ts), read by `next start`, and the mock's webhook secret (scripts/startMock.mjs):
  // the backend trusts the mock's session key and learns of sign-ups from the mock's webhook.
  AUTH_PROXY_SESSION_JWKS_URL: `${NEXTJS_PROXY_URL}/.well-known/jwks.json`,
  AUTH_PROXY_ORGANIZATION_ID: DEMO_ORGANIZATION_ID,
  AUTH_PROXY_WEBHOOK_SECRET: NEXTJS_WEBHOOK_SECRET,
}

type WebServer = Exclude<NonNullable<PlaywrightTestConfig['webServer']>, readonly unknown[]>

export const nextjsServers: WebServer[] = [
  {
    // scripts/mock.mjs answers the origins of PORT (localhost and 127.0.0.1), the app's.
    command: 'node scripts/mock.mjs',
    cwd: NEXTJS_EXAMPLE,
    env: { ...NEXTJS_ENV, PORT: String(APP_PORT) },
    url: `${NEXTJS_PROXY_URL}/__mock/outbox`,
    // Never another run's server: it would serve another tarball.
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
  {
    command: `npx next start --hostname 127.0.0.1 --port ${APP_PORT}`,
    cwd: NEXTJS_EXAMPLE,
    env: NEXTJS_ENV,
    url: `${NEXTJS_APP_URL}/`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
]
