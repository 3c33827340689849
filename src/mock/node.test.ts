import { afterEach, describe, expect, it } from 'vitest'
import { startMockAuthProxy, type RunningMockAuthProxy } from './node'
import { DEMO_ORGANIZATION_ID } from './tenants'

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
})
