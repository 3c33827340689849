// Two tabs (issue 29, item 9): the returning email user is already signed in in another tab (a second
// kit on the same storage, key database and window, whose session events each kit follows) when this
// tab's sign-in by code fails. The failure must leave the other tab's session in place and no key of its
// own; the recovery signs in here, the other tab follows, and the key it displaced is gone.
import type { FlowDef } from './flow'
import { otpFlowDef, signInByEmail } from './otpFlows'
import type { World } from './world'

async function signedInInAnotherTab(world: World) {
  const tab = world.openTab()
  await signInByEmail(world, tab)
  const session = tab.session.getSnapshot().session
  if (session === null) throw new Error('setup: the other tab did not sign in')
  // Past the proxy's wait between two codes to one address.
  world.advance(60)
  return { sessionBefore: session, dispose: () => tab.destroy() }
}

export const twoTabs: FlowDef = {
  ...otpFlowDef('two tabs (email, v2)', 'OTP_TYPE_EMAIL', true, 'v2', signedInInAnotherTab),
  eachFaultOnce: true,
}
