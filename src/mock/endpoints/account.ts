import type { AccountFilterType, AccountResponse } from '../../core/types'
import { MockError } from '../http'
import {
  contactsMatch,
  findUserByCredentialId,
  findUserByEmail,
  findUserByPhoneNumber,
  findUserByPublicKey,
} from '../state'
import type { MockUser } from '../types'
import { checkVerificationToken } from '../verificationTokens'
import type { EndpointContext } from './context'

const FILTER_TYPES: readonly AccountFilterType[] = ['EMAIL', 'PHONE_NUMBER', 'OIDC_TOKEN', 'CREDENTIAL_ID', 'PUBLIC_KEY']

/**
 * Finds the sub-organization of an account, or answers `{}` so that the client signs up. A lookup does
 * not redeem the verification token; when one is given it must be valid and prove `filterValue`.
 */
export async function account({ tenant, body, state, tokens }: EndpointContext): Promise<AccountResponse> {
  const filterType = body.oneOf('filterType', FILTER_TYPES)
  const filterValue = body.nonEmptyString('filterValue')
  const verificationToken = body.optionalString('verificationToken')
  body.optionalString('oidcToken')

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
    case 'OIDC_TOKEN':
      // OAuth sign-ups arrive with the OAuth issue; until then no account holds a verified OIDC identity.
      user = undefined
      break
  }
  return user === undefined ? {} : { organizationId: user.organizationId }
}
