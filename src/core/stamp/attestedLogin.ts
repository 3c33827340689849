import type { CallOptions } from '../client'
import type { Kit } from '../createKit'
import type { ActivityEnvelope } from '../publicApiTypes'
import { checkAnswer } from '../wallet/checkAnswer'
import { attestedStamper, type AttestedStampScheme } from './attestedStamper'

export interface AttestedLogin {
  /** The key the session will be bound to: it stamps the request. */
  publicKey: string
  /** The account's organization, where the session is made. */
  organizationId: string
  scheme: AttestedStampScheme
  /** The token that vouches for the key: a verification token, or an OIDC token bound to the key. */
  attestation: string
}

/**
 * The current generation's log-in after a code or an OAuth sign-in, as @turnkey/core 2.7 and later do
 * it: stamp_login on the public API in the account's organization, stamped by the new key and attested
 * by the token that vouches for it (X-Stamp-Attested). The session token it answers.
 */
export async function attestedLogin(kit: Kit, login: AttestedLogin, options: CallOptions): Promise<string> {
  const { publicKey, organizationId, scheme, attestation } = login
  const envelope: ActivityEnvelope<'stamp_login'> = {
    type: 'ACTIVITY_TYPE_STAMP_LOGIN',
    timestampMs: String(kit.now()),
    organizationId,
    parameters: { publicKey },
  }
  const stamper = attestedStamper(kit, publicKey, scheme, attestation)
  const activity = checkAnswer('stamp_login', await kit.publicApi.submit('stamp_login', envelope, stamper, options), [
    'result.stampLoginResult.session',
  ])
  return activity.result.stampLoginResult.session
}
