import type { EndpointContext } from '../endpoints/context'
import { MockError } from '../http'
import { tenantUsers } from '../state'
import type { MockState, MockUser, ResolvedMockTenant } from '../types'

/**
 * The organization a public API request names, and whose credentials may act in it. The public API
 * has no config id: the tenant is the one whose parent organization this is, or under which this
 * sub-organization was created.
 */
export interface PublicApiScope {
  organizationId: string
  tenant: ResolvedMockTenant
  /**
   * The sub-organization's users; for the parent organization, every user of the tenant, so that a
   * passkey login there finds the sub-organization holding the passkey.
   */
  users: MockUser[]
}

/** What a public API operation works with. `body` is the parsed JSON of `bodyBytes`. */
export interface PublicApiContext extends EndpointContext {
  scope: PublicApiScope
  /** The exact bytes received: what a stamp signs. */
  bodyBytes: Uint8Array
  /** sha256 of `bodyBytes`, hex: the activity's fingerprint. */
  fingerprint: string
  headers: Headers
}

/** 5 NOT_FOUND for an organization no tenant of this mock knows. */
export function resolveScope(
  state: MockState,
  tenants: readonly ResolvedMockTenant[],
  organizationId: string,
): PublicApiScope {
  // Two tenants may share a parent organization; the first one listed speaks for it.
  const parentOf = tenants.find((tenant) => tenant.organizationId === organizationId)
  if (parentOf !== undefined) {
    return { organizationId, tenant: parentOf, users: tenantUsers(state, parentOf) }
  }
  const subOrganization = state.organizations[organizationId]
  const tenant = tenants.find((candidate) => candidate.configId === subOrganization?.configId)
  if (subOrganization === undefined || tenant === undefined) {
    throw new MockError(
      5,
      `organizationId: no organization "${organizationId}" (neither a tenant's organization nor a sub-organization signed up under one)`,
    )
  }
  const users = Object.values(state.users).filter((user) => user.organizationId === organizationId)
  return { organizationId, tenant, users }
}
