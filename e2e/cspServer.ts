/** The playground's production build under `Content-Security-Policy: default-src 'self'` (playwright.config.ts). */
export const CSP_PORT = Number(process.env.E2E_CSP_PORT ?? 5198)
export const CSP_URL = `http://127.0.0.1:${CSP_PORT}`
