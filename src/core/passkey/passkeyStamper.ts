import type { Stamper } from '../stamp/stamper'
import { webAuthnStamp } from '../stamp/webAuthnStamp'
import {
  getPasskeyAssertion,
  type GetPasskeyAssertionParameters,
  type GetPasskeyAssertionReturnType,
} from './getPasskeyAssertion'

export type PasskeyStamperParameters = Omit<GetPasskeyAssertionParameters, 'body'> & {
  /** Called with each assertion made, e.g. to learn which passkey was used. */
  onAssertion?: ((assertion: GetPasskeyAssertionReturnType) => void) | undefined
}

/** Stamps with a passkey (X-Stamp-WebAuthn): each stamp is one browser prompt. */
export function passkeyStamper(parameters: PasskeyStamperParameters = {}): Stamper {
  const { onAssertion, ...assertionParameters } = parameters
  return async (body) => {
    const assertion = await getPasskeyAssertion({ ...assertionParameters, body })
    onAssertion?.(assertion)
    return { stampHeaderName: 'X-Stamp-WebAuthn', stampHeaderValue: webAuthnStamp(assertion) }
  }
}
