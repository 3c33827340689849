import type { OtpInitV2Response } from '../../core/types'
import type { EndpointContext } from './context'
import { sendCode } from './otpInit'

/**
 * POST /v1/otp_init_v2, the current generation's code request (@turnkey/core 2.x): otp_init's body and
 * checks, and with the code a target key of its own, in a bundle the enclave signs. The client checks
 * that signature against the key it trusts, then encrypts the code to the target (otp_verify_v2).
 */
export async function otpInitV2(context: EndpointContext): Promise<OtpInitV2Response> {
  // Made first: a request refused below changes nothing.
  const target = await context.enclave.newTarget()
  const otp = sendCode(context, target)
  return { otpId: otp.otpId, otpEncryptionTargetBundle: context.enclave.targetBundle(target) }
}
