// Each fault kind through the whole handler: at a /v1 endpoint (otp_init) and at a public API
// operation (stamp_login). Faults before processing change nothing; those after let the request take effect.
import { describe, expect, it } from 'vitest'
import { createTestClientKey } from '../testing/clientKey'
import { call, setup, snapshot, type Setup } from '../testing/harness'
import { ORIGIN, callPublic, passkeySignUp, stampLoginBody, xStamp } from '../testing/publicApi'
import type { MockAuthProxy, MockFault } from '../types'
import { MockConnectionDropped } from './MockConnectionDropped'

const OTP_INIT = { otpType: 'OTP_TYPE_EMAIL', contact: 'ada@example.com' }

function otpInitRequest(init: RequestInit = {}): Request {
  return new Request('http://mock.test/v1/otp_init', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Auth-Proxy-Config-Id': 'demo', Origin: ORIGIN },
    body: JSON.stringify(OTP_INIT),
    ...init,
  })
}

/** A passkey user and a stamp_login request of theirs, ready to send (once). */
async function stampLoginCall({ proxy, clock }: Setup): Promise<() => Request> {
  const user = await passkeySignUp(proxy)
  const body = stampLoginBody(user.organizationId, (await createTestClientKey()).publicKey, clock)
  const headers = { 'Content-Type': 'application/json', Origin: ORIGIN, ...(await xStamp(user.clientKey, body)) }
  return () => new Request('http://mock.test/public/v1/submit/stamp_login', { method: 'POST', headers, body })
}

const sessions = (proxy: MockAuthProxy): number => Object.keys(proxy.state.sessions).length

describe('faults before processing change nothing', () => {
  it("'error' answers as the proxy's errors do, with Retry-After and RetryInfo when asked", async () => {
    const { proxy } = setup({
      faults: [
        { endpoint: 'otp_init', fault: { kind: 'error', code: 8, message: 'slow down', retryAfterSeconds: 30 } },
      ],
    })
    const before = snapshot(proxy)
    const answer = await call(proxy, 'otp_init', OTP_INIT, { origin: ORIGIN })
    expect(answer.status).toBe(429)
    expect(answer.body).toEqual({
      code: 8,
      message: 'slow down',
      details: [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '30s' }],
    })
    expect(answer.headers.get('Retry-After')).toBe('30')
    expect(answer.headers.get('Access-Control-Allow-Origin')).toBe(ORIGIN)
    expect(answer.headers.get('Access-Control-Expose-Headers')).toBe('Retry-After')
    expect(snapshot(proxy)).toBe(before)

    proxy.faults.clear()
    proxy.faults.add({ endpoint: 'otp_init', fault: { kind: 'error', code: 14 } })
    const plain = await call(proxy, 'otp_init', OTP_INIT)
    expect(plain.status).toBe(503)
    expect(plain.body).toEqual({ code: 14, message: 'otp_init: failing on purpose (mock fault plan)', details: [] })
    expect(plain.headers.get('Retry-After')).toBeNull()
  })

  it("'error' at a public API operation", async () => {
    const context = setup()
    const request = await stampLoginCall(context)
    context.proxy.faults.add({ endpoint: 'submit/stamp_login', fault: { kind: 'error', code: 13, message: 'boom' } })
    const before = snapshot(context.proxy)
    const response = await context.proxy.handle(request())
    expect(response.status).toBe(500)
    expect(await response.json()).toEqual({ code: 13, message: 'boom', details: [] })
    expect(snapshot(context.proxy)).toBe(before)
  })

  it("'page' answers a non-JSON page with its status, Retry-After and CORS", async () => {
    const { proxy } = setup({
      faults: [
        { endpoint: 'otp_init', fault: { kind: 'page', status: 429, retryAfter: 'Wed, 01 Jan 2031 00:00:00 GMT' } },
      ],
    })
    const before = snapshot(proxy)
    const response = await proxy.handle(otpInitRequest())
    expect(response.status).toBe(429)
    expect(response.headers.get('Content-Type')).toBe('text/html; charset=utf-8')
    expect(response.headers.get('Retry-After')).toBe('Wed, 01 Jan 2031 00:00:00 GMT')
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe(ORIGIN)
    expect(response.headers.get('Access-Control-Expose-Headers')).toBe('Retry-After')
    expect(await response.text()).toMatch(/^<!DOCTYPE html>.*429/s)
    expect(snapshot(proxy)).toBe(before)
  })

  it("'page' at a public API operation, with its own body and content type", async () => {
    const context = setup()
    const request = await stampLoginCall(context)
    context.proxy.faults.add({
      endpoint: 'submit/stamp_login',
      fault: { kind: 'page', status: 502, body: 'Bad gateway', contentType: 'text/plain' },
    })
    const before = snapshot(context.proxy)
    const response = await context.proxy.handle(request())
    expect(response.status).toBe(502)
    expect(response.headers.get('Content-Type')).toBe('text/plain')
    expect(response.headers.get('Retry-After')).toBeNull()
    expect(await response.text()).toBe('Bad gateway')
    expect(snapshot(context.proxy)).toBe(before)
  })

  it("'drop' rejects handle with MockConnectionDropped and fetch with TypeError('fetch failed')", async () => {
    const { proxy } = setup({ faults: [{ endpoint: 'otp_init', times: 2, fault: { kind: 'drop' } }] })
    const before = snapshot(proxy)
    const handled = proxy.handle(otpInitRequest())
    await expect(handled).rejects.toBeInstanceOf(MockConnectionDropped)
    await expect(handled).rejects.toMatchObject({ processed: false })
    const fetched = proxy.fetch('/v1/otp_init', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Auth-Proxy-Config-Id': 'demo' },
      body: JSON.stringify(OTP_INIT),
    })
    await expect(fetched).rejects.toThrow(new TypeError('fetch failed'))
    await expect(fetched).rejects.not.toBeInstanceOf(MockConnectionDropped)
    expect(snapshot(proxy)).toBe(before)
    expect(proxy.outbox()).toEqual([])
  })

  it("'drop' at a public API operation", async () => {
    const context = setup()
    const request = await stampLoginCall(context)
    context.proxy.faults.add({ endpoint: 'submit/stamp_login', fault: { kind: 'drop', after: false } })
    const before = snapshot(context.proxy)
    await expect(context.proxy.handle(request())).rejects.toBeInstanceOf(MockConnectionDropped)
    expect(snapshot(context.proxy)).toBe(before)
  })
})

