// The mock auth proxy for this example: a Node server on its own port, as a real proxy would be, that
// answers the Next app's origins only (the browser calls it cross-origin, straight from the page).
import { DEMO_TENANT, startMockAuthProxy } from 'auth-proxy-kit/mock'

/**
 * @param {{ port: number, appOrigins: string[] }} options
 * @returns {ReturnType<typeof startMockAuthProxy>}
 */
export function startMock({ port, appOrigins }) {
  return startMockAuthProxy({ port, tenants: [{ ...DEMO_TENANT, allowedOrigins: appOrigins }] })
}

/** Where `next dev` and `next start` listen by default, by either name. */
export function appOrigins(port) {
  return [`http://localhost:${port}`, `http://127.0.0.1:${port}`]
}
