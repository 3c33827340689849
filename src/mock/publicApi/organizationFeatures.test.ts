import { describe, expect } from 'vitest'
import { itRefusesLikeEveryStampedActivity } from '../testing/activityRefusals'
import { envelope } from '../testing/publicApi'

// A sub-organization's user changes its own organization's features like any other activity: held to
// every refusal a stamped activity shares (no stamp, another organization, read-only or expired
// session, replay), and answered again for the identical request.
describe('set_organization_feature in a sub-organization', () => {
  itRefusesLikeEveryStampedActivity({
    route: 'submit/set_organization_feature',
    body: ({ clock }, organizationId) =>
      envelope(
        'ACTIVITY_TYPE_SET_ORGANIZATION_FEATURE',
        organizationId,
        { name: 'FEATURE_NAME_WEBHOOK', value: 'http://hooks.test/' },
        clock.now(),
      ),
    acceptedOnce: ({ proxy, user }) => {
      expect(proxy.state.features[user.organizationId]).toEqual([
        { name: 'FEATURE_NAME_WEBHOOK', value: 'http://hooks.test/' },
      ])
    },
  })
})

describe('remove_organization_feature in a sub-organization', () => {
  itRefusesLikeEveryStampedActivity({
    route: 'submit/remove_organization_feature',
    body: ({ clock }, organizationId) =>
      envelope(
        'ACTIVITY_TYPE_REMOVE_ORGANIZATION_FEATURE',
        organizationId,
        { name: 'FEATURE_NAME_WEBHOOK' },
        clock.now(),
      ),
  })
})
