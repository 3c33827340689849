import type { Enclave } from '../enclave'
import type { TokenAuthority } from '../tokens'
import type { MockState, ResolvedMockTenant } from '../types'
import type { Fields } from '../validate'

/** What an endpoint works with. Endpoints validate everything before they change `state`. */
export interface EndpointContext {
  tenant: ResolvedMockTenant
  body: Fields
  state: MockState
  tokens: TokenAuthority
  /** Signs the current generation's code targets and verification tokens, and opens encrypted codes. */
  enclave: Enclave
  now: () => number
  /** The request's Origin header (already allowed by the tenant), or null when it has none. */
  origin: string | null
}

export function isoTime(ms: number): string {
  return new Date(ms).toISOString()
}
