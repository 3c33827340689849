import { callOptions } from '../callOptions'
import type { SignInIdentity } from '../contracts'
import type { Kit } from '../createKit'
import type { ActivityEnvelope, StampLoginParameters } from '../publicApiTypes'
import type { Session } from '../session/sessionStore'
import type { Stamper } from '../stamp/stamper'
import { checkAnswer } from '../wallet/checkAnswer'

/** stamp_login in `organizationId`, stamped by `stamper`, and the session it gives stored with `identity`. */
export async function stampLoginSession(
  kit: Kit,
  organizationId: string,
  parameters: StampLoginParameters,
  stamper: Stamper,
  signal: AbortSignal | undefined,
  identity: SignInIdentity,
): Promise<Session> {
  // The timestamp is taken before the stamp: the API allows a few minutes for the passkey prompt.
  const envelope: ActivityEnvelope<'stamp_login'> = {
    type: 'ACTIVITY_TYPE_STAMP_LOGIN',
    timestampMs: String(kit.now()),
    organizationId,
    parameters,
  }
  const activity = checkAnswer(
    'stamp_login',
    await kit.publicApi.submit('stamp_login', envelope, stamper, callOptions(signal)),
    ['result.stampLoginResult.session'],
  )
  return kit.session.set(activity.result.stampLoginResult.session, { identity })
}
