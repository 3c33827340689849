// Sessions from the mock proxy's real endpoints, for the server helper's tests: sign up by email, verify
// a second code, log in with otp_login, as the kit does. Two tenants, so that a session of another app
// (the same proxy, the same notarizer key) is at hand.
import { createTestClientKey } from '../../mock/testing/clientKey'
import { call, ok, setup, signedLogin, signedSignup, verifyEmail, type Setup } from '../../mock/testing/harness'
import type { MockAuthProxy } from '../../mock/types'

export const OUR_PARENT = 'org-our-app'
export const OTHER_PARENT = 'org-other-app'

/** A mock with this app's tenant (config id `demo`) and another app's (`other`). */
export function setupTwoTenants(): Setup {
  return setup({
    tenants: [
      { configId: 'demo', organizationId: OUR_PARENT },
      { configId: 'other', organizationId: OTHER_PARENT },
    ],
  })
}

export interface SignedIn {
  session: string
  userId: string
  /** The sub-organization the sign-up created. */
  organizationId: string
  sessionKey: string
}

/** Signs `email` up with tenant `configId`, then logs in: the session otp_login answers. */
export async function signIn(proxy: MockAuthProxy, email: string, configId = 'demo'): Promise<SignedIn> {
  const first = await verifyEmail(proxy, email, configId)
  const { organizationId, userId } = await ok<{ organizationId: string; userId: string }>(
    call(proxy, 'signup', await signedSignup(email, first), { configId }),
  )
  const verified = await verifyEmail(proxy, email, configId)
  const sessionKey = (await createTestClientKey()).publicKey
  const { session } = await ok<{ session: string }>(
    call(proxy, 'otp_login', await signedLogin(verified, sessionKey), { configId }),
  )
  return { session, userId, organizationId, sessionKey }
}
