import { request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http'
import { afterEach, describe, expect, it } from 'vitest'
import { startMockAuthProxy, type RunningMockAuthProxy } from './node'
import { DEMO_ORGANIZATION_ID, DEMO_TENANT } from './tenants'
import { createTestClientKey } from './testing/clientKey'
import { apiKeyStamp, envelope } from './testing/publicApi'
import { requestWithHost } from './testing/requestWithHost'
import { createSoftAuthenticator } from './testing/softAuthenticator'

let running: RunningMockAuthProxy | undefined

afterEach(async () => {
  await running?.close()
  running = undefined
})

describe('startMockAuthProxy', () => {
  it('serves the proxy over HTTP on a free port', async () => {
    running = await startMockAuthProxy({ port: 0 })
    expect(running.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    const response = await fetch(`${running.url}/v1/wallet_kit_config`, {
      method: 'POST',
      headers: { 'X-Auth-Proxy-Config-ID': 'demo', Origin: 'http://app.test' },
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('access-control-allow-origin')).toBe('http://app.test')
    expect(await response.json()).toMatchObject({ organizationId: DEMO_ORGANIZATION_ID })
  })

  it('passes request bodies through and answers errors as JSON with their status', async () => {
    running = await startMockAuthProxy({ port: 0, latencyMs: 0 })
    const headers = { 'X-Auth-Proxy-Config-Id': 'demo', 'Content-Type': 'application/json' }
    const sent = await fetch(`${running.url}/v1/otp_init`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ otpType: 'OTP_TYPE_EMAIL', contact: 'ada@example.com' }),
    })
    expect(sent.status).toBe(200)
    const { otpId } = (await sent.json()) as { otpId: string }
    expect(running.proxy.outbox('ada@example.com')[0]?.otpId).toBe(otpId)

    const outbox = await fetch(`${running.url}/__mock/outbox?contact=ada@example.com`)
    expect(((await outbox.json()) as { otpId: string }[])[0]?.otpId).toBe(otpId)

    const bad = await fetch(`${running.url}/v1/otp_init`, { method: 'POST', headers, body: '{' })
    expect(bad.status).toBe(400)
    expect(await bad.json()).toMatchObject({ code: 3, message: expect.stringMatching(/^request body: not valid JSON/) })
  })

  it("drops the connection for a fault plan's drop: Node's fetch rejects, and the request took effect only for a drop after", async () => {
    running = await startMockAuthProxy({
      port: 0,
      faults: [{ endpoint: 'otp_init', call: 1, fault: { kind: 'drop' } }],
    })
    const send = (contact: string) =>
      fetch(`${running!.url}/v1/otp_init`, {
        method: 'POST',
        headers: { 'X-Auth-Proxy-Config-Id': 'demo', 'Content-Type': 'application/json' },
        body: JSON.stringify({ otpType: 'OTP_TYPE_EMAIL', contact }),
      })
    await expect(send('ada@example.com')).rejects.toThrow(new TypeError('fetch failed'))
    expect(running.proxy.outbox()).toEqual([])
    running.proxy.faults.add({ endpoint: 'otp_init', fault: { kind: 'drop', after: true } })
    await expect(send('bob@example.com')).rejects.toThrow(new TypeError('fetch failed'))
    expect(running.proxy.outbox('bob@example.com')).toHaveLength(1)
    // The server still answers afterwards.
    running.proxy.faults.clear()
    expect((await send('eve@example.com')).status).toBe(200)
  })

  it('takes fault rules over HTTP: POST adds (201), GET lists, DELETE clears (204); a bad rule is a 400 naming the field', async () => {
    running = await startMockAuthProxy({ port: 0, tenants: [{ ...DEMO_TENANT, allowedOrigins: ['http://app.test'] }] })
    const control = `${running.url}/__mock/faults`
    const rule = { endpoint: 'otp_verify', call: 2, fault: { kind: 'page', status: 503, retryAfter: '5' } }
    const added = await fetch(control, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: 'http://app.test' },
      body: JSON.stringify(rule),
    })
    expect(added.status).toBe(201)
    expect(added.headers.get('access-control-allow-origin')).toBe('http://app.test')
    expect(await added.json()).toEqual({ rules: [{ ...rule, hits: 0 }] })
    expect(running.proxy.faults.list()).toEqual([{ ...rule, hits: 0 }])
    expect(await (await fetch(control)).json()).toEqual({ rules: [{ ...rule, hits: 0 }] })

    const bad = await fetch(control, {
      method: 'POST',
      body: JSON.stringify({ endpoint: 'otp_verify', fault: { kind: 'x' } }),
    })
    expect(bad.status).toBe(400)
    expect(await bad.json()).toEqual({
      code: 3,
      message: 'fault.kind: expected one of error, page, drop, late, truncate, contentType, got "x"',
      details: [],
    })
    const notJson = await fetch(control, { method: 'POST', body: '{' })
    expect(notJson.status).toBe(400)
    expect(running.proxy.faults.list()).toHaveLength(1)

    const preflight = await fetch(control, {
      method: 'OPTIONS',
      headers: { Origin: 'http://app.test', 'Access-Control-Request-Method': 'DELETE' },
    })
    expect(preflight.headers.get('access-control-allow-methods')).toContain('DELETE')
    const cleared = await fetch(control, { method: 'DELETE' })
    expect(cleared.status).toBe(204)
    expect(running.proxy.faults.list()).toEqual([])
    expect(await (await fetch(control)).json()).toEqual({ rules: [] })
    expect((await fetch(control, { method: 'PUT' })).status).toBe(404)
  })

  it('refuses bad fault rules in its options, naming the field', async () => {
    await expect(
      startMockAuthProxy({ port: 0, faults: [{ endpoint: 'otp_nope' as 'otp_init', fault: { kind: 'truncate' } }] }),
    ).rejects.toThrow(
      /^faults\[0\]\.endpoint: expected a proxy endpoint or a public API operation \(one of .*submit\/stamp_login.*\), got "otp_nope"$/,
    )
  })

  it('answers preflight requests', async () => {
    running = await startMockAuthProxy({ port: 0 })
    const response = await fetch(`${running.url}/v1/otp_init`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://app.test', 'Access-Control-Request-Method': 'POST' },
    })
    expect(response.status).toBe(204)
    expect(response.headers.get('access-control-allow-origin')).toBe('http://app.test')
  })

  it('stops listening on close', async () => {
    const server = await startMockAuthProxy({ port: 0 })
    await server.close()
    await expect(fetch(`${server.url}/.well-known/jwks.json`)).rejects.toThrow()
  })

  it('fails to start on a port in use', async () => {
    running = await startMockAuthProxy({ port: 0 })
    const port = Number(new URL(running.url).port)
    await expect(startMockAuthProxy({ port })).rejects.toThrow(/EADDRINUSE/)
  })

  it('serves the stamped public API: the stamp verifies over the body bytes as they came over the wire', async () => {
    running = await startMockAuthProxy({ port: 0 })
    const origin = 'http://localhost:5173'
    const device = createSoftAuthenticator({ origin })
    const clientKey = await createTestClientKey()
    const signup = await fetch(`${running.url}/v1/signup`, {
      method: 'POST',
      headers: { 'X-Auth-Proxy-Config-Id': 'demo', 'Content-Type': 'application/json', Origin: origin },
      body: JSON.stringify({
        apiKeys: [
          { apiKeyName: 'k', publicKey: clientKey.publicKey, curveType: 'API_KEY_CURVE_P256', expirationSeconds: '60' },
        ],
        authenticators: [await device.register()],
        oauthProviders: [],
      }),
    })
    expect(signup.status).toBe(200)
    const { organizationId } = (await signup.json()) as { organizationId: string }
    // Non-ASCII in the body: the signature covers the UTF-8 bytes, which the adapter must pass unchanged.
    const body = envelope(
      'ACTIVITY_TYPE_STAMP_LOGIN',
      organizationId,
      { publicKey: (await createTestClientKey()).publicKey, note: 'é✓' },
      Date.now(),
    )
    const login = await fetch(`${running.url}/public/v1/submit/stamp_login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: origin, 'X-Stamp': await apiKeyStamp(clientKey, body) },
      body,
    })
    expect(login.status).toBe(200)
    expect(login.headers.get('access-control-allow-origin')).toBe(origin)
    expect(await login.json()).toMatchObject({ activity: { status: 'ACTIVITY_STATUS_COMPLETED', organizationId } })
  })

  it('passes strictFields through to the proxy', async () => {
    running = await startMockAuthProxy({ port: 0, strictFields: true })
    const response = await fetch(`${running.url}/v1/otp_init`, {
      method: 'POST',
      headers: { 'X-Auth-Proxy-Config-Id': 'demo', 'Content-Type': 'application/json' },
      body: JSON.stringify({ otpType: 'OTP_TYPE_EMAIL', contact: 'ada@example.com', otpLength: '6' }),
    })
    expect(await response.json()).toMatchObject({
      code: 3,
      message: expect.stringMatching(/^otp_init: otpLength is not a field/),
    })
  })

  describe('a body over 4 MB', () => {
    /** Sends the head and `firstBytes` of a body, never the rest, and answers the response as soon as it comes. */
    function startUpload(
      url: string,
      headers: Record<string, string>,
      firstBytes: number,
    ): Promise<{ status: number; body: string; request: ClientRequest }> {
      return new Promise((resolve, reject) => {
        const request = httpRequest(`${url}/v1/signup`, {
          method: 'POST',
          headers: { 'X-Auth-Proxy-Config-Id': 'demo', 'Content-Type': 'application/json', ...headers },
        })
        request.on('error', reject)
        request.on('response', (response: IncomingMessage) => {
          let body = ''
          response.setEncoding('utf8')
          response.on('data', (chunk: string) => (body += chunk))
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body, request }))
        })
        request.write(new Uint8Array(firstBytes).fill(0x20))
      })
    }

    it('is refused on its Content-Length with 8 before the server waits for it', async () => {
      running = await startMockAuthProxy({ port: 0 })
      const { status, body, request } = await startUpload(
        running.url,
        { 'Content-Length': String(20 * 1024 * 1024) },
        1024,
      )
      request.destroy()
      expect(status).toBe(429)
      expect(JSON.parse(body)).toMatchObject({
        code: 8,
        message: expect.stringContaining('Content-Length is 20971520 bytes'),
      })
    })

    it('is refused without Content-Length (chunked) with 8 as soon as 4 MB have come, the rest never awaited', async () => {
      running = await startMockAuthProxy({ port: 0 })
      const { status, body, request } = await startUpload(
        running.url,
        { 'Transfer-Encoding': 'chunked' },
        5 * 1024 * 1024,
      )
      request.destroy()
      expect(status).toBe(429)
      expect(JSON.parse(body)).toMatchObject({
        code: 8,
        message: expect.stringContaining('more than 4194304 bytes received'),
      })
      // The server goes on serving.
      const next = await fetch(`${running.url}/v1/wallet_kit_config`, {
        method: 'POST',
        headers: { 'X-Auth-Proxy-Config-Id': 'demo' },
      })
      expect(next.status).toBe(200)
    })
  })

  describe('the Host check (DNS rebinding)', () => {
    it('refuses a foreign Host with 403 on every route, naming the flag that allows it, and changes nothing', async () => {
      running = await startMockAuthProxy({ port: 0 })
      await running.proxy.handle(
        new Request('http://mock.test/v1/otp_init', {
          method: 'POST',
          headers: { 'X-Auth-Proxy-Config-Id': 'demo' },
          body: JSON.stringify({ otpType: 'OTP_TYPE_EMAIL', contact: 'ada@example.com' }),
        }),
      )
      const code = running.proxy.outbox()[0]?.code ?? 'no code sent'
      const host = `rebound.example:${new URL(running.url).port}`
      for (const [method, path] of [
        ['GET', '/__mock/outbox'],
        ['GET', '/__mock/webhooks'],
        ['GET', '/'],
        ['POST', '/v1/wallet_kit_config'],
        ['POST', '/__mock/faults'],
      ] as const) {
        const body = method === 'POST' ? JSON.stringify({ endpoint: 'otp_init', fault: { kind: 'drop' } }) : undefined
        const answer = await requestWithHost(running.url, host, path, { method, ...(body ? { body } : {}) })
        expect({ path, status: answer.status }).toEqual({ path, status: 403 })
        expect(answer.contentType).toBe('text/plain; charset=utf-8')
        expect(answer.body).toContain('Blocked request: this host ("rebound.example") is not allowed')
        expect(answer.body).toContain('start the mock with --allowed-host rebound.example')
        expect(answer.body).not.toContain(code)
      }
      expect(running.proxy.faults.list()).toEqual([])

      // Loopback names, and any IP address: rebinding needs a name.
      for (const name of ['localhost', 'app.localhost', '127.0.0.1', '[::1]', '192.168.1.20', '0x7f.1']) {
        const answer = await requestWithHost(running.url, `${name}:${new URL(running.url).port}`, '/__mock/outbox')
        expect({ name, status: answer.status }).toEqual({ name, status: 200 })
      }
    })

    it('refuses a Host that only looks like an address (user info, a path)', async () => {
      running = await startMockAuthProxy({ port: 0 })
      for (const host of ['rebound.example@127.0.0.1', '127.0.0.1/x', 'localhost.rebound.example']) {
        expect({ host, status: (await requestWithHost(running.url, host, '/__mock/outbox')).status }).toEqual({
          host,
          status: 403,
        })
      }
    })

    it('answers the names in allowedHosts (a leading dot: and their subdomains), and any host with true', async () => {
      running = await startMockAuthProxy({ port: 0, allowedHosts: ['mock.example.test', '.dev.example.test'] })
      const status = async (host: string) => (await requestWithHost(running!.url, host, '/__mock/outbox')).status
      expect(await status('mock.example.test')).toBe(200)
      expect(await status('MOCK.example.test:8787')).toBe(200)
      expect(await status('dev.example.test')).toBe(200)
      expect(await status('a.dev.example.test')).toBe(200)
      expect(await status('other.example.test')).toBe(403)
      await running.close()
      running = await startMockAuthProxy({ port: 0, allowedHosts: true })
      expect(await status('anything.example')).toBe(200)
    })

    it('refuses an allowedHosts entry with a scheme or port, naming it', async () => {
      await expect(startMockAuthProxy({ port: 0, allowedHosts: ['http://mock.example.test'] })).rejects.toThrow(
        new TypeError(
          `allowedHosts: expected host names like 'mock.example.test' (or '.example.test' for its subdomains), without a scheme or port, got "http://mock.example.test"`,
        ),
      )
      await expect(startMockAuthProxy({ port: 0, allowedHosts: ['mock.example.test:8787'] })).rejects.toThrow(
        /got "mock\.example\.test:8787"$/,
      )
    })
  })
})
