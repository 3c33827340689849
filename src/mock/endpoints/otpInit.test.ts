import { describe, expect, it } from 'vitest'
import { call, ok, setup, snapshot } from '../testing/harness'

const EMAIL = { otpType: 'OTP_TYPE_EMAIL', contact: 'ada@example.com' }

describe('otp_init', () => {
  it('sends a fresh 6-character Crockford code to the outbox with its expiry', async () => {
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

  it('honours otpLength (string or number), alphanumeric and expirationSeconds', async () => {
    const { proxy, clock } = setup()
    await ok(call(proxy, 'otp_init', { ...EMAIL, otpLength: '9', alphanumeric: false, expirationSeconds: '600' }))
    clock.advance(30_000)
    await ok(call(proxy, 'otp_init', { ...EMAIL, otpLength: 8 }))
    const [eight, nine] = proxy.outbox()
    expect(nine?.code).toMatch(/^\d{9}$/)
    expect(nine?.expiresAt).toBe(new Date(clock.now() - 30_000 + 600_000).toISOString())
    expect(eight?.code).toHaveLength(8)
  })

  it("uses the tenant's length and alphabet by default", async () => {
    const { proxy } = setup({
      tenants: [{ configId: 'demo', organizationId: 'org', otpLength: 7, otpAlphanumeric: false }],
    })
    await ok(call(proxy, 'otp_init', EMAIL))
    expect(proxy.outbox()[0]?.code).toMatch(/^\d{7}$/)
  })

  it('keeps the customization in the outbox message', async () => {
    const { proxy } = setup()
    await ok(
      call(proxy, 'otp_init', {
        ...EMAIL,
        email_customization: { app_name: 'Demo', logo_url: 'https://app.test/logo.png' },
        sendFromEmailAddress: 'noreply@app.test',
        sendFromEmailSenderName: 'Demo app',
        replyToEmailAddress: 'help@app.test',
        userIdentifier: 'user-7',
      }),
    )
    expect(proxy.outbox()[0]).toMatchObject({
      emailCustomization: { appName: 'Demo', logoUrl: 'https://app.test/logo.png' },
      sendFromEmailAddress: 'noreply@app.test',
      sendFromEmailSenderName: 'Demo app',
      replyToEmailAddress: 'help@app.test',
      userIdentifier: 'user-7',
    })
  })

  it('accepts snake_case field names', async () => {
    const { proxy } = setup()
    await ok(call(proxy, 'otp_init', { otp_type: 'OTP_TYPE_EMAIL', contact: 'ada@example.com', otp_length: '7' }))
    expect(proxy.outbox()[0]?.code).toHaveLength(7)
  })

  it.each([
    [{ contact: 'ada@example.com' }, 'otpType: expected one of OTP_TYPE_EMAIL, OTP_TYPE_SMS, got nothing'],
    [{ ...EMAIL, otpType: 'EMAIL' }, 'otpType: expected one of OTP_TYPE_EMAIL, OTP_TYPE_SMS, got "EMAIL"'],
    [{ otpType: 'OTP_TYPE_EMAIL' }, 'contact: expected a string, got nothing'],
    [{ ...EMAIL, contact: 42 }, 'contact: expected a string, got a number'],
    [{ ...EMAIL, contact: 'not-an-email' }, 'contact: expected an email address like name@example.com, got "not-an-email"'],
    [{ ...EMAIL, otpLength: '5' }, 'otpLength: expected 6 to 9, got 5'],
    [{ ...EMAIL, otpLength: 10 }, 'otpLength: expected 6 to 9, got 10'],
    [{ ...EMAIL, otpLength: 'six' }, 'otpLength: expected an integer (a number or a decimal string), got a string'],
    [{ ...EMAIL, otpLength: 6.5 }, 'otpLength: expected an integer (a number or a decimal string), got a number'],
    [{ ...EMAIL, alphanumeric: 'yes' }, 'alphanumeric: expected true or false, got a string'],
    [{ ...EMAIL, expirationSeconds: '601' }, 'expirationSeconds: expected 1 to 600 seconds, got 601'],
    [{ ...EMAIL, expirationSeconds: 0 }, 'expirationSeconds: expected 1 to 600 seconds, got 0'],
    [{ ...EMAIL, emailCustomization: 'blue' }, 'emailCustomization: expected an object, got a string'],
    [{ ...EMAIL, emailCustomization: { appName: 1 } }, 'emailCustomization.appName: expected a string, got a number'],
    [{ ...EMAIL, sendFromEmailAddress: 'x' }, 'sendFromEmailAddress: expected an email address like name@example.com, got "x"'],
    [
      { ...EMAIL, emailCustomization: { logoUrl: 'logo.png' } },
      'emailCustomization.logoUrl: expected an absolute http(s) URL of the logo, got "logo.png"',
    ],
    [
      { ...EMAIL, emailCustomization: { templateVariables: 'name=Ada' } },
      'emailCustomization.templateVariables: expected the JSON text of an object, like {"name":"Ada"}, got "name=Ada"',
    ],
    [{ ...EMAIL, userIdentifier: ' ' }, 'userIdentifier: expected a non-empty string, or none'],
    [
      { otpType: 'OTP_TYPE_SMS', contact: '+14155550123', smsCustomization: { template: 'Your code is {{code}}' } },
      'smsCustomization.template: expected a text containing {{.OtpCode}} where the code goes (like "Your code is {{.OtpCode}}"), got "Your code is {{code}}"',
    ],
    [
      { otpType: 'OTP_TYPE_SMS', contact: '+14155550123', smsCustomization: { template: `{{.OtpCode}}${'x'.repeat(1600)}` } },
      'smsCustomization.template: expected at most 1600 characters, got 1612',
    ],
    [{ otpType: 'OTP_TYPE_SMS', contact: '4155550123' }, 'contact: expected an E.164 phone number like +14155550123, got "4155550123"'],
  ])('refuses %j with 3 naming the field, changing nothing', async (body, message) => {
    const { proxy } = setup()
    const before = snapshot(proxy)
    const answer = await call(proxy, 'otp_init', body)
    expect(answer.status).toBe(400)
    expect(answer.body).toEqual({ code: 3, message, details: [] })
    expect(snapshot(proxy)).toBe(before)
  })

  it('sends SMS codes to E.164 numbers with the text of the default template', async () => {
    const { proxy, clock } = setup()
    const { otpId } = await ok<{ otpId: string }>(call(proxy, 'otp_init', { otpType: 'OTP_TYPE_SMS', contact: '+447700900123' }))
    const [message] = proxy.outbox('+447700900123')
    expect(message).toEqual({
      otpId,
      otpType: 'OTP_TYPE_SMS',
      contact: '+447700900123',
      code: expect.stringMatching(/^[0-9A-HJKMNP-TV-Z]{6}$/),
      text: `Your verification code is ${message?.code}`,
      createdAt: new Date(clock.now()).toISOString(),
      expiresAt: new Date(clock.now() + 300_000).toISOString(),
    })
  })

  it("puts the code in smsCustomization.template wherever it says {{.OtpCode}}, as the production proxy's Go template does", async () => {
    const { proxy } = setup()
    const template = 'Demo: {{.OtpCode}} is your code. Never share {{ .OtpCode }}.'
    await ok(call(proxy, 'otp_init', { otpType: 'OTP_TYPE_SMS', contact: '+14155550123', sms_customization: { template }, otpLength: '8', alphanumeric: false }))
    const [message] = proxy.outbox('+14155550123')
    expect(message?.code).toMatch(/^\d{8}$/)
    expect(message?.text).toBe(`Demo: ${message?.code} is your code. Never share ${message?.code}.`)
    expect(message?.smsCustomization).toEqual({ template })
  })

  it('keeps every email customization field in the outbox message', async () => {
    const { proxy } = setup()
    const emailCustomization = {
      appName: 'Demo',
      logoUrl: 'https://app.test/logo.png',
      magicLinkTemplate: 'https://app.test/login?code=%s',
      templateVariables: '{"name":"Ada"}',
      templateId: 'tpl-1',
    }
    await ok(call(proxy, 'otp_init', { ...EMAIL, emailCustomization }))
    expect(proxy.outbox('ada@example.com')[0]).toMatchObject({ emailCustomization })
    expect(proxy.outbox('ada@example.com')[0]?.text).toBeUndefined()
  })

  it('refuses SMS and email where the tenant does not enable them, changing nothing', async () => {
    const emailOnly = setup({ tenants: [{ configId: 'demo', organizationId: 'org' }] })
    const sms = await call(emailOnly.proxy, 'otp_init', { otpType: 'OTP_TYPE_SMS', contact: '+14155550123' })
    expect(sms.status).toBe(400)
    expect(sms.body).toEqual({ code: 3, message: 'otpType: SMS is not enabled for config id "demo" (enabled: email)', details: [] })
    expect(emailOnly.proxy.outbox()).toEqual([])

    const smsOnly = setup({ tenants: [{ configId: 'demo', organizationId: 'org', enabledProviders: ['sms'] }] })
    const email = await call(smsOnly.proxy, 'otp_init', EMAIL)
    expect(email.body).toMatchObject({ code: 3, message: 'otpType: email is not enabled for config id "demo" (enabled: sms)' })
    expect(smsOnly.proxy.outbox()).toEqual([])
  })
})
