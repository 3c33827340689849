// The flows the suite runs, and the sign-ins logout is run after.
import { oauthFlowDef, signInWithRedirect } from './oauthFlows'
import { otpFlowDef, signInByEmail } from './otpFlows'
import { passkeyAdd, passkeyLogin, passkeySignup, refresh, signedUpWithPasskey } from './passkeyFlows'
import { SIGNED_IN_FLOWS } from './signedInFlows'
import { twoTabs } from './twoTabsFlow'
import type { Condition } from './conditions'
import type { FlowDef } from './flow'
import { ID_TOKEN_FAULTS, TOKEN_ENDPOINT_FAULTS } from './providerFaults'
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
  oauthFlowDef('Google redirect', 'redirect', 'google', true),
  oauthFlowDef('Apple popup', 'popup', 'apple', true),
  oauthFlowDef('Facebook redirect', 'redirect', 'facebook', true),
  passkeySignup,
  passkeyLogin,
  passkeyAdd,
  refresh,
  ...SIGNED_IN_FLOWS,
  twoTabs,
]

/**
 * The flows a device's own faults (conditions.ts) are run over: a code (the current generation), OAuth,
 * a passkey's sign-up and log-in, a refresh, and a signature.
 */
export const CONDITION_FLOWS: readonly FlowDef[] = [
  'email new user (v2)',
  'OAuth redirect (X)',
  'passkey sign-up',
  'passkey log-in',
  'refresh',
  'sign message',
].map(named)

function named(name: string): FlowDef {
  const flow = FLOWS.find((candidate) => candidate.name === name)
  if (flow === undefined) throw new Error(`no flow named ${name}`)
  return flow
}

/** The faults at a provider itself, each over the flows of the providers it belongs to. */
export const PROVIDER_RUNS: ReadonlyArray<{ flow: FlowDef; conditions: readonly Condition[] }> = [
  { flow: named('Google redirect'), conditions: ID_TOKEN_FAULTS },
  { flow: named('Apple popup'), conditions: ID_TOKEN_FAULTS },
  { flow: named('Facebook redirect'), conditions: TOKEN_ENDPOINT_FAULTS },
]

/** The ways into a session that logout must leave nothing of. */
export const SIGN_INS: ReadonlyArray<{ name: string; signIn(world: World): Promise<void> }> = [
  { name: 'email', signIn: signInByEmail },
  { name: 'OAuth redirect', signIn: (world) => signInWithRedirect(world, 'x') },
  { name: 'passkey', signIn: (world) => signedUpWithPasskey(world).then(() => undefined) },
]
