import type { AccountFilterType, AccountResponse } from '../../core/types'
import { MockError } from '../http'
import { checkOidcToken } from '../oidcTokens'
import {
  contactsMatch,
  findUserByCredentialId,
  findUserByEmail,
  findUserByOAuthIdentity,
  findUserByOrganizationName,
  findUserByPhoneNumber,
  findUserByPublicKey,
  findUserByUserName,
} from '../state'
import type { MockUser } from '../types'
import { checkVerificationToken } from '../verificationTokens'
import type { EndpointContext } from './context'

/** Production's filter types (ProxyTGetAccountBody.filterType). */
const FILTER_TYPES: readonly AccountFilterType[] = [
  'EMAIL',
  'PHONE_NUMBER',
  'OIDC_TOKEN',
  'CREDENTIAL_ID',
  'PUBLIC_KEY',
  'NAME',
  'USERNAME',
]

/**
 * Finds the sub-organization of an account, or answers `{}` so that the client signs up. A lookup does
 * not redeem the verification token; when one is given it must be valid and prove `filterValue`. An
 * OIDC_TOKEN lookup verifies the token (it is the proof of the identity looked up) and finds the user
 * linked to its (iss, sub). NAME finds the sub-organization by the organizationName it was signed up
 * with, USERNAME by its root user's userName.
 */
export async function account({ tenant, body, state, tokens }: EndpointContext): Promise<AccountResponse> {
  const filterType = body.oneOf('filterType', FILTER_TYPES)
  const filterValue = body.nonEmptyString('filterValue')
  const verificationToken = body.optionalString('verificationToken')
  const oidcToken = body.optionalString('oidcToken')
  if (filterType === 'OIDC_TOKEN' && oidcToken !== undefined && oidcToken !== filterValue) {
    throw new MockError(3, 'oidcToken: differs from filterValue; send the same OIDC token in both, or only filterValue')
  }

  if (verificationToken !== undefined) {
    const { claims } = await checkVerificationToken(tokens, state, tenant, verificationToken)
    if (!contactsMatch(claims.contact, filterValue)) {
      throw new MockError(16, `verificationToken: proves ${claims.contact}, not the filterValue ${filterValue}`)
    }
  }

  let user: MockUser | undefined
  switch (filterType) {
    case 'EMAIL':
      user = findUserByEmail(state, tenant, filterValue)
      break
    case 'PHONE_NUMBER':
      user = findUserByPhoneNumber(state, tenant, filterValue)
      break
    case 'PUBLIC_KEY':
      user = findUserByPublicKey(state, tenant, filterValue)
      break
    case 'CREDENTIAL_ID':
      user = findUserByCredentialId(state, tenant, filterValue)
      break
    case 'NAME':
      user = findUserByOrganizationName(state, tenant, filterValue)
      break
    case 'USERNAME':
      user = findUserByUserName(state, tenant, filterValue)
      break
    case 'OIDC_TOKEN': {
      const { claims } = await checkOidcToken(tokens, state, tenant, filterValue, 'filterValue')
      user = findUserByOAuthIdentity(state, tenant, claims.iss, claims.sub)
      break
    }
  }
  return user === undefined ? {} : { organizationId: user.organizationId }
}
