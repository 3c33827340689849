// auth-proxy-kit/mock/playwright: every test starts from a clean mock, however the test before it in the
// same worker changed it (issue 29, item 8). The first test switches on what the README calls per-test
// (fault rules through the mock itself and through /__mock/faults, a latency, a failure) and does not put
// it back; the second must not see any of it.
import { expect, test } from 'auth-proxy-kit/mock/playwright'

test.use({ mockAuthProxyOptions: { url: '/auth-proxy' } })
// In order, in one worker: the second test runs on the mock the first one changed.
test.describe.configure({ mode: 'serial' })

/** The demo tenant's settings call: 200 on a healthy mock. */
function askConfig(url: string, configId: string): Request {
  return new Request(`${url}/v1/wallet_kit_config`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Auth-Proxy-Config-Id': configId },
  })
}

test('a test changes the mock outside the faults fixture and leaves it so', async ({ page, mockAuthProxy }) => {
  const { proxy, url } = mockAuthProxy
  proxy.faults.add({ endpoint: 'otp_init_v2', fault: { kind: 'error', code: 14 } })
  await page.goto('/')
  // From the page, as a browser test would: through the fixture's route to this worker's mock.
  const status = await page.evaluate(
    async (faultsUrl) =>
      (
        await fetch(faultsUrl, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ endpoint: 'otp_verify_v2', fault: { kind: 'drop' } }),
        })
      ).status,
    `${url}/__mock/faults`,
  )
  expect(status).toBe(201)
  // Ten minutes: a call in the next test would outlast its timeout if this stayed.
  proxy.setLatency(600_000)
  proxy.setFailure('wallet_kit_config', { code: 14 })
  expect(proxy.faults.list().map((rule) => rule.endpoint)).toEqual(['otp_init_v2', 'otp_verify_v2'])
})

test('the next test of the worker starts from a clean mock', async ({ page, mockAuthProxy, faults }) => {
  const { proxy, url, configId } = mockAuthProxy
  expect.soft(faults.list()).toEqual([])
  expect.soft(proxy.faults.list()).toEqual([])
  await page.goto('/')
  const listed = await page.evaluate(
    async (faultsUrl) => ((await (await fetch(faultsUrl)).json()) as { rules: unknown[] }).rules,
    `${url}/__mock/faults`,
  )
  expect.soft(listed).toEqual([])
  // No latency and no failure: the settings call is answered (a latency left on would hold it past the
  // test's timeout).
  const answer = await proxy.fetch(askConfig(url, configId))
  expect(answer.status).toBe(200)
})
