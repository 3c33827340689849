import type { Kit } from '../contracts'
import type { PublicUser } from '../publicApiTypes'
import { checkAnswer } from './checkAnswer'
import { apiKeyStamper } from '../stamp/stamper'
import { signedInSession, throwIfAborted } from './signedInSession'
import { callOptions, checkWalletCall, type WalletCallOptions } from './walletOptions'

export type GetUserOptions = WalletCallOptions

/**
 * The signed-in user as the API knows them (get_user for the session's user in its organization,
 * stamped X-Stamp by the session key): names, email, phone, passkeys, linked OAuth identities.
 * NOT_SIGNED_IN without a session; STAMP_REFUSED when the API no longer accepts the session.
 */
export async function getUser(kit: Kit, options: GetUserOptions = {}): Promise<PublicUser> {
  const label = 'getUser'
  checkWalletCall(kit, options, label)
  const { signal } = options
  const session = await signedInSession(kit, label)
  throwIfAborted(signal, label)
  const answer = checkAnswer(
    'get_user',
    await kit.publicApi.query(
      'get_user',
      { organizationId: session.organizationId, userId: session.userId },
      apiKeyStamper(kit, session.publicKey),
      callOptions(signal),
    ),
    ['user.userId'],
  )
  return answer.user
}
