import type { Kit, Session } from '../contracts'
import type { Activity, PublicActivities, PublicActivityName } from '../publicApiTypes'
import { apiKeyStamper } from '../stamp/stamper'
import { callOptions } from './walletOptions'

const ACTIVITY_TYPES: { [A in PublicActivityName]: PublicActivities[A]['type'] } = {
  stamp_login: 'ACTIVITY_TYPE_STAMP_LOGIN',
  create_authenticators: 'ACTIVITY_TYPE_CREATE_AUTHENTICATORS_V2',
  sign_raw_payloads: 'ACTIVITY_TYPE_SIGN_RAW_PAYLOADS',
  sign_raw_payload: 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2',
  sign_transaction: 'ACTIVITY_TYPE_SIGN_TRANSACTION_V2',
  create_wallet: 'ACTIVITY_TYPE_CREATE_WALLET',
}

/**
 * Submits `activity` as the signed-in user: in the session's organization, timestamped by the kit's
 * clock, stamped X-Stamp by the session key. The envelope's members keep the seed's order, since the
 * stamp signs the exact text.
 */
export function submitAsSession<A extends PublicActivityName>(
  kit: Kit,
  session: Session,
  activity: A,
  parameters: PublicActivities[A]['parameters'],
  signal: AbortSignal | undefined,
): Promise<Activity<A>> {
  const envelope = {
    type: ACTIVITY_TYPES[activity],
    timestampMs: String(kit.now()),
    organizationId: session.organizationId,
    parameters,
  }
  return kit.publicApi.submit(activity, envelope, apiKeyStamper(kit, session.publicKey), callOptions(signal))
}
