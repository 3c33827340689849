// Tenants: what each config id stands for, with defaults filled in and every option checked at start,
// so that a typo in a tenants file fails loudly instead of answering odd errors later.
import { ENABLED_PROVIDERS, type EnabledProvider } from '../core/types'
import { DEMO_OAUTH_CLIENT_IDS, MOCK_OAUTH_PROVIDERS, isMockOAuthProvider } from './oauthProviders'
import { OTP_MAX_LENGTH, OTP_MIN_LENGTH } from './otp'
import { DEFAULT_OTP_RATE_LIMITS, resolveOtpRateLimits } from './otpRateLimits'
import type { MockTenant, ResolvedMockTenant, ResolvedOtpRateLimits } from './types'
import { isAbsoluteHttpUrl } from './validate'

/** The config id of the demo tenant, served when no tenants are given. */
export const DEMO_CONFIG_ID = 'demo'
/** The demo tenant's parent organization. Fixed, so that demos and tests can name it. */
export const DEMO_ORGANIZATION_ID = '5b0c4f1e-7d2a-4c1b-9a8e-2f6d3c0b1a90'

/**
 * Email, SMS, Google, Apple and passkeys, so that the playground shows every kind of sign-in; every provider has a client
 * id, so a tenant built on it only needs to list more providers to enable them.
 */
export const DEMO_TENANT: MockTenant = {
  configId: DEMO_CONFIG_ID,
  organizationId: DEMO_ORGANIZATION_ID,
  enabledProviders: ['email', 'sms', 'google', 'apple', 'passkey'],
  oauthClientIds: { ...DEMO_OAUTH_CLIENT_IDS },
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
  return tenants.map((tenant, index) => {
    const resolved = resolveTenant(tenant, `tenants[${index}]`, otpRateLimits)
    if (seen.has(resolved.configId)) {
      throw new TypeError(`tenants[${index}].configId: "${resolved.configId}" is used by another tenant`)
    }
    seen.add(resolved.configId)
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

  const configId = isString(tenant['configId']) ? tenant['configId'] : fail('configId', 'a non-empty string')
  const organizationId = isString(tenant['organizationId'])
    ? tenant['organizationId']
    : fail('organizationId', 'a non-empty string')
  const resolved: ResolvedMockTenant = {
    configId,
    organizationId,
    allowedOrigins: optional('allowedOrigins', isStringList, "a list of origins like 'http://localhost:5173' or '*'") ?? [
      '*',
    ],
    enabledProviders:
      optional('enabledProviders', isProviderList, `a list of ${ENABLED_PROVIDERS.join(', ')}`) ?? ['email'],
    sessionExpirationSeconds:
      optional('sessionExpirationSeconds', isIntegerIn(1, 31_536_000), 'a whole number of seconds (1..31536000)') ?? 900,
    otpLength:
      optional('otpLength', isIntegerIn(OTP_MIN_LENGTH, OTP_MAX_LENGTH), `an integer ${OTP_MIN_LENGTH}..${OTP_MAX_LENGTH}`) ??
      6,
    otpAlphanumeric: optional('otpAlphanumeric', isBoolean, 'true or false') ?? true,
    otpRateLimits: resolveOtpRateLimits(tenant['otpRateLimits'], `${path}.otpRateLimits`, otpRateLimits),
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
  return resolved
}
