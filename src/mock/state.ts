// The mock's memory, one per instance, and the lookups the endpoints share. Accounts are found by
// scanning: a mock holds a handful of users, and one source of truth cannot drift out of sync the way
// a separate index could.
import { defaultOAuthIdentities } from './oauthIdentities'
import type { MockOrganization, MockState, MockUser, ResolvedMockTenant } from './types'

/**
 * Every record is keyed by an id a request names (`otps[otpId]`, `oauthCodes[code]`, `captchaTokens[token]`),
 * so each map has no prototype: `state.otps['constructor']` finds nothing, and no key can reach
 * Object.prototype. structuredClone still copies them (as plain objects), which `MockAuthProxy.state` relies on.
 */
export function createState(): MockState {
  return {
    organizations: record(),
    users: record(),
    otps: record(),
    verificationTokens: record(),
    sessions: record(),
    outbox: [],
    oauthIdentities: defaultOAuthIdentities(),
    oauthCodes: record(),
    oidcTokens: record(),
    activities: record(),
    queryStamps: record(),
    features: record(),
    captchaTokens: record(),
  }
}

function record<T>(): Record<string, T> {
  return Object.create(null) as Record<string, T>
}

/** Users whose sub-organization belongs to the tenant: a config id never sees another tenant's users. */
export function tenantUsers(state: MockState, tenant: ResolvedMockTenant): MockUser[] {
  return Object.values(state.users).filter((user) => {
    const organization: MockOrganization | undefined = state.organizations[user.organizationId]
    return organization?.configId === tenant.configId
  })
}

export function findUserByEmail(state: MockState, tenant: ResolvedMockTenant, email: string): MockUser | undefined {
  const wanted = email.toLowerCase()
  return tenantUsers(state, tenant).find((user) => user.email === wanted)
}

export function findUserByPhoneNumber(
  state: MockState,
  tenant: ResolvedMockTenant,
  phoneNumber: string,
): MockUser | undefined {
  return tenantUsers(state, tenant).find((user) => user.phoneNumber === phoneNumber)
}

/** A user holding an API key with this public key (hex, any case). */
export function findUserByPublicKey(
  state: MockState,
  tenant: ResolvedMockTenant,
  publicKey: string,
): MockUser | undefined {
  const wanted = publicKey.toLowerCase()
  return tenantUsers(state, tenant).find((user) => user.apiKeys.some((key) => key.publicKey.toLowerCase() === wanted))
}

export function findUserByCredentialId(
  state: MockState,
  tenant: ResolvedMockTenant,
  credentialId: string,
): MockUser | undefined {
  return tenantUsers(state, tenant).find((user) =>
    user.authenticators.some((authenticator) => authenticator.credentialId === credentialId),
  )
}

/** The user an OAuth identity is linked to: an OIDC subject is unique only within its issuer. */
export function findUserByOAuthIdentity(
  state: MockState,
  tenant: ResolvedMockTenant,
  issuer: string,
  subject: string,
): MockUser | undefined {
  return tenantUsers(state, tenant).find((user) =>
    user.oauthProviders.some((link) => link.issuer === issuer && link.subject === subject),
  )
}

/** The root user of the sub-organization named `organizationName` at signup (names compare exactly). */
export function findUserByOrganizationName(
  state: MockState,
  tenant: ResolvedMockTenant,
  organizationName: string,
): MockUser | undefined {
  return tenantUsers(state, tenant).find(
    (user) => state.organizations[user.organizationId]?.organizationName === organizationName,
  )
}

/** The user whose `userName` (given at signup) is this one, exactly. */
export function findUserByUserName(
  state: MockState,
  tenant: ResolvedMockTenant,
  userName: string,
): MockUser | undefined {
  return tenantUsers(state, tenant).find((user) => user.userName === userName)
}

/** The user an OTP contact belongs to: emails case-insensitively, phone numbers exactly. */
export function findUserByContact(
  state: MockState,
  tenant: ResolvedMockTenant,
  contact: string,
  otpType: 'OTP_TYPE_EMAIL' | 'OTP_TYPE_SMS',
): MockUser | undefined {
  return otpType === 'OTP_TYPE_EMAIL'
    ? findUserByEmail(state, tenant, contact)
    : findUserByPhoneNumber(state, tenant, contact)
}

/** Contacts compare like the accounts they name: emails ignore case. */
export function contactsMatch(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase()
}
