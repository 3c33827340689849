// Tenants: what each config id stands for, with defaults filled in and every option checked at start,
// so that a typo in a tenants file fails loudly instead of answering odd errors later.
import { ENABLED_PROVIDERS, type EnabledProvider } from '../core/types'
import { DEMO_OAUTH_CLIENT_IDS, MOCK_OAUTH_PROVIDERS, isMockOAuthProvider } from './oauthProviders'
import { DEFAULT_SMS_TEMPLATE, messageTemplateProblem } from './messageTemplate'
import { OTP_DEFAULT_EXPIRATION_SECONDS, OTP_MAX_EXPIRATION_SECONDS, OTP_MAX_LENGTH, OTP_MIN_LENGTH } from './otp'
import { DEFAULT_OTP_RATE_LIMITS, resolveOtpRateLimits } from './otpRateLimits'
import type { MockEmailTemplate, MockTenant, MockWalletSpec, ResolvedMockTenant, ResolvedOtpRateLimits } from './types'
import { MockError } from './http'
import { checkAccountSpec } from './wallets/deriveAccount'
import { isAbsoluteHttpUrl, isEmail } from './validate'

/** The config id of the demo tenant, served when no tenants are given. */
export const DEMO_CONFIG_ID = 'demo'
/** The demo tenant's parent organization. Fixed, so that demos and tests can name it. */
export const DEMO_ORGANIZATION_ID = '5b0c4f1e-7d2a-4c1b-9a8e-2f6d3c0b1a90'

/** What a tenant's messages say when it sets nothing. */
export const DEFAULT_APP_NAME = 'auth-proxy-kit mock'
/** Production's default sender name. */
export const DEFAULT_EMAIL_SENDER_NAME = 'Notifications'
export const DEFAULT_EMAIL_SENDER_ADDRESS = 'notifications@auth-proxy-kit.test'

/**
 * The options a tenant may have. Anything else is refused at start, so that a misspelt option, or one
 * that was never the tenant's, is not silently ignored.
 */
const TENANT_OPTIONS: ReadonlySet<string> = new Set<keyof MockTenant>([
  'configId',
  'organizationId',
  'allowedOrigins',
  'enabledProviders',
  'sessionExpirationSeconds',
  'otpLength',
  'otpAlphanumeric',
  'otpExpirationSeconds',
  'appName',
  'logoUrl',
  'emailSenderName',
  'emailSenderAddress',
  'emailReplyToAddress',
  'smsTemplate',
  'emailTemplates',
  'oauthClientIds',
  'oauthRedirectUrl',
  'rpId',
  'otpRateLimits',
  'defaultWallet',
  'webhookUrl',
  'webhookSecret',
  'rootApiPublicKeys',
  'turnstileSiteKey',
])

/** What the request once carried and the tenant now holds, to name the new option in the error. */
const REQUEST_OPTION_NAMES: Readonly<Record<string, keyof MockTenant>> = {
  smsCustomization: 'smsTemplate',
  emailCustomization: 'appName',
  sendFromEmailAddress: 'emailSenderAddress',
  sendFromEmailSenderName: 'emailSenderName',
  replyToEmailAddress: 'emailReplyToAddress',
  expirationSeconds: 'otpExpirationSeconds',
  alphanumeric: 'otpAlphanumeric',
}

/** The demo tenant's wallet for every sign-up naming none: the first Ethereum and the first Solana account. */
export const DEMO_DEFAULT_WALLET: MockWalletSpec = {
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
}

/**
 * Email, SMS, Google, Apple and passkeys, so that the playground shows every kind of sign-in; every provider has a client
 * id, so a tenant built on it only needs to list more providers to enable them.
 */
export const DEMO_TENANT: MockTenant = {
  configId: DEMO_CONFIG_ID,
  organizationId: DEMO_ORGANIZATION_ID,
  enabledProviders: ['email', 'sms', 'google', 'apple', 'passkey'],
  oauthClientIds: { ...DEMO_OAUTH_CLIENT_IDS },
  defaultWallet: DEMO_DEFAULT_WALLET,
}

/**
 * Checks tenant options (plain data, possibly read from a JSON file) and fills in the defaults;
 * `otpRateLimits` is what a tenant that sets none of its own gets.
 */
