/** Where the dev server mounts the mock proxy (playground/vite.config.ts). */
export const MOCK_PROXY_PATH = '/auth-proxy'
/** The mock's demo tenant (DEMO_CONFIG_ID); a literal so the page does not bundle the mock itself. */
export const CONFIG_ID = 'demo'
