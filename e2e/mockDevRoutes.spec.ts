// The mock left running (`npx auth-proxy-kit-mock`, its default tenant allowing every origin) against the
// pages its developer visits meanwhile, in Chromium: a page on another origin posts text/plain (no preflight)
// to the fault plan and the test identities, and reads the outbox; a page on another name that resolves to
// this machine (DNS rebinding, played by Chromium's host resolver rules) reads the outbox as its own origin.
// Neither changes anything or reads a code.
import { createServer, type Server } from 'node:http'
import { expect, test } from '@playwright/test'
import { startMockAuthProxy, type RunningMockAuthProxy } from '../src/mock/node'
import { CHROMIUM_ARGS, findChromium } from './chromium'

/** A name of the attacker's whose DNS answer is this machine. */
const REBOUND_HOST = 'rebound.test'

test.use({
  launchOptions: {
    executablePath: findChromium(),
    args: [...CHROMIUM_ARGS, `--host-resolver-rules=MAP ${REBOUND_HOST} 127.0.0.1`],
  },
})

let mock: RunningMockAuthProxy
let mockUrl: string
let otherSite: Server
let otherSiteUrl: string
let code: string

test.describe.configure({ mode: 'serial' })

test.beforeAll(async () => {
  mock = await startMockAuthProxy({ port: 0, strictFields: true })
  mockUrl = mock.url.replace('127.0.0.1', 'localhost')
  // A code in the outbox, for the pages to try to read.
  const sent = await mock.proxy.handle(
    new Request(`${mockUrl}/v1/otp_init`, {
      method: 'POST',
      headers: { 'X-Auth-Proxy-Config-Id': 'demo' },
      body: JSON.stringify({ otpType: 'OTP_TYPE_EMAIL', contact: 'ada@example.com' }),
    }),
  )
  expect(sent.status).toBe(200)
  code = mock.proxy.outbox()[0]?.code ?? ''
  expect(code).not.toBe('')
  // Any web page: a blank document on an origin of its own.
  otherSite = createServer((_request, response) => {
    response
      .writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' })
      .end('<!doctype html><title>Elsewhere</title>')
  })
  await new Promise<void>((resolve) => otherSite.listen(0, '127.0.0.1', resolve))
  const address = otherSite.address()
  if (typeof address !== 'object' || address === null) throw new Error('the other site has no port')
  otherSiteUrl = `http://127.0.0.1:${address.port}/`
})

test.afterAll(async () => {
  await mock?.close()
  await new Promise<void>((resolve) => (otherSite ? otherSite.close(() => resolve()) : resolve()))
})

test('a page on another origin posting text/plain to /__mock/faults and the identities changes nothing, and reads no code', async ({
  page,
}) => {
  await page.goto(otherSiteUrl)
  const identitiesBefore = JSON.stringify(mock.proxy.state.oauthIdentities)
  const answered = Promise.all([
    page.waitForResponse(`${mockUrl}/__mock/faults`),
    page.waitForResponse(`${mockUrl}/__mock/oauth/identities`),
  ])
  await page.evaluate(async (mock) => {
    // What any script may send without a preflight; `no-cors`, since the page wants the effect, not the answer.
    const post = (path: string, body: unknown) =>
      fetch(`${mock}${path}`, {
        method: 'POST',
        mode: 'no-cors',
        headers: { 'Content-Type': 'text/plain' },
        body: JSON.stringify(body),
      })
    await post('/__mock/faults', { endpoint: 'otp_verify', fault: { kind: 'error', code: 14, message: 'planted' } })
    await post('/__mock/oauth/identities', { provider: 'google', name: 'Mallory', email: 'mallory@example.com' })
  }, mockUrl)
  // The requests reached the mock, which refused them.
  expect((await answered).map((response) => response.status())).toEqual([403, 403])
  expect(mock.proxy.faults.list()).toEqual([])
  expect(JSON.stringify(mock.proxy.state.oauthIdentities)).toBe(identitiesBefore)

  const read = await page.evaluate(async (mock) => {
    try {
      return await (await fetch(`${mock}/__mock/outbox`)).text()
    } catch (error) {
      return `unreadable: ${String(error)}`
    }
  }, mockUrl)
  expect(read).toMatch(/^unreadable: TypeError/)
  expect(read).not.toContain(code)
})

test('a page on another name that resolves to this machine (DNS rebinding) gets 403 for every route, and no code', async ({
  page,
}) => {
  const rebound = `http://${REBOUND_HOST}:${new URL(mockUrl).port}`
  const front = await page.goto(`${rebound}/`)
  expect(front?.status()).toBe(403)
  const outbox = await page.evaluate(async () => {
    // Same-origin for the browser: the page's origin is the rebound name's.
    const response = await fetch('/__mock/outbox')
    return { status: response.status, text: await response.text() }
  })
  expect(outbox.status).toBe(403)
  expect(outbox.text).toContain(`--allowed-host ${REBOUND_HOST}`)
  expect(outbox.text).not.toContain(code)
})