export function resolveTenants(
  tenants: readonly unknown[],
  otpRateLimits: ResolvedOtpRateLimits = DEFAULT_OTP_RATE_LIMITS,
): ResolvedMockTenant[] {
  if (!Array.isArray(tenants) || tenants.length === 0) {
    throw new TypeError('tenants: expected a non-empty array of tenants ({configId, organizationId, ...})')
  }
  const seen = new Set<string>()
  // A token is issued for a site key: shared by two tenants, one tenant's token would pass at the other.
  const siteKeys = new Set<string>()
  return tenants.map((tenant, index) => {
    const resolved = resolveTenant(tenant, `tenants[${index}]`, otpRateLimits)
    if (seen.has(resolved.configId)) {
      throw new TypeError(`tenants[${index}].configId: "${resolved.configId}" is used by another tenant`)
    }
    seen.add(resolved.configId)
    const siteKey = resolved.turnstileSiteKey
    if (siteKey !== undefined) {
      if (siteKeys.has(siteKey)) {
        throw new TypeError(`tenants[${index}].turnstileSiteKey: "${siteKey}" is used by another tenant`)
      }
      siteKeys.add(siteKey)
    }
    return resolved
  })
}

function resolveTenant(value: unknown, path: string, otpRateLimits: ResolvedOtpRateLimits): ResolvedMockTenant {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new TypeError(`${path}: expected an object {configId, organizationId, ...}`)
  }
  const tenant = value as Record<string, unknown>
  const fail = (field: string, expected: string): never => {
    throw new TypeError(`${path}.${field}: expected ${expected}, got ${JSON.stringify(tenant[field])}`)
  }
  const optional = <T>(field: string, check: (item: unknown) => item is T, expected: string): T | undefined => {
    const item = tenant[field]
    if (item === undefined) return undefined
    return check(item) ? item : fail(field, expected)
  }
  const isString = (item: unknown): item is string => typeof item === 'string' && item !== ''
  const isStringList = (item: unknown): item is string[] => Array.isArray(item) && item.every(isString)
  const isProviderList = (item: unknown): item is EnabledProvider[] =>
    Array.isArray(item) && item.every((entry) => (ENABLED_PROVIDERS as readonly unknown[]).includes(entry))
  const isIntegerIn =
    (min: number, max: number) =>
    (item: unknown): item is number =>
      typeof item === 'number' && Number.isInteger(item) && item >= min && item <= max
  const isBoolean = (item: unknown): item is boolean => typeof item === 'boolean'
  const isClientIdRecord = (item: unknown): item is Record<string, string> =>
    typeof item === 'object' &&
    item !== null &&
    !Array.isArray(item) &&
    Object.entries(item).every(([provider, clientId]) => isMockOAuthProvider(provider) && isString(clientId))
  const isHttpUrl = (item: unknown): item is string => isString(item) && isAbsoluteHttpUrl(item)
  const isEmailAddress = (item: unknown): item is string => isString(item) && isEmail(item)
  const isP256KeyList = (item: unknown): item is string[] =>
    Array.isArray(item) && item.every((key) => typeof key === 'string' && /^0[23][0-9a-fA-F]{64}$/.test(key))
  const isSecret = (item: unknown): item is string =>
    typeof item === 'string' && item.length >= 16 && item.length <= 200
  const isLine = (item: unknown): item is string => isString(item) && item.length <= 200 && !/[\r\n]/.test(item)
  const isSiteKey = (item: unknown): item is string => typeof item === 'string' && /^[\w.-]{1,100}$/.test(item)

  for (const key of Object.keys(tenant)) {
    if (TENANT_OPTIONS.has(key)) continue
    const renamed = Object.hasOwn(REQUEST_OPTION_NAMES, key) ? REQUEST_OPTION_NAMES[key] : undefined
    throw new TypeError(
      renamed === undefined
        ? `${path}.${key}: unknown tenant option (expected ${[...TENANT_OPTIONS].join(', ')})`
        : `${path}.${key}: not a tenant option; what it set is the tenant's ${renamed}${key === 'emailCustomization' ? ', logoUrl and emailTemplates' : ''}`,
    )
  }

  const configId = isString(tenant['configId']) ? tenant['configId'] : fail('configId', 'a non-empty string')
  const organizationId = isString(tenant['organizationId'])
    ? tenant['organizationId']
    : fail('organizationId', 'a non-empty string')
  const resolved: ResolvedMockTenant = {
    configId,
    organizationId,
    allowedOrigins: optional(
      'allowedOrigins',
      isStringList,
      "a list of origins like 'http://localhost:5173' or '*'",
    ) ?? ['*'],
    enabledProviders: optional('enabledProviders', isProviderList, `a list of ${ENABLED_PROVIDERS.join(', ')}`) ?? [
      'email',
    ],
    sessionExpirationSeconds:
      optional('sessionExpirationSeconds', isIntegerIn(1, 31_536_000), 'a whole number of seconds (1..31536000)') ??
      900,
    otpLength:
      optional(
        'otpLength',
        isIntegerIn(OTP_MIN_LENGTH, OTP_MAX_LENGTH),
        `an integer ${OTP_MIN_LENGTH}..${OTP_MAX_LENGTH}`,
      ) ?? 6,
    otpAlphanumeric: optional('otpAlphanumeric', isBoolean, 'true or false') ?? true,
    otpExpirationSeconds:
      optional(
        'otpExpirationSeconds',
        isIntegerIn(1, OTP_MAX_EXPIRATION_SECONDS),
        `a whole number of seconds (1..${OTP_MAX_EXPIRATION_SECONDS}, production's cap)`,
      ) ?? OTP_DEFAULT_EXPIRATION_SECONDS,
    appName: optional('appName', isLine, 'a one-line name of at most 200 characters') ?? DEFAULT_APP_NAME,
    emailSenderName:
      optional('emailSenderName', isLine, 'a one-line name of at most 200 characters') ?? DEFAULT_EMAIL_SENDER_NAME,
    emailSenderAddress:
      optional('emailSenderAddress', isEmailAddress, 'an email address like noreply@example.com') ??
      DEFAULT_EMAIL_SENDER_ADDRESS,
    smsTemplate: resolveSmsTemplate(tenant['smsTemplate'], `${path}.smsTemplate`),
    emailTemplates: resolveEmailTemplates(tenant['emailTemplates'], `${path}.emailTemplates`),
    otpRateLimits: resolveOtpRateLimits(tenant['otpRateLimits'], `${path}.otpRateLimits`, otpRateLimits),
    defaultWallet: resolveDefaultWallet(tenant['defaultWallet'], `${path}.defaultWallet`),
    rootApiPublicKeys: (
      optional('rootApiPublicKeys', isP256KeyList, 'a list of compressed P-256 public keys (66 hex characters)') ?? []
    ).map((key) => key.toLowerCase()),
  }
  const oauthClientIds = optional(
    'oauthClientIds',
    isClientIdRecord,
    `an object {provider: clientId} with providers among ${MOCK_OAUTH_PROVIDERS.join(', ')}`,
  )
  if (oauthClientIds !== undefined) resolved.oauthClientIds = { ...oauthClientIds }
  const oauthRedirectUrl = optional('oauthRedirectUrl', isHttpUrl, 'an absolute http(s) URL without a fragment')
  if (oauthRedirectUrl !== undefined) resolved.oauthRedirectUrl = oauthRedirectUrl
  const rpId = optional('rpId', isString, 'a domain like localhost')
  if (rpId !== undefined) resolved.rpId = rpId
  const logoUrl = optional('logoUrl', isHttpUrl, 'an absolute http(s) URL of the logo')
  if (logoUrl !== undefined) resolved.logoUrl = logoUrl
  const replyTo = optional('emailReplyToAddress', isEmailAddress, 'an email address like help@example.com')
  if (replyTo !== undefined) resolved.emailReplyToAddress = replyTo
  const webhookUrl = optional('webhookUrl', isHttpUrl, 'an absolute http(s) URL without a fragment')
  if (webhookUrl !== undefined) resolved.webhookUrl = webhookUrl
  const webhookSecret = optional('webhookSecret', isSecret, 'a text of 16 to 200 characters')
  if (webhookSecret !== undefined) resolved.webhookSecret = webhookSecret
  const turnstileSiteKey = optional(
    'turnstileSiteKey',
    isSiteKey,
    "a site key of 1 to 100 letters, digits, '_', '.' or '-' (like 1x00000000000000000000AA)",
  )
  if (turnstileSiteKey !== undefined) resolved.turnstileSiteKey = turnstileSiteKey
  return resolved
}

