import { describe, expect, it } from 'vitest'
import { DEMO_TENANT, resolveTenants } from './tenants'

describe('resolveTenants', () => {
  it('gives the demo tenant email, SMS, Google, Apple and passkeys, and a client id for every provider', () => {
    const [demo] = resolveTenants([DEMO_TENANT])
    expect(demo?.enabledProviders).toEqual(['email', 'sms', 'google', 'apple', 'passkey'])
    expect(demo?.oauthClientIds).toEqual({
      google: 'demo-google-client',
      apple: 'demo-apple-client',
      x: 'demo-x-client',
      discord: 'demo-discord-client',
      facebook: 'demo-facebook-client',
    })
    expect(demo?.oauthRedirectUrl).toBeUndefined()
  })

  it('gives the demo tenant a default wallet of one Ethereum and one Solana account; any other tenant none', () => {
    const [demo] = resolveTenants([DEMO_TENANT])
    expect(demo?.defaultWallet).toEqual({
      walletName: 'Default wallet',
      accounts: [
        {
          curve: 'CURVE_SECP256K1',
          pathFormat: 'PATH_FORMAT_BIP32',
          path: "m/44'/60'/0'/0/0",
          addressFormat: 'ADDRESS_FORMAT_ETHEREUM',
        },
        {
          curve: 'CURVE_ED25519',
          pathFormat: 'PATH_FORMAT_BIP32',
          path: "m/44'/501'/0'/0'",
          addressFormat: 'ADDRESS_FORMAT_SOLANA',
        },
      ],
    })
    expect(resolveTenants([{ configId: 'a', organizationId: 'o' }])[0]?.defaultWallet).toBeNull()
    expect(resolveTenants([{ configId: 'a', organizationId: 'o', defaultWallet: null }])[0]?.defaultWallet).toBeNull()
  })

  const account = {
    curve: 'CURVE_SECP256K1',
    pathFormat: 'PATH_FORMAT_BIP32',
    path: "m/44'/60'/0'/0/0",
    addressFormat: 'ADDRESS_FORMAT_ETHEREUM',
  }
  it.each([
    [
      { defaultWallet: 'eth' },
      'tenants[0].defaultWallet: expected {walletName, accounts: [{curve, pathFormat, path, addressFormat}]} or null, got "eth"',
    ],
    [
      { defaultWallet: { walletName: '', accounts: [account] } },
      'tenants[0].defaultWallet.walletName: expected a non-empty string, got ""',
    ],
    [
      { defaultWallet: { walletName: 'w', accounts: [] } },
      'tenants[0].defaultWallet.accounts: expected a non-empty list of {curve, pathFormat, path, addressFormat}, got []',
    ],
    [
      { defaultWallet: { walletName: 'w', accounts: [account], mnemonic: 'x' } },
      'tenants[0].defaultWallet.mnemonic: unknown option (expected walletName or accounts)',
    ],
    [
      { defaultWallet: { walletName: 'w', accounts: [{ ...account, curve: 'CURVE_ED25519' }] } },
      'tenants[0].defaultWallet.accounts[0].addressFormat: ADDRESS_FORMAT_ETHEREUM is made from CURVE_SECP256K1 keys, not CURVE_ED25519',
    ],
    [
      { defaultWallet: { walletName: 'w', accounts: [{ ...account, path: undefined }] } },
      'tenants[0].defaultWallet.accounts[0].path: expected a string, got undefined',
    ],
  ])('refuses the default wallet %j at start, naming the field', (override, message) => {
    expect(() => resolveTenants([{ configId: 'a', organizationId: 'o', ...override }])).toThrow(message)
  })

  it('keeps email only as the default of any other tenant', () => {
    expect(resolveTenants([{ configId: 'a', organizationId: 'o' }])[0]?.enabledProviders).toEqual(['email'])
  })

  it.each([
    [
      { oauthClientIds: { github: 'c' } },
      /^tenants\[0\]\.oauthClientIds: expected an object \{provider: clientId\} with providers among google, apple, x, discord, facebook/,
    ],
    [{ oauthClientIds: { google: '' } }, /^tenants\[0\]\.oauthClientIds: expected/],
    [{ oauthClientIds: ['google'] }, /^tenants\[0\]\.oauthClientIds: expected/],
    [
      { oauthRedirectUrl: '/callback' },
      'tenants[0].oauthRedirectUrl: expected an absolute http(s) URL without a fragment, got "/callback"',
    ],
    [
      { oauthRedirectUrl: 'javascript:alert(1)' },
      /^tenants\[0\]\.oauthRedirectUrl: expected an absolute http\(s\) URL/,
    ],
    [
      { oauthRedirectUrl: 'http://app.test/cb#x' },
      /^tenants\[0\]\.oauthRedirectUrl: expected an absolute http\(s\) URL/,
    ],
  ])('refuses %j, naming the option', (override, message) => {
    expect(() => resolveTenants([{ configId: 'a', organizationId: 'o', ...override }])).toThrow(message)
  })

  it("fills in what a tenant's codes say when it sets nothing: production's defaults where it has them", () => {
    const [tenant] = resolveTenants([{ configId: 'a', organizationId: 'o' }])
    expect(tenant).toMatchObject({
      otpLength: 6,
      otpAlphanumeric: true,
      otpExpirationSeconds: 300,
      appName: 'auth-proxy-kit mock',
      emailSenderName: 'Notifications',
      emailSenderAddress: 'notifications@auth-proxy-kit.test',
      smsTemplate: 'Your verification code is {{.OtpCode}}',
      emailTemplates: [],
      otpRateLimits: { resendAfterSeconds: 30, perContact: { max: 5, windowSeconds: 600 } },
    })
    expect(tenant?.logoUrl).toBeUndefined()
    expect(tenant?.emailReplyToAddress).toBeUndefined()
  })

  it('keeps what a tenant sets for its codes', () => {
    const options = {
      otpLength: 8,
      otpAlphanumeric: false,
      otpExpirationSeconds: 600,
      appName: 'Acme Wallet',
      logoUrl: 'https://acme.test/logo.png',
      emailSenderName: 'Acme',
      emailSenderAddress: 'hello@acme.test',
      emailReplyToAddress: 'support@acme.test',
      smsTemplate: '{{.AppName}}: your code is {{.OtpCode}}',
      emailTemplates: [{ templateId: 'login', subject: 'Your {{.AppName}} code' }],
    }
    expect(resolveTenants([{ configId: 'a', organizationId: 'o', ...options }])[0]).toMatchObject(options)
  })

  it.each([
    [
      { otpExpirationSeconds: 601 },
      "tenants[0].otpExpirationSeconds: expected a whole number of seconds (1..600, production's cap), got 601",
    ],
    [{ otpExpirationSeconds: '300' }, /^tenants\[0\]\.otpExpirationSeconds: expected a whole number/],
    [{ otpAlphanumeric: 'no' }, 'tenants[0].otpAlphanumeric: expected true or false, got "no"'],
    [{ appName: '' }, 'tenants[0].appName: expected a one-line name of at most 200 characters, got ""'],
    [{ appName: 'Acme\nWallet' }, /^tenants\[0\]\.appName: expected a one-line name/],
    [{ logoUrl: 'logo.png' }, 'tenants[0].logoUrl: expected an absolute http(s) URL of the logo, got "logo.png"'],
    [{ emailSenderName: 3 }, /^tenants\[0\]\.emailSenderName: expected a one-line name/],
    [
      { emailSenderAddress: 'noreply' },
      'tenants[0].emailSenderAddress: expected an email address like noreply@example.com, got "noreply"',
    ],
    [
      { emailReplyToAddress: 'help' },
      'tenants[0].emailReplyToAddress: expected an email address like help@example.com, got "help"',
    ],
    [
      { smsTemplate: 'Your code is {{code}}' },
      'tenants[0].smsTemplate: expected only the placeholders {{.OtpCode}} and {{.AppName}}, got {{code}} in "Your code is {{code}}"',
    ],
    [
      { smsTemplate: 'Welcome to {{.AppName}}' },
      'tenants[0].smsTemplate: expected a text containing {{.OtpCode}} where the code goes (like "Your code is {{.OtpCode}}"), got "Welcome to {{.AppName}}"',
    ],
    [
      { smsTemplate: `{{.OtpCode}}${'x'.repeat(1600)}` },
      'tenants[0].smsTemplate: expected at most 1600 characters, got 1612',
    ],
    [{ smsTemplate: 42 }, 'tenants[0].smsTemplate: expected a text containing {{.OtpCode}}, got 42'],
    [{ emailTemplates: 'login' }, 'tenants[0].emailTemplates: expected a list of {templateId, subject}, got "login"'],
    [
      { emailTemplates: [{ subject: 'Hi' }] },
      'tenants[0].emailTemplates[0].templateId: expected a non-empty string, got undefined',
    ],
    [
      { emailTemplates: [{ templateId: 't', subject: '' }] },
      /^tenants\[0\]\.emailTemplates\[0\]\.subject: expected a one-line subject/,
    ],
    [
      { emailTemplates: [{ templateId: 't', subject: 'Hi {{.Name}}' }] },
      /^tenants\[0\]\.emailTemplates\[0\]\.subject: expected only the placeholders/,
    ],
    [
      { emailTemplates: [{ templateId: 't', subject: 'Hi', body: 'x' }] },
      'tenants[0].emailTemplates[0].body: unknown option (expected templateId or subject)',
    ],
    [
      {
        emailTemplates: [
          { templateId: 't', subject: 'A' },
          { templateId: 't', subject: 'B' },
        ],
      },
      'tenants[0].emailTemplates[1].templateId: "t" is used by another template',
    ],
    [
      { otpRateLimits: { perUserIdentifier: { max: 10, windowSeconds: 600 } } },
      /^tenants\[0\]\.otpRateLimits\.perUserIdentifier: no longer an option/,
    ],
    [
      { smsCustomization: { template: '{{.OtpCode}}' } },
      "tenants[0].smsCustomization: not a tenant option; what it set is the tenant's smsTemplate",
    ],
    [
      { sendFromEmailAddress: 'a@b.test' },
      "tenants[0].sendFromEmailAddress: not a tenant option; what it set is the tenant's emailSenderAddress",
    ],
    [
      { webhookUrl: 'hooks.test/in' },
      'tenants[0].webhookUrl: expected an absolute http(s) URL without a fragment, got "hooks.test/in"',
    ],
    [{ webhookSecret: 'short' }, 'tenants[0].webhookSecret: expected a text of 16 to 200 characters, got "short"'],
    [
      { rootApiPublicKeys: ['04ab'] },
      /^tenants\[0\]\.rootApiPublicKeys: expected a list of compressed P-256 public keys \(66 hex characters\)/,
    ],
    [
      { appname: 'Acme' },
      /^tenants\[0\]\.appname: unknown tenant option \(expected configId, organizationId, .*appName/,
    ],
  ])('refuses the codes option %j at start, naming it', (override, message) => {
    expect(() => resolveTenants([{ configId: 'a', organizationId: 'o', ...override }])).toThrow(message)
  })

  it('keeps the webhook options, the root keys in lowercase', () => {
    const key = `02${'AB'.repeat(32)}`
    const [tenant] = resolveTenants([
      {
        configId: 'a',
        organizationId: 'o',
        webhookUrl: 'http://localhost:4000/hooks',
        webhookSecret: 'test-secret-0123456789',
        rootApiPublicKeys: [key],
      },
    ])
    expect(tenant).toMatchObject({
      webhookUrl: 'http://localhost:4000/hooks',
      webhookSecret: 'test-secret-0123456789',
      rootApiPublicKeys: [key.toLowerCase()],
    })
    expect(resolveTenants([{ configId: 'a', organizationId: 'o' }])[0]?.rootApiPublicKeys).toEqual([])
  })

  it('accepts a registered redirect URL with a query', () => {
    const [tenant] = resolveTenants([
      { configId: 'a', organizationId: 'o', oauthRedirectUrl: 'https://app.test/cb?from=oauth' },
    ])
    expect(tenant?.oauthRedirectUrl).toBe('https://app.test/cb?from=oauth')
  })
})
