// Wire types of the stamped public API subset (WIRE.md, "Public API subset"): the seed's activity
// envelope and activity object, as production writes them (camelCase, 64-bit integers as decimal
// strings). Kept apart from types.ts, which is the auth proxy's /v1 contract.
import type { SignupAuthenticator } from './types'

/** Activities the kit submits, by their path under `/public/v1/submit/`. */
export interface PublicActivities {
  stamp_login: {
    type: 'ACTIVITY_TYPE_STAMP_LOGIN'
    parameters: StampLoginParameters
    intent: { stampLoginIntent: StampLoginParameters }
    result: { stampLoginResult: StampLoginResult }
  }
  create_authenticators: {
    type: 'ACTIVITY_TYPE_CREATE_AUTHENTICATORS_V2'
    parameters: CreateAuthenticatorsParameters
    intent: { createAuthenticatorsIntentV2: CreateAuthenticatorsParameters }
    result: { createAuthenticatorsResult: CreateAuthenticatorsResult }
  }
}
export type PublicActivityName = keyof PublicActivities
export type ActivityType = PublicActivities[PublicActivityName]['type']

/** Queries the kit makes, by their path under `/public/v1/query/`. */
export interface PublicQueries {
  whoami: { request: WhoamiRequest; response: WhoamiResponse }
}
export type PublicQueryName = keyof PublicQueries

/** The body of every submit: the exact text sent is what the stamp signs. */
export interface ActivityEnvelope<A extends PublicActivityName = PublicActivityName> {
  type: PublicActivities[A]['type']
  /** ms since the epoch, decimal string; the API refuses a stamp far from its own clock. */
  timestampMs: string
  /** The organization acting: the user's sub-organization, or the parent for a passkey login. */
  organizationId: string
  parameters: PublicActivities[A]['parameters']
}

export type ActivityStatus =
  | 'ACTIVITY_STATUS_CREATED'
  | 'ACTIVITY_STATUS_PENDING'
  | 'ACTIVITY_STATUS_COMPLETED'
  | 'ACTIVITY_STATUS_FAILED'
  | 'ACTIVITY_STATUS_CONSENSUS_NEEDED'
  | 'ACTIVITY_STATUS_REJECTED'

/**
 * A time as the API writes it: protobuf's `{seconds, nanos}` (decimal strings) in production; an
 * ISO 8601 string is tolerated. The kit never reads it.
 */
export type ActivityTimestamp = { seconds: string; nanos: string } | string

/** The answer to a submit. Production wraps it as `{activity}`; the client accepts both. */
export interface Activity<A extends PublicActivityName = PublicActivityName> {
  id: string
  organizationId?: string
  status: ActivityStatus
  type: PublicActivities[A]['type']
  /** Production types every intent member as optional (v1Intent); the kit never reads it. */
  intent: Partial<PublicActivities[A]['intent']>
  /** Filled when status is ACTIVITY_STATUS_COMPLETED. */
  result: PublicActivities[A]['result']
  votes: unknown[]
  fingerprint: string
  canApprove: boolean
  canReject: boolean
  createdAt: ActivityTimestamp
  updatedAt: ActivityTimestamp
}

// ---------------------------------------------------------------------------------------------
// stamp_login

export interface StampLoginParameters {
  /** The key the session will be bound to: compressed P-256, lowercase hex. */
  publicKey: string
  /** Decimal string; the tenant's session length when left out. */
  expirationSeconds?: string
  invalidateExisting?: boolean
}

export interface StampLoginResult {
  /** A session JWT bound to `publicKey`, for the user whose credential stamped the request. */
  session: string
}

// ---------------------------------------------------------------------------------------------
// create_authenticators (v2)

/** Authenticators take the same shape as at signup. */
export type AuthenticatorParams = SignupAuthenticator

export interface CreateAuthenticatorsParameters {
  userId: string
  authenticators: AuthenticatorParams[]
}

export interface CreateAuthenticatorsResult {
  authenticatorIds: string[]
}

// ---------------------------------------------------------------------------------------------
// whoami

export interface WhoamiRequest {
  organizationId: string
}

export interface WhoamiResponse {
  organizationId: string
  organizationName: string
  userId: string
  username: string
}
