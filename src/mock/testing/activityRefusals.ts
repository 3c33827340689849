// The refusals every activity stamped by a session key shares (WIRE.md "Signed-in queries and activities"):
// no stamp, another organization's key or organization, an expired or read-only session, a body stamped
// again; and the identical request answered again with the same activity (production's idempotency).
// One table, so that each activity is held to all of them and a new activity cannot forget one.
import { expect, it } from 'vitest'
import { DEMO_ORGANIZATION_ID } from '../tenants'
import type { MockAuthProxy } from '../types'
import { createTestClientKey, type TestClientKey } from './clientKey'
import { expectRefused } from './expectRefused'
import { setup, type TestClock } from './harness'
import { callPublic, signedInEmailUser, xStamp, type PublicRoute, type SignedInUser } from './publicApi'

export interface SignedInActivity {
  proxy: MockAuthProxy
  clock: TestClock
  /** ada@example.com, signed in with a read-write session. */
  user: SignedInUser
}

export interface StampedActivity {
  route: PublicRoute
  /** A valid envelope for `organizationId`, timestamped by the clock. */
  body: (signedIn: SignedInActivity, organizationId: string) => string
  /** What the first, accepted submission of a replayed body did (once, not twice). */
  acceptedOnce?: (signedIn: SignedInActivity) => void
}

interface Refused {
  body: string
  headers: Record<string, string>
}

interface Refusal {
  name: string
  code: 7 | 16
  message: string | RegExp
  /** Builds the refused request; may first submit the body once (a replay). */
  request: (activity: StampedActivity, signedIn: SignedInActivity) => Promise<Refused>
}

const stamped = async (key: TestClientKey, body: string): Promise<Refused> => ({
  body,
  headers: await xStamp(key, body),
})

const REFUSALS: Refusal[] = [
  {
    name: 'a request without a stamp with 16',
    code: 16,
    message: /^X-Stamp: missing/,
    request: async (activity, signedIn) => ({
      body: activity.body(signedIn, signedIn.user.organizationId),
      headers: {},
    }),
  },
  {
    name: "another organization's session key with 16",
    code: 16,
    message: /^could not find public key in organization/,
    request: async (activity, signedIn) => {
      const bob = await signedInEmailUser(signedIn.proxy, 'bob@example.com')
      return stamped(bob.sessionKey, activity.body(signedIn, signedIn.user.organizationId))
    },
  },
  {
    name: 'the parent organization with 7',
    code: 7,
    message:
      /^organizationId: "[0-9a-f-]+" is not the organization of the stamping user .*; a session reaches only its own organization(; .+)?$/,
    request: async (activity, signedIn) =>
      stamped(signedIn.user.sessionKey, activity.body(signedIn, DEMO_ORGANIZATION_ID)),
  },
  {
    name: 'an expired session key with 16',
    code: 16,
    message: /its session expired at/,
    request: async (activity, signedIn) => {
      signedIn.clock.advance(900_000)
      return stamped(signedIn.user.sessionKey, activity.body(signedIn, signedIn.user.organizationId))
    },
  },
  {
    name: 'a read-only session key with 7 naming the session type',
    code: 7,
    message:
      'X-Stamp: stamped by the key of a SESSION_TYPE_READ_ONLY session, which may make queries only; sign in for a read-write session to submit activities',
    request: async (activity, signedIn) => {
      const readOnlyKey = await createTestClientKey()
      await signedIn.proxy.issueSession({
        userId: signedIn.user.userId,
        publicKey: readOnlyKey.publicKey,
        sessionType: 'SESSION_TYPE_READ_ONLY',
      })
      return stamped(readOnlyKey, activity.body(signedIn, signedIn.user.organizationId))
    },
  },
  {
    // The body's timestampMs makes each request unique, so a fresh stamp does not make a replay new.
    name: 'a replayed body under a fresh stamp with 16',
    code: 16,
    message: /^request body: already submitted/,
    request: async (activity, signedIn) => {
      const body = activity.body(signedIn, signedIn.user.organizationId)
      const first = await stamped(signedIn.user.sessionKey, body)
      expect((await callPublic(signedIn.proxy, activity.route, body, { headers: first.headers })).status).toBe(200)
      activity.acceptedOnce?.(signedIn)
      return stamped(signedIn.user.sessionKey, body)
    },
  },
]

/** One test per shared refusal of `activity`: the code, the HTTP status, the message, and no change to the state. */
export function itRefusesLikeEveryStampedActivity(activity: StampedActivity): void {
  it.each(REFUSALS.map((refusal) => [refusal.name, refusal] as const))(
    'refuses %s, changing nothing',
    async (_name, refusal) => {
      const { proxy, clock } = setup()
      const signedIn = { proxy, clock, user: await signedInEmailUser(proxy, 'ada@example.com') }
      const { body, headers } = await refusal.request(activity, signedIn)
      await expectRefused(
        proxy,
        () => callPublic(proxy, activity.route, body, { headers }),
        refusal.code,
        refusal.message,
      )
    },
  )

  // Production's submissions are idempotent: a client whose answer was lost sends the very same bytes
  // and reads the activity it made, which is not made twice.
  it('answers the identical request (the same body and stamp) again with the same activity, doing nothing twice', async () => {
    const { proxy, clock } = setup()
    const signedIn = { proxy, clock, user: await signedInEmailUser(proxy, 'ada@example.com') }
    const { body, headers } = await stamped(
      signedIn.user.sessionKey,
      activity.body(signedIn, signedIn.user.organizationId),
    )
    const first = await callPublic(proxy, activity.route, body, { headers })
    expect(first.status).toBe(200)
    const state = proxy.state
    clock.advance(1000)
    const again = await callPublic(proxy, activity.route, body, { headers })
    expect(again).toEqual(first)
    expect(proxy.state).toEqual(state)
    activity.acceptedOnce?.(signedIn)
  })
}
