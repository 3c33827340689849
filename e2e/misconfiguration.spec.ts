import { expect, test, type Page } from '@playwright/test'
import { DEMO_TENANT } from '../src/mock/tenants'
import { startMockAuthProxy, type RunningMockAuthProxy } from '../src/mock/node'
import { DEV_URL } from './devServer'

// In Chromium, on Vite's dev server (development: the kit's checks are on), a proxy that leaves the
// page's origin out of its CORS answers and a proxy that is not there both make fetch fail with the same
// TypeError. The kit tells them apart (src/core/misconfiguration.ts) and says which in the console, once.

let proxy: RunningMockAuthProxy
test.beforeAll(async () => {
  // A tenant that allows another origin only: the preflight is answered without this page's origin.
  proxy = await startMockAuthProxy({
    tenants: [{ ...DEMO_TENANT, allowedOrigins: ['https://app.example'] }],
    strictFields: true,
  })
})
test.afterAll(() => proxy.close())

/** The config call of a client made in the page from the kit's source, as the dev server serves it. */
async function configCallIn(page: Page, proxyUrl: string): Promise<string> {
  return page.evaluate(
    async ({ url, core }) => {
      const kit = (await import(/* @vite-ignore */ `/@fs${core}`)) as typeof import('../src/core')
      const client = kit.createAuthProxyClient({ proxyUrl: url, configId: 'demo' })
      return client.walletKitConfig().then(
        () => 'answered',
        (error: { code: string }) => error.code,
      )
    },
    { url: proxyUrl, core: KIT_CORE },
  )
}
const KIT_CORE = new URL('../src/core/index.ts', import.meta.url).pathname

function consoleErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error' && message.text().startsWith('auth-proxy-kit:')) errors.push(message.text())
  })
  return errors
}

test('an origin the proxy does not allow is named in the console, with the fix, not taken for an outage', async ({
  page,
}) => {
  const errors = consoleErrors(page)
  await page.goto(`${DEV_URL}/`)
  expect(await configCallIn(page, proxy.url)).toBe('PROXY_UNAVAILABLE')
  await expect
    .poll(() => errors)
    .toEqual([
      `auth-proxy-kit: the proxy at ${proxy.url} does not allow this page's origin for config "demo" (it answers, but without Access-Control-Allow-Origin for this page, which the browser reports as "Failed to fetch"). Add ${DEV_URL} to the allowed origins of config "demo" in the proxy's dashboard.`,
    ])
  // Once per page, however often it fails.
  expect(await configCallIn(page, proxy.url)).toBe('PROXY_UNAVAILABLE')
  expect(errors).toHaveLength(1)
})

test('a proxy that is not there says nothing of origins', async ({ page }) => {
  const errors = consoleErrors(page)
  await page.goto(`${DEV_URL}/`)
  const failed: string[] = []
  page.on('requestfailed', (request) => failed.push(`${request.method()} ${request.url()}`))
  // Port 9 (discard): nothing listens, the connection is refused.
  expect(await configCallIn(page, 'http://127.0.0.1:9')).toBe('PROXY_UNAVAILABLE')
  // The call, then the kit's probe without CORS, sent only once the call has failed: refused alike.
  const config = 'POST http://127.0.0.1:9/v1/wallet_kit_config'
  await expect.poll(() => failed).toEqual([config, config])
  // The page's next task runs after the probe's rejection was handled.
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)))
  expect(errors).toEqual([])
})
