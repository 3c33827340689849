import type { Activity, CreateAuthenticatorsParameters } from '../../core/publicApiTypes'
import { assertCredentialsNew, readAuthenticator, verifyAttestations } from '../attestations'
import { MockError } from '../http'
import { assertNotReplayed, completedActivity, recordActivity } from './activities'
import type { PublicApiContext } from './context'
import { readEnvelope } from './readEnvelope'
import { verifyStamp } from './verifyStamp'

/**
 * ACTIVITY_TYPE_CREATE_AUTHENTICATORS_V2: adds passkeys to `parameters.userId`, stamped by a credential
 * of that same user (a session key, an API key or one of their passkeys). Each attestation is verified
 * as at signup: the request's Origin, the tenant's RP ID, the given challenge.
 */
export async function createAuthenticators(
  context: PublicApiContext,
): Promise<{ activity: Activity<'create_authenticators'> }> {
  const { scope, state, origin, now } = context
  const parameters = readEnvelope(context, 'ACTIVITY_TYPE_CREATE_AUTHENTICATORS_V2')
  const userId = parameters.nonEmptyString('userId')
  const field = parameters.name('authenticators')
  const authenticators = parameters.objects('authenticators').map(readAuthenticator)
  if (authenticators.length === 0) throw new MockError(3, `${field}: expected at least one authenticator`)
  assertNotReplayed(context)

  const stamp = await verifyStamp(context)
  const user = scope.users.find((candidate) => candidate.userId === userId)
  if (user === undefined) {
    throw new MockError(
      5,
      `${parameters.name('userId')}: no user "${userId}" in organization "${scope.organizationId}"`,
    )
  }
  if (stamp.user.userId !== user.userId) {
    throw new MockError(
      7,
      `${parameters.name('userId')}: the request is stamped by another user's credential; a user adds passkeys to their own account only`,
    )
  }
  const verified = await verifyAttestations(authenticators, { tenant: scope.tenant, state, origin, field, now })

  // After the awaits: a concurrent request may have registered the same passkey meanwhile.
  const credentialIds = verified.map((authenticator) => authenticator.credentialId)
  assertCredentialsNew(state, scope.tenant, credentialIds, field)
  const record = recordActivity(context, 'ACTIVITY_TYPE_CREATE_AUTHENTICATORS_V2', stamp)
  user.authenticators.push(...verified)
  const intent: CreateAuthenticatorsParameters = { userId, authenticators }
  return completedActivity<'create_authenticators'>(
    { ...record, type: 'ACTIVITY_TYPE_CREATE_AUTHENTICATORS_V2' },
    { createAuthenticatorsIntentV2: intent },
    {
      createAuthenticatorsResult: { authenticatorIds: verified.map((authenticator) => authenticator.authenticatorId) },
    },
  )
}
