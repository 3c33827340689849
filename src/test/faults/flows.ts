// The flows the suite runs, and the sign-ins logout is run after.
import { oauthFlowDef, signInWithRedirect } from './oauthFlows'
import { otpFlowDef, signInByEmail } from './otpFlows'
import { passkeyAdd, passkeyLogin, passkeySignup, refresh, signedUpWithPasskey } from './passkeyFlows'
import type { FlowDef } from './flow'
import type { World } from './world'

export const FLOWS: readonly FlowDef[] = [
  otpFlowDef('email new user', 'OTP_TYPE_EMAIL', false),
  otpFlowDef('email returning user', 'OTP_TYPE_EMAIL', true),
  otpFlowDef('SMS new user', 'OTP_TYPE_SMS', false),
  otpFlowDef('SMS returning user', 'OTP_TYPE_SMS', true),
  otpFlowDef('email new user (v2)', 'OTP_TYPE_EMAIL', false, 'v2'),
  otpFlowDef('email returning user (v2)', 'OTP_TYPE_EMAIL', true, 'v2'),
  otpFlowDef('SMS new user (v2)', 'OTP_TYPE_SMS', false, 'v2'),
  otpFlowDef('SMS returning user (v2)', 'OTP_TYPE_SMS', true, 'v2'),
  oauthFlowDef('OAuth redirect (X)', 'redirect', 'x'),
  oauthFlowDef('OAuth popup (Discord)', 'popup', 'discord'),
  passkeySignup,
  passkeyLogin,
  passkeyAdd,
  refresh,
]

/** The ways into a session that logout must leave nothing of. */
export const SIGN_INS: ReadonlyArray<{ name: string; signIn(world: World): Promise<void> }> = [
  { name: 'email', signIn: signInByEmail },
  { name: 'OAuth redirect', signIn: (world) => signInWithRedirect(world, 'x') },
  { name: 'passkey', signIn: (world) => signedUpWithPasskey(world).then(() => undefined) },
]
