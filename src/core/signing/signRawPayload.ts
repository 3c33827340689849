import type { Kit, Session } from '../contracts'
import type { SignRawPayloadParameters, SignRawPayloadResult } from '../publicApiTypes'
import { submitAsSession } from '../wallet/submitAsSession'
import { checkRawSignature } from './signatureFormats'

/**
 * One payload signed by a wallet account (sign_raw_payload, ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2, as
 * production's clients ask for every signature), as the signed-in user; the answer's `{r, s, v}` checked.
 */
export async function signRawPayload(
  kit: Kit,
  session: Session,
  parameters: SignRawPayloadParameters,
  signal: AbortSignal | undefined,
  label: string,
): Promise<SignRawPayloadResult> {
  const activity = await submitAsSession(kit, session, 'sign_raw_payload', parameters, signal)
  const result = (activity.result as Partial<typeof activity.result>).signRawPayloadResult
  return checkRawSignature(result, label, 'sign_raw_payload')
}