describe('faults after processing let the request take effect', () => {
  it("'drop' after: the code is sent, the answer lost", async () => {
    const { proxy } = setup({ faults: [{ endpoint: 'otp_init', fault: { kind: 'drop', after: true } }] })
    await expect(proxy.handle(otpInitRequest())).rejects.toMatchObject({
      name: 'MockConnectionDropped',
      processed: true,
    })
    expect(proxy.outbox()).toHaveLength(1)
    await expect(
      proxy.fetch(otpInitRequest({ body: JSON.stringify({ ...OTP_INIT, contact: 'bob@example.com' }) })),
    ).rejects.toThrow('fetch failed')
    expect(proxy.outbox('bob@example.com')).toHaveLength(1)
  })

  it("'drop' after at a public API operation: the session exists", async () => {
    const context = setup()
    const request = await stampLoginCall(context)
    context.proxy.faults.add({ endpoint: 'submit/stamp_login', fault: { kind: 'drop', after: true } })
    const before = sessions(context.proxy)
    await expect(context.proxy.fetch(request())).rejects.toThrow(new TypeError('fetch failed'))
    expect(sessions(context.proxy)).toBe(before + 1)
  })

  it("'late' answers after ms; a client that gives up first is rejected, the code sent all the same", async () => {
    const { proxy } = setup({ faults: [{ endpoint: 'otp_init', call: 1, fault: { kind: 'late', ms: 60 } }] })
    const started = performance.now()
    const response = await proxy.handle(otpInitRequest())
    expect(performance.now() - started).toBeGreaterThanOrEqual(55)
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ otpId: proxy.outbox()[0]?.otpId })

    proxy.faults.add({ endpoint: 'otp_init', fault: { kind: 'late', ms: 60_000 } })
    const controller = new AbortController()
    const fetched = proxy.fetch(
      otpInitRequest({ body: JSON.stringify({ ...OTP_INIT, contact: 'bob@example.com' }), signal: controller.signal }),
    )
    setTimeout(() => controller.abort(), 20)
    await expect(fetched).rejects.toMatchObject({ name: 'AbortError' })
    expect(proxy.outbox('bob@example.com')).toHaveLength(1)
  })

  it("'late' at a public API operation", async () => {
    const context = setup()
    const request = await stampLoginCall(context)
    context.proxy.faults.add({ endpoint: 'submit/stamp_login', fault: { kind: 'late', ms: 40 } })
    const started = performance.now()
    const response = await context.proxy.handle(request())
    expect(performance.now() - started).toBeGreaterThanOrEqual(35)
    expect(response.status).toBe(200)
    expect(sessions(context.proxy)).toBe(1)
  })

  it("'truncate' cuts the body in half, status and headers kept", async () => {
    const { proxy } = setup({ faults: [{ endpoint: 'otp_init', fault: { kind: 'truncate' } }] })
    const response = await proxy.handle(otpInitRequest())
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe('application/json')
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe(ORIGIN)
    const whole = JSON.stringify({ otpId: proxy.outbox()[0]?.otpId })
    expect(await response.text()).toBe(whole.slice(0, Math.floor(whole.length / 2)))
  })

  it("'truncate' at a public API operation", async () => {
    const context = setup()
    const request = await stampLoginCall(context)
    context.proxy.faults.add({ endpoint: 'submit/stamp_login', fault: { kind: 'truncate' } })
    const response = await context.proxy.handle(request())
    expect(response.status).toBe(200)
    await expect(response.json()).rejects.toThrow(SyntaxError)
    expect(sessions(context.proxy)).toBe(1)
  })

  it("'contentType' relabels the JSON answer", async () => {
    const { proxy } = setup({ faults: [{ endpoint: 'otp_init', times: 1, fault: { kind: 'contentType' } }] })
    const response = await proxy.handle(otpInitRequest())
    expect(response.headers.get('Content-Type')).toBe('text/html; charset=utf-8')
    expect(await response.json()).toEqual({ otpId: proxy.outbox()[0]?.otpId })
  })

  it("'contentType' at a public API operation", async () => {
    const context = setup()
    const request = await stampLoginCall(context)
    context.proxy.faults.add({
      endpoint: 'submit/stamp_login',
      fault: { kind: 'contentType', contentType: 'text/plain' },
    })
    const response = await context.proxy.handle(request())
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe('text/plain')
    expect(sessions(context.proxy)).toBe(1)
  })

  it('applies to an error answer too: a refused call, answered late and cut', async () => {
    const { proxy } = setup({ faults: [{ endpoint: 'otp_init', fault: { kind: 'truncate' } }] })
    const response = await proxy.handle(otpInitRequest({ body: '{}' }))
    expect(response.status).toBe(400)
    expect(await response.text()).toMatch(/^\{"code":3,/)
  })
})

