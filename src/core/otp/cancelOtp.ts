import { assertKit } from '../assertKit'
import type { Kit } from '../createKit'
import { assertChallenge, type OtpChallenge } from './otpChallenge'

/**
 * Abandons a challenge (the person closed the dialog): deletes its key unless the current session
 * is bound to it. Safe to call more than once.
 */
export async function cancelOtp(kit: Kit, challenge: OtpChallenge, label = 'cancelOtp'): Promise<void> {
  assertKit(kit, `${label}(kit)`)
  assertChallenge(challenge, `${label}(challenge)`)
  await releaseOtpKey(kit, challenge)
}

/** cancelOtp past its checks, for a challenge the caller holds (createOtpFlow's own). */
export async function releaseOtpKey(kit: Kit, challenge: OtpChallenge): Promise<void> {
  if (kit.session.getSnapshot().session?.publicKey === challenge.publicKey) return
  await kit.keyStore.delete(challenge.publicKey)
}
