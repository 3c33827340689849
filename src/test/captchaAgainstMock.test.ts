// The kit on a captcha tenant (a Turnstile site key), against the mock: the site key learnt once from
// wallet_kit_client_params, the widget's token sent as X-Captcha-Token on the code's request and nowhere
// else, and a start without one refused as CAPTCHA_REQUIRED, before or by the proxy.
import { describe, expect, it } from 'vitest'
import { getCaptchaSiteKey } from '../core/captcha/clientParams'
import { createKit, type Kit } from '../core/createKit'
import { isKitError } from '../core/errors'
import { memoryKeyStore } from '../core/keys/memoryKeyStore'
import { completeEmailOtp, startEmailOtp } from '../core/otp/emailOtp'
import { createOtpFlow } from '../core/otp/createOtpFlow'
import { startSmsOtp } from '../core/otp/smsOtp'
import { memoryStorage } from '../core/session/memoryStorage'
import { createMockAuthProxy } from '../mock/handler'
import type { MockAuthProxy } from '../mock/types'

const SITE_KEY = 'shop-site-key'

interface Sent {
  endpoint: string
  captchaToken: string | null
}

function setup(protocol: 'v1' | 'v2' = 'v2', turnstileSiteKey: string | null = SITE_KEY) {
  const proxy = createMockAuthProxy({
    strictFields: true,
    tenants: [
      {
        configId: 'shop',
        organizationId: 'org-shop',
        enabledProviders: ['email', 'sms'],
        ...(turnstileSiteKey === null ? {} : { turnstileSiteKey }),
      },
    ],
    otpRateLimits: false,
  })
  const sent: Sent[] = []
  const kit = createKit({
    proxyUrl: 'https://proxy.test',
    configId: 'shop',
    fetch: async (input, init) => {
      const request = new Request(input, init)
      const endpoint = new URL(request.url).pathname.replace(/^\/v1\//, '')
      sent.push({ endpoint, captchaToken: request.headers.get('X-Captcha-Token') })
      return proxy.handle(request)
    },
    keyStore: memoryKeyStore(),
    storage: memoryStorage(),
    otpProtocol: protocol,
    dangerouslyOverrideSignerPublicKey: proxy.enclaveSignerPublicKey,
  })
  return { kit, proxy, sent }
}

/** What the test widget's checkbox does (POST /__mock/turnstile/token). */
async function widgetToken(proxy: MockAuthProxy, sitekey = SITE_KEY): Promise<string> {
  const response = await proxy.handle(
    new Request('https://proxy.test/__mock/turnstile/token', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ sitekey }),
    }),
  )
  const { token } = (await response.json()) as { token: string }
  return token
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected a rejection')
    },
    (error: unknown) => error,
  )
}

function codeFor(proxy: MockAuthProxy, contact: string): string {
  const message = proxy.outbox(contact).at(-1)
  if (!message) throw new Error(`no code sent to ${contact}`)
  return message.code
}

async function signUp(kit: Kit, proxy: MockAuthProxy, email: string) {
  const challenge = await startEmailOtp(kit, { email, captchaToken: await widgetToken(proxy) })
  return completeEmailOtp(kit, { challenge, code: codeFor(proxy, email) })
}

describe.each(['v2', 'v1'] as const)('email OTP on a captcha tenant (%s)', (protocol) => {
  it("signs up with the widget's token, sent on the code's request only", async () => {
    const { kit, proxy, sent } = setup(protocol)
    const { isNewUser } = await signUp(kit, proxy, 'new@example.com')
    expect(isNewUser).toBe(true)
    const init = protocol === 'v2' ? 'otp_init_v2' : 'otp_init'
    const withToken = sent.filter((request) => request.captchaToken !== null).map((request) => request.endpoint)
    expect(withToken).toEqual([init])
    // The sign-up after a code needs no token (the mock, like production's own kit): none was sent.
    expect(sent.map((request) => request.endpoint)).toContain(protocol === 'v2' ? 'signup_v2' : 'signup')
  })

  it('fails with CAPTCHA_REQUIRED without a token, the key made for it deleted, and no code sent', async () => {
    const { kit, proxy } = setup(protocol)
    const error = await rejection(startEmailOtp(kit, { email: 'a@example.com' }))
    expect(isKitError(error, 'CAPTCHA_REQUIRED')).toBe(true)
    // The proxy's words, for the developer: which header, and where its site key comes from.
    expect((error as Error).message).toMatch(/X-Captcha-Token header: missing.*turnstileSiteKey/)
    expect(proxy.outbox('a@example.com')).toEqual([])
    expect(await kit.keyStore.list()).toEqual([])
  })

  it("maps the proxy's refusal of a spent token to CAPTCHA_REQUIRED", async () => {
    const { kit, proxy } = setup(protocol)
    const token = await widgetToken(proxy)
    await startEmailOtp(kit, { email: 'a@example.com', captchaToken: token })
    const error = await rejection(startEmailOtp(kit, { email: 'b@example.com', captchaToken: token }))
    expect(isKitError(error, 'CAPTCHA_REQUIRED')).toBe(true)
    expect(error).toMatchObject({ status: 400, proxy: { code: 3 } })
    expect((error as Error).message).toMatch(/already used/)
  })
})

