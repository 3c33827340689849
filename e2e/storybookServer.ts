/** The built Storybook (npm run build-storybook), served as files for e2e/storybook.spec.ts (playwright.config.ts). */
export const STORYBOOK_PORT = Number(process.env.E2E_STORYBOOK_PORT ?? 5197)
export const STORYBOOK_URL = `http://127.0.0.1:${STORYBOOK_PORT}`
