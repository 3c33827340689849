// The mock auth proxy for this example: a Node server on its own port, as a real proxy would be, that
// answers the Next app's origins only (the browser calls it cross-origin, straight from the page).
import { DEMO_TENANT, startMockAuthProxy } from 'auth-proxy-kit/mock'

/** Another app on the same proxy: its sessions verify with the same key, and this app's backend refuses them. */
export const OTHER_APP_TENANT = {
  configId: 'other-app',
  organizationId: '9e1f2a3b-4c5d-4e6f-8a7b-0c1d2e3f4a5b',
  enabledProviders: ['email'],
}

/**
 * @param {{ port: number, appOrigins: string[] }} options
 * @returns {ReturnType<typeof startMockAuthProxy>}
 */
export function startMock({ port, appOrigins }) {
  // The proxy tells the app's backend of each sign-up (app/api/proxy-events), so that it knows which
  // organizations are its own; the secret signs the deliveries (.env: AUTH_PROXY_WEBHOOK_SECRET).
  const webhook = process.env.AUTH_PROXY_WEBHOOK_SECRET
    ? { webhookUrl: `${appOrigins[1]}/api/proxy-events`, webhookSecret: process.env.AUTH_PROXY_WEBHOOK_SECRET }
    : {}
  return startMockAuthProxy({
    port,
    tenants: [
      { ...DEMO_TENANT, allowedOrigins: appOrigins, ...webhook },
      { ...OTHER_APP_TENANT, allowedOrigins: appOrigins },
    ],
  })
}

/** Where `next dev` and `next start` listen by default, by either name. */
export function appOrigins(port) {
  return [`http://localhost:${port}`, `http://127.0.0.1:${port}`]
}
