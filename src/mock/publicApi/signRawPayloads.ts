import type { Activity, SignRawPayloadsParameters } from '../../core/publicApiTypes'
import { MockError } from '../http'
import { assertMayAct, assertNotReplayed, completedActivity, recordActivity } from './activities'
import type { PublicApiContext } from './context'
import { readEnvelope } from './readEnvelope'
import { signingAccount } from './signingAccount'
import { HASH_FUNCTIONS, PAYLOAD_ENCODINGS, readPayload, signPayload } from './signPayload'
import { assertOwnOrganization } from './verifyQueryStamp'
import { verifyStamp } from './verifyStamp'

/** Payloads in one request: a wallet signs a message or a transaction or two at a time. */
export const MAX_PAYLOADS = 32

/**
 * ACTIVITY_TYPE_SIGN_RAW_PAYLOADS: signs each payload with the key of the organization's account whose
 * address is `signWith`, as sign_raw_payload signs one (signPayload), and answers the signatures in order.
 */
export async function signRawPayloads(context: PublicApiContext): Promise<{ activity: Activity<'sign_raw_payloads'> }> {
  const parameters = readEnvelope(context, 'ACTIVITY_TYPE_SIGN_RAW_PAYLOADS')
  const signWith = parameters.nonEmptyString('signWith')
  const encoding = parameters.oneOf('encoding', PAYLOAD_ENCODINGS)
  const hashFunction = parameters.oneOf('hashFunction', HASH_FUNCTIONS)
  const payloadsField = parameters.name('payloads')
  const payloads = parameters.array('payloads')
  if (payloads.length === 0 || payloads.length > MAX_PAYLOADS) {
    throw new MockError(3, `${payloadsField}: expected 1 to ${MAX_PAYLOADS} payloads, got ${payloads.length}`)
  }
  const fieldsOf = (index: number) => ({
    payload: `${payloadsField}[${index}]`,
    hashFunction: parameters.name('hashFunction'),
    signWith: parameters.name('signWith'),
  })
  const toSign = payloads.map((payload, index) => readPayload(payload, encoding, hashFunction, fieldsOf(index)))
  assertNotReplayed(context)

  const stamp = await verifyStamp(context)
  assertOwnOrganization(context, stamp)
  assertMayAct(stamp)
  const account = signingAccount(context, signWith, parameters.name('signWith'))
  const signatures = toSign.map((payload, index) => signPayload(payload, hashFunction, account, fieldsOf(index)))
  const record = recordActivity(context, 'ACTIVITY_TYPE_SIGN_RAW_PAYLOADS', stamp)
  const intent: SignRawPayloadsParameters = { signWith, payloads: payloads as string[], encoding, hashFunction }
  return completedActivity<'sign_raw_payloads'>(
    { ...record, type: 'ACTIVITY_TYPE_SIGN_RAW_PAYLOADS' },
    { signRawPayloadsIntent: intent },
    { signRawPayloadsResult: { signatures } },
  )
}