function resolveSmsTemplate(value: unknown, path: string): string {
  if (value === undefined) return DEFAULT_SMS_TEMPLATE
  if (typeof value !== 'string')
    throw new TypeError(`${path}: expected a text containing {{.OtpCode}}, got ${JSON.stringify(value)}`)
  const problem = messageTemplateProblem(value, { needsCode: true })
  if (problem !== undefined) throw new TypeError(`${path}: expected ${problem}`)
  return value
}

function resolveEmailTemplates(value: unknown, path: string): MockEmailTemplate[] {
  if (value === undefined) return []
  if (!Array.isArray(value))
    throw new TypeError(`${path}: expected a list of {templateId, subject}, got ${JSON.stringify(value)}`)
  const seen = new Set<string>()
  return value.map((item: unknown, index) => {
    const at = `${path}[${index}]`
    const template = item as Partial<Record<string, unknown>> | null
    if (typeof template !== 'object' || template === null || Array.isArray(template)) {
      throw new TypeError(`${at}: expected {templateId, subject}, got ${JSON.stringify(item)}`)
    }
    for (const key of Object.keys(template)) {
      if (key !== 'templateId' && key !== 'subject')
        throw new TypeError(`${at}.${key}: unknown option (expected templateId or subject)`)
    }
    const { templateId, subject } = template
    if (typeof templateId !== 'string' || templateId.trim() === '') {
      throw new TypeError(`${at}.templateId: expected a non-empty string, got ${JSON.stringify(templateId)}`)
    }
    if (seen.has(templateId)) throw new TypeError(`${at}.templateId: "${templateId}" is used by another template`)
    seen.add(templateId)
    if (typeof subject !== 'string' || subject.trim() === '' || subject.length > 200 || /[\r\n]/.test(subject)) {
      throw new TypeError(
        `${at}.subject: expected a one-line subject of at most 200 characters, got ${JSON.stringify(subject)}`,
      )
    }
    const problem = messageTemplateProblem(subject, { needsCode: false })
    if (problem !== undefined) throw new TypeError(`${at}.subject: expected ${problem}`)
    return { templateId, subject }
  })
}

