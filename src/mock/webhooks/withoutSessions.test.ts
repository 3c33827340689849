import { describe, expect, it } from 'vitest'
import { withoutSessions } from './withoutSessions'

describe('withoutSessions', () => {
  it('drops the session stamp_login answered, and keeps the rest of the activity as it was', () => {
    const activity = {
      id: 'a1',
      organizationId: 'org',
      type: 'ACTIVITY_TYPE_STAMP_LOGIN',
      intent: { stampLoginIntent: { publicKey: '02ab' } },
      result: { stampLoginResult: { session: 'eyJ.session.jwt', other: 1 } },
    }
    expect(withoutSessions(activity)).toEqual({ ...activity, result: { stampLoginResult: { other: 1 } } })
    // The recorded activity (what the API answered) is not changed.
    expect(activity.result.stampLoginResult.session).toBe('eyJ.session.jwt')
  })

  it('leaves an activity with no session, or no result, alone', () => {
    const created = { id: 'a2', organizationId: 'org', type: 'ACTIVITY_TYPE_CREATE_WALLET', result: { w: { id: 'w' } } }
    expect(withoutSessions(created)).toEqual(created)
    const pending = { id: 'a3', organizationId: 'org', type: 'ACTIVITY_TYPE_CREATE_WALLET' }
    expect(withoutSessions(pending)).toBe(pending)
  })
})
