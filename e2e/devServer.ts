/** The playground as `npm run dev` serves it: Vite's dev server with the mock plugin (playwright.config.ts). */
export const DEV_PORT = Number(process.env.E2E_PORT ?? 5199)
export const DEV_URL = `http://127.0.0.1:${DEV_PORT}`