/** `{walletName, accounts: [{curve, pathFormat, path, addressFormat}]}`, each account one the mock derives; null or absent for none. */
function resolveDefaultWallet(value: unknown, path: string): MockWalletSpec | null {
  if (value === undefined || value === null) return null
  const expected = '{walletName, accounts: [{curve, pathFormat, path, addressFormat}]} or null'
  if (typeof value !== 'object' || Array.isArray(value))
    throw new TypeError(`${path}: expected ${expected}, got ${JSON.stringify(value)}`)
  const wallet = value as Record<string, unknown>
  for (const key of Object.keys(wallet)) {
    if (key !== 'walletName' && key !== 'accounts')
      throw new TypeError(`${path}.${key}: unknown option (expected walletName or accounts)`)
  }
  const { walletName, accounts } = wallet
  if (typeof walletName !== 'string' || walletName.trim() === '') {
    throw new TypeError(`${path}.walletName: expected a non-empty string, got ${JSON.stringify(walletName)}`)
  }
  if (!Array.isArray(accounts) || accounts.length === 0) {
    throw new TypeError(
      `${path}.accounts: expected a non-empty list of {curve, pathFormat, path, addressFormat}, got ${JSON.stringify(accounts)}`,
    )
  }
  return {
    walletName,
    accounts: accounts.map((item: unknown, index) => {
      const at = `${path}.accounts[${index}]`
      const account = (typeof item === 'object' && item !== null && !Array.isArray(item) ? item : {}) as Record<
        string,
        unknown
      >
      for (const key of Object.keys(account)) {
        if (!['curve', 'pathFormat', 'path', 'addressFormat'].includes(key)) {
          throw new TypeError(`${at}.${key}: unknown option (expected curve, pathFormat, path, addressFormat)`)
        }
      }
      const text = (member: string): string => {
        const field = account[member]
        if (typeof field !== 'string')
          throw new TypeError(`${at}.${member}: expected a string, got ${JSON.stringify(field)}`)
        return field
      }
      const spec = {
        curve: text('curve'),
        pathFormat: text('pathFormat'),
        path: text('path'),
        addressFormat: text('addressFormat'),
      }
      try {
        return checkAccountSpec(spec, at)
      } catch (error) {
        // At start, a bad option is a TypeError, as every other tenant option's.
        if (error instanceof MockError) throw new TypeError(error.message, { cause: error })
        throw error
      }
    }),
  }
}
