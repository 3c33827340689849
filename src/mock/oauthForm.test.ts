import { describe, expect, it } from 'vitest'
import { MockError } from './http'
import { MAX_FORM_BYTES, readForm } from './oauthForm'
import { setup, snapshot } from './testing/harness'
import { FACEBOOK_TOKEN_URL, problemOf } from './testing/oauth'

function form(body: BodyInit | null, headers: Record<string, string> = {}): Request {
  return new Request('http://mock.test/form', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
    body,
    ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
  } as RequestInit)
}

/** A body that would go on for ever if read to its end; `pulls` counts the chunks read. */
function endless(): ReadableStream<Uint8Array> & { pulls: number } {
  const counter = { pulls: 0 }
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        counter.pulls += 1
        controller.enqueue(new Uint8Array(16 * 1024).fill(0x61))
      },
    },
    { highWaterMark: 0 },
  )
  return Object.defineProperty(stream, 'pulls', { get: () => counter.pulls }) as ReadableStream<Uint8Array> & {
    pulls: number
  }
}

describe('readForm', () => {
  it('reads a form, charset parameter and all', async () => {
    const params = await readForm(
      form('a=1&b=%C3%A9', { 'Content-Type': 'application/x-www-form-urlencoded; charset=UTF-8' }),
    )
    expect(Object.fromEntries(params)).toEqual({ a: '1', b: 'é' })
  })

  it('refuses a body that is not a form (3)', async () => {
    await expect(readForm(form('{}', { 'Content-Type': 'application/json' }))).rejects.toEqual(
      new MockError(3, 'request body: expected a form (application/x-www-form-urlencoded), got application/json'),
    )
  })

  it('refuses a body that declares more than 64 KB, before reading it (8)', async () => {
    const body = endless()
    const refused = readForm(form(body, { 'Content-Length': String(MAX_FORM_BYTES + 1) }))
    await expect(refused).rejects.toMatchObject({
      code: 8,
      message: expect.stringMatching(/^request body: larger than 65536 bytes/),
    })
    expect(body.pulls).toBe(0)
  })

  it('stops reading a body without a length as soon as it passes 64 KB (8)', async () => {
    const body = endless()
    await expect(readForm(form(body))).rejects.toMatchObject({ code: 8 })
    // 64 KB in 16 KB chunks: the fifth passes the limit, and reading stops there.
    expect(body.pulls).toBe(5)
  })
})

describe('the provider endpoints', () => {
  it("refuse an oversized consent form with an error page, and an oversized token request in Graph's shape", async () => {
    const { proxy } = setup()
    const before = snapshot(proxy)
    const big = `state=${'s'.repeat(MAX_FORM_BYTES)}`
    const consent = await proxy.handle(
      new Request('http://mock.test/__mock/oauth/google/consent', {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: big,
      }),
    )
    expect(consent.status).toBe(429)
    expect(problemOf(await consent.text())).toMatch(/^request body: larger than 65536 bytes/)
    const token = await proxy.handle(
      new Request(FACEBOOK_TOKEN_URL, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: big,
      }),
    )
    expect(token.status).toBe(400)
    expect(await token.json()).toMatchObject({
      error: { message: expect.stringMatching(/^request body: larger than/), type: 'OAuthException' },
    })
    expect(snapshot(proxy)).toBe(before)
  })
})