describe('what counts as a call', () => {
  it('counts requests that reach the endpoint: not preflights, unknown tenants or GETs', async () => {
    const { proxy } = setup()
    const fault: MockFault = { kind: 'error', code: 14 }
    proxy.faults.add({ endpoint: 'otp_init', call: 1, fault })
    proxy.faults.add({ endpoint: 'submit/stamp_login', call: 1, fault })
    await proxy.handle(new Request('http://mock.test/v1/otp_init', { method: 'OPTIONS', headers: { Origin: ORIGIN } }))
    expect((await call(proxy, 'otp_init', OTP_INIT, { configId: 'nobody' })).status).toBe(404)
    await proxy.handle(
      new Request('http://mock.test/public/v1/submit/stamp_login', { method: 'OPTIONS', headers: { Origin: ORIGIN } }),
    )
    expect((await proxy.handle(new Request('http://mock.test/public/v1/submit/stamp_login'))).status).toBe(404)
    expect(proxy.faults.list().map((rule) => rule.hits)).toEqual([0, 0])
    expect((await call(proxy, 'otp_init', OTP_INIT)).status).toBe(503)
    expect((await callPublic(proxy, 'submit/stamp_login', '{}')).status).toBe(503)
    expect(proxy.faults.list().map((rule) => rule.hits)).toEqual([1, 1])
  })

  it('faults only the Nth call; the old failures still answer as before once no rule applies', async () => {
    const { proxy } = setup({ failures: { otp_verify: { code: 9, message: 'old switch' } } })
    proxy.faults.add({ endpoint: 'otp_init', call: 2, fault: { kind: 'error', code: 14 } })
    expect((await call(proxy, 'otp_init', OTP_INIT)).status).toBe(200)
    expect((await call(proxy, 'otp_init', { ...OTP_INIT, contact: 'bob@example.com' })).status).toBe(503)
    expect((await call(proxy, 'otp_init', { ...OTP_INIT, contact: 'eve@example.com' })).status).toBe(200)
    expect((await call(proxy, 'otp_verify', {})).body).toEqual({ code: 9, message: 'old switch', details: [] })
  })
})
