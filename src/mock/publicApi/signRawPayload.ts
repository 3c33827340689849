import type { Activity, SignRawPayloadParameters } from '../../core/publicApiTypes'
import { assertMayAct, assertNotReplayed, completedActivity, recordActivity } from './activities'
import type { PublicApiContext } from './context'
import { readEnvelope } from './readEnvelope'
import { signingAccount } from './signingAccount'
import { HASH_FUNCTIONS, PAYLOAD_ENCODINGS, readPayload, signPayload } from './signPayload'
import { assertOwnOrganization } from './verifyQueryStamp'
import { verifyStamp } from './verifyStamp'

/**
 * ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2, what production's signMessage and its viem account send: one payload,
 * signed with the key of the organization's account whose address is `signWith` (signPayload), answered
 * as `{r, s, v}`.
 */
export async function signRawPayload(context: PublicApiContext): Promise<{ activity: Activity<'sign_raw_payload'> }> {
  const parameters = readEnvelope(context, 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2')
  const signWith = parameters.nonEmptyString('signWith')
  const encoding = parameters.oneOf('encoding', PAYLOAD_ENCODINGS)
  const hashFunction = parameters.oneOf('hashFunction', HASH_FUNCTIONS)
  const fields = {
    payload: parameters.name('payload'),
    hashFunction: parameters.name('hashFunction'),
    signWith: parameters.name('signWith'),
  }
  const payload = parameters.value('payload')
  const toSign = readPayload(payload, encoding, hashFunction, fields)
  assertNotReplayed(context)

  const stamp = await verifyStamp(context)
  assertOwnOrganization(context, stamp)
  assertMayAct(stamp)
  const signature = signPayload(toSign, hashFunction, signingAccount(context, signWith, fields.signWith), fields)
  const record = recordActivity(context, 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2', stamp)
  const intent: SignRawPayloadParameters = { signWith, payload: payload as string, encoding, hashFunction }
  return completedActivity<'sign_raw_payload'>(
    { ...record, type: 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2' },
    { signRawPayloadIntentV2: intent },
    { signRawPayloadResult: signature },
  )
}