describe('captcha tenant, other paths', () => {
  it("reads the tenant's site key, and no start asks for it (the forms do, once)", async () => {
    const { kit, proxy, sent } = setup()
    expect(await getCaptchaSiteKey(kit)).toBe(SITE_KEY)
    await startEmailOtp(kit, { email: 'a@example.com', captchaToken: await widgetToken(proxy) })
    await rejection(startSmsOtp(kit, { phoneNumber: '+447700900123' }))
    expect(sent.filter((request) => request.endpoint === 'wallet_kit_client_params')).toHaveLength(1)
  })

  it('reads no site key on a tenant without a captcha', async () => {
    const { kit } = setup('v2', null)
    expect(await getCaptchaSiteKey(kit)).toBeUndefined()
  })

  it('sends an SMS code with a token', async () => {
    const { kit, proxy, sent } = setup()
    const challenge = await startSmsOtp(kit, { phoneNumber: '+447700900123', captchaToken: await widgetToken(proxy) })
    expect(challenge.otpId).not.toBe('')
    expect(sent.find((request) => request.endpoint === 'otp_init_v2')?.captchaToken).toMatch(/^mock-turnstile\./)
  })

  it("refuses a token the mock did not issue: the proxy's answer, CAPTCHA_REQUIRED", async () => {
    const { kit } = setup()
    const error = await rejection(startEmailOtp(kit, { email: 'a@example.com', captchaToken: '0.cloudflare' }))
    expect(isKitError(error, 'CAPTCHA_REQUIRED')).toBe(true)
  })

  it('refuses a malformed token before any request', async () => {
    const { kit, sent } = setup()
    const error = await rejection(startEmailOtp(kit, { email: 'a@example.com', captchaToken: ' ' }))
    expect(isKitError(error, 'CONFIG_INVALID')).toBe(true)
    expect(sent).toEqual([])
  })

  it('needs no token on a tenant without a site key, and sends none', async () => {
    const { kit, proxy, sent } = setup('v2', null)
    await startEmailOtp(kit, { email: 'a@example.com' })
    expect(proxy.outbox('a@example.com')).toHaveLength(1)
    expect(sent.every((request) => request.captchaToken === null)).toBe(true)
  })

  it('sends the token given to completeOtp on signup_v2 only (a proxy that wants one there)', async () => {
    const { kit, proxy, sent } = setup()
    const challenge = await startEmailOtp(kit, { email: 'c@example.com', captchaToken: await widgetToken(proxy) })
    const captchaToken = await widgetToken(proxy)
    await completeEmailOtp(kit, { challenge, code: codeFor(proxy, 'c@example.com'), captchaToken })
    const after = sent.slice(sent.findIndex((request) => request.endpoint === 'otp_init_v2') + 1)
    expect(after.filter((request) => request.captchaToken !== null).map((request) => request.endpoint)).toEqual([
      'signup_v2',
    ])
  })

  it("a flow resend needs a fresh token: the start's is never sent again", async () => {
    const { kit, proxy, sent } = setup()
    const flow = createOtpFlow(kit, { otpType: 'OTP_TYPE_EMAIL', resendCooldownSeconds: 0 })
    await flow.start('d@example.com', { captchaToken: await widgetToken(proxy) })
    expect(flow.getSnapshot().step).toBe('code')
    await flow.resend()
    expect(isKitError(flow.getSnapshot().error, 'CAPTCHA_REQUIRED')).toBe(true)
    await flow.resend({ captchaToken: await widgetToken(proxy) })
    expect(flow.getSnapshot().error).toBeNull()
    expect(proxy.outbox('d@example.com')).toHaveLength(2)
    const tokens = sent.flatMap((request) => request.captchaToken ?? [])
    expect(new Set(tokens).size).toBe(tokens.length)
    flow.destroy()
  })
})

describe('a proxy without wallet_kit_client_params', () => {
  it('reads its 404 as no captcha', async () => {
    const kit = createKit({
      proxyUrl: 'https://proxy.test',
      configId: 'shop',
      fetch: async () => new Response(JSON.stringify({ code: 5, message: 'Not Found' }), { status: 404 }),
      keyStore: memoryKeyStore(),
      storage: memoryStorage(),
    })
    expect(await getCaptchaSiteKey(kit)).toBeUndefined()
  })
})
