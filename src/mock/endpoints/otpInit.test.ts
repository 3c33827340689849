import { describe, expect, it } from 'vitest'
import type { MockTenant } from '../types'
import { call, ok, setup, snapshot } from '../testing/harness'

const EMAIL = { otpType: 'OTP_TYPE_EMAIL', contact: 'ada@example.com' }
const SMS = { otpType: 'OTP_TYPE_SMS', contact: '+447700900123' }
const TENANT = { configId: 'demo', organizationId: 'org', enabledProviders: ['email', 'sms'] } satisfies MockTenant

describe('otp_init', () => {
  it("sends a fresh 6-character Crockford code to the outbox, as the proxy's default email", async () => {
    const { proxy, clock } = setup()
    const { otpId } = await ok<{ otpId: string }>(call(proxy, 'otp_init', EMAIL))
    expect(otpId).toMatch(/^[0-9a-f-]{36}$/)
    const [message] = proxy.outbox('ada@example.com')
    expect(message).toEqual({
      otpId,
      otpType: 'OTP_TYPE_EMAIL',
      contact: 'ada@example.com',
      code: expect.stringMatching(/^[0-9A-HJKMNP-TV-Z]{6}$/),
      createdAt: new Date(clock.now()).toISOString(),
      expiresAt: new Date(clock.now() + 300_000).toISOString(),
      appName: 'auth-proxy-kit mock',
      subject: 'Your auth-proxy-kit mock verification code',
      senderName: 'Notifications',
      senderAddress: 'notifications@auth-proxy-kit.test',
    })
    expect(proxy.state.otps[otpId]).toMatchObject({ status: 'pending', failedAttempts: 0, configId: 'demo' })
  })

  it('sends a new code each time', async () => {
    const { proxy, clock } = setup()
    const first = await ok<{ otpId: string }>(call(proxy, 'otp_init', EMAIL))
    clock.advance(30_000)
    const second = await ok<{ otpId: string }>(call(proxy, 'otp_init', EMAIL))
    expect(second.otpId).not.toBe(first.otpId)
    expect(proxy.outbox()).toHaveLength(2)
  })

  it("makes the code in the tenant's length, alphabet and lifetime", async () => {
    const { proxy, clock } = setup({
      tenants: [{ ...TENANT, otpLength: 8, otpAlphanumeric: false, otpExpirationSeconds: 120 }],
    })
    await ok(call(proxy, 'otp_init', EMAIL))
    await ok(call(proxy, 'otp_init', SMS))
    for (const message of proxy.outbox()) {
      expect(message.code).toMatch(/^\d{8}$/)
      expect(message.expiresAt).toBe(new Date(clock.now() + 120_000).toISOString())
    }
  })

  it('ignores what production drops from the request (length, alphabet, lifetime, texts, senders): the tenant decides', async () => {
    const { proxy, clock } = setup({ strictFields: false })
    await ok(
      call(proxy, 'otp_init', {
        ...SMS,
        otpLength: '9',
        alphanumeric: false,
        expirationSeconds: '600',
        smsCustomization: { template: 'Evil: {{.OtpCode}}' },
        userIdentifier: 'ip-1',
      }),
    )
    await ok(
      call(proxy, 'otp_init', {
        ...EMAIL,
        emailCustomization: { appName: 'Evil', logoUrl: 'https://evil.test/logo.png' },
        sendFromEmailAddress: 'ceo@evil.test',
        sendFromEmailSenderName: 'CEO',
        replyToEmailAddress: 'reply@evil.test',
      }),
    )
    const [email, sms] = proxy.outbox()
    expect(sms).toMatchObject({
      code: expect.stringMatching(/^[0-9A-HJKMNP-TV-Z]{6}$/),
      expiresAt: new Date(clock.now() + 300_000).toISOString(),
    })
    expect(sms?.text).toBe(`Your verification code is ${sms?.code}`)
    expect(email).toMatchObject({
      appName: 'auth-proxy-kit mock',
      senderName: 'Notifications',
      senderAddress: 'notifications@auth-proxy-kit.test',
    })
    expect(email?.logoUrl).toBeUndefined()
    expect(email?.replyToAddress).toBeUndefined()
    expect(JSON.stringify(proxy.outbox())).not.toContain('evil')
  })

  it("shows the tenant's app name, logo, sender and reply-to applied to an email", async () => {
    const { proxy } = setup({
      tenants: [
        {
          ...TENANT,
          appName: 'Acme Wallet',
          logoUrl: 'https://acme.test/logo.png',
          emailSenderName: 'Acme',
          emailSenderAddress: 'hello@acme.test',
          emailReplyToAddress: 'support@acme.test',
        },
      ],
    })
    await ok(call(proxy, 'otp_init', EMAIL))
    expect(proxy.outbox('ada@example.com')[0]).toMatchObject({
      appName: 'Acme Wallet',
      subject: 'Your Acme Wallet verification code',
      senderName: 'Acme',
      senderAddress: 'hello@acme.test',
      replyToAddress: 'support@acme.test',
      logoUrl: 'https://acme.test/logo.png',
    })
    expect(proxy.outbox('ada@example.com')[0]?.text).toBeUndefined()
  })

  it("puts the code and the app name in the tenant's SMS template, as the production proxy's Go template does", async () => {
    const smsTemplate = '{{.AppName}}: {{.OtpCode}} is your code. Never share {{ .OtpCode }}.'
    const { proxy } = setup({
      tenants: [{ ...TENANT, appName: 'Acme', smsTemplate, otpLength: 8, otpAlphanumeric: false }],
    })
    const { otpId } = await ok<{ otpId: string }>(call(proxy, 'otp_init', SMS))
    const [message] = proxy.outbox('+447700900123')
    expect(message?.code).toMatch(/^\d{8}$/)
    expect(message).toEqual({
      otpId,
      otpType: 'OTP_TYPE_SMS',
      contact: '+447700900123',
      code: message?.code,
      createdAt: expect.any(String),
      expiresAt: expect.any(String),
      appName: 'Acme',
      text: `Acme: ${message?.code} is your code. Never share ${message?.code}.`,
    })
  })

  it('sends SMS codes with the text of the default template', async () => {
    const { proxy } = setup()
    await ok(call(proxy, 'otp_init', SMS))
    const [message] = proxy.outbox('+447700900123')
    expect(message?.text).toBe(`Your verification code is ${message?.code}`)
    expect(message?.subject).toBeUndefined()
  })

  describe('emailCustomization.templateId', () => {
    const templates = {
      ...TENANT,
      appName: 'Acme',
      emailTemplates: [
        { templateId: 'welcome', subject: 'Welcome to {{.AppName}}' },
        { templateId: 'login-v2', subject: '{{.OtpCode}} is your {{.AppName}} code' },
      ],
    } satisfies MockTenant

    it("picks one of the tenant's templates: its subject, with the code and app name in place", async () => {
      const { proxy } = setup({ tenants: [templates] })
      await ok(call(proxy, 'otp_init', { ...EMAIL, email_customization: { template_id: 'welcome' } }))
      expect(proxy.outbox()[0]).toMatchObject({ templateId: 'welcome', subject: 'Welcome to Acme' })
    })

    it("uses the tenant's most recent template when none is asked for, as production does", async () => {
      const { proxy } = setup({ tenants: [templates] })
      await ok(call(proxy, 'otp_init', EMAIL))
      const [message] = proxy.outbox()
      expect(message).toMatchObject({ templateId: 'login-v2', subject: `${message?.code} is your Acme code` })
    })

    it('refuses a template the tenant does not have, naming it and the known ones, and sends nothing', async () => {
      const { proxy } = setup({ tenants: [templates] })
      const answer = await call(proxy, 'otp_init', { ...EMAIL, emailCustomization: { templateId: 'welcom' } })
      expect(answer.status).toBe(400)
      expect(answer.body).toEqual({
        code: 3,
        message:
          'emailCustomization.templateId: config id "demo" has no email template "welcom" (its templates: "welcome", "login-v2")',
        details: [],
      })
      expect(proxy.outbox()).toEqual([])
    })

    it('refuses any template for a tenant that has none', async () => {
      const { proxy } = setup()
      const answer = await call(proxy, 'otp_init', { ...EMAIL, emailCustomization: { templateId: 'tpl-1' } })
      expect(answer.body).toMatchObject({
        code: 3,
        message:
          'emailCustomization.templateId: config id "demo" has no email template "tpl-1" (it has none: leave templateId out for the default email)',
      })
    })

    it('has no bearing on an SMS (production takes the field for either channel)', async () => {
      const { proxy } = setup({ tenants: [templates] })
      await ok(call(proxy, 'otp_init', { ...SMS, emailCustomization: { templateId: 'nope' } }))
      expect(proxy.outbox()[0]?.templateId).toBeUndefined()
    })
  })

  it('accepts snake_case field names', async () => {
    const { proxy } = setup()
    await ok(call(proxy, 'otp_init', { otp_type: 'OTP_TYPE_EMAIL', contact: 'ada@example.com' }))
    expect(proxy.outbox()).toHaveLength(1)
  })

  it.each([
    [{ contact: 'ada@example.com' }, 'otpType: expected one of OTP_TYPE_EMAIL, OTP_TYPE_SMS, got nothing'],
    [{ ...EMAIL, otpType: 'EMAIL' }, 'otpType: expected one of OTP_TYPE_EMAIL, OTP_TYPE_SMS, got "EMAIL"'],
    [{ otpType: 'OTP_TYPE_EMAIL' }, 'contact: expected a string, got nothing'],
    [{ ...EMAIL, contact: 42 }, 'contact: expected a string, got a number'],
    [
      { ...EMAIL, contact: 'not-an-email' },
      'contact: expected an email address like name@example.com, got "not-an-email"',
    ],
    [{ ...EMAIL, emailCustomization: 'blue' }, 'emailCustomization: expected an object, got a string'],
    [
      { ...EMAIL, emailCustomization: { templateId: 7 } },
      'emailCustomization.templateId: expected a string, got a number',
    ],
    [
      { otpType: 'OTP_TYPE_SMS', contact: '4155550123' },
      'contact: expected an E.164 phone number like +14155550123, got "4155550123"',
    ],
  ])('refuses %j with 3 naming the field, changing nothing', async (body, message) => {
    const { proxy } = setup()
    const before = snapshot(proxy)
    const answer = await call(proxy, 'otp_init', body)
    expect(answer.status).toBe(400)
    expect(answer.body).toEqual({ code: 3, message, details: [] })
    expect(snapshot(proxy)).toBe(before)
  })

  it('refuses SMS and email where the tenant does not enable them, changing nothing', async () => {
    const emailOnly = setup({ tenants: [{ configId: 'demo', organizationId: 'org' }] })
    const sms = await call(emailOnly.proxy, 'otp_init', { otpType: 'OTP_TYPE_SMS', contact: '+14155550123' })
    expect(sms.status).toBe(400)
    expect(sms.body).toEqual({
      code: 3,
      message: 'otpType: SMS is not enabled for config id "demo" (enabled: email)',
      details: [],
    })
    expect(emailOnly.proxy.outbox()).toEqual([])

    const smsOnly = setup({ tenants: [{ configId: 'demo', organizationId: 'org', enabledProviders: ['sms'] }] })
    const email = await call(smsOnly.proxy, 'otp_init', EMAIL)
    expect(email.body).toMatchObject({
      code: 3,
      message: 'otpType: email is not enabled for config id "demo" (enabled: sms)',
    })
    expect(smsOnly.proxy.outbox()).toEqual([])
  })
})
