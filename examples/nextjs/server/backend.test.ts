// The example's backend in process, against the mock proxy: the proxy's webhook tells it of each sign-up
// (proxyEvents.ts), and /api/me (meRoute.ts, with the options env.ts builds) answers only a signed-in
// caller of this app: a real session is accepted; a forged, an expired or another tenant's is refused.
import { decodeJwt } from 'jose'
import { describe, expect, it } from 'vitest'
import { createMockAuthProxy } from '../../../src/mock/handler'
import { DEMO_ORGANIZATION_ID, DEMO_TENANT } from '../../../src/mock/tenants'
import { createTestClock } from '../../../src/mock/testing/harness'
import { signatureHeader } from '../../../src/mock/webhooks/createWebhooks'
import { withClaims } from '../../../src/server/test/forgeries'
import { signIn } from '../../../src/server/test/sessionsOnMock'
import { sessionOptions } from './env'
import { meRoute } from './meRoute'
import { isOurOrganization } from './ourOrganizations'
import { proxyEventsRoute } from './proxyEvents'

const SECRET = 'example-webhook-secret-for-tests'
const ME = 'http://app.test/api/me'

function setup() {
  const clock = createTestClock()
  const receive = proxyEventsRoute({ secret: SECRET, parentOrganizationId: DEMO_ORGANIZATION_ID, now: clock.now })
  const proxy = createMockAuthProxy({
    now: clock.now,
    tenants: [
      { ...DEMO_TENANT, webhookUrl: 'http://app.test/api/proxy-events', webhookSecret: SECRET },
      { configId: 'other-app', organizationId: 'other-app-parent', enabledProviders: ['email'] },
    ],
    webhooks: { fetch: ((url: string, init: RequestInit) => receive(new Request(url, init))) as typeof fetch },
  })
  const GET = meRoute({
    ...sessionOptions({ AUTH_PROXY_SESSION_JWKS_URL: 'http://mock.test/.well-known/jwks.json' }),
    fetch: proxy.fetch,
    now: clock.now,
  })
  const me = async (token?: string) => {
    const response = await GET(
      new Request(ME, token === undefined ? {} : { headers: { Authorization: `Bearer ${token}` } }),
      {},
    )
    return { status: response.status, body: (await response.json()) as Record<string, unknown> }
  }
  return { clock, proxy, receive, me }
}

describe('the example backend', () => {
  it('answers a signed-in user of this app with who they are', async () => {
    const { proxy, me } = setup()
    const ada = await signIn(proxy, 'ada@example.com')
    await proxy.webhooks.settled()
    expect(isOurOrganization(ada.organizationId)).toBe(true)
    expect(await me(ada.session)).toEqual({
      status: 200,
      body: {
        userId: ada.userId,
        organizationId: ada.organizationId,
        expiresAt: new Date((decodeJwt(ada.session).exp ?? 0) * 1000).toISOString(),
      },
    })
  })

  it('refuses no session, a forged one, an expired one and one of another tenant on the same proxy', async () => {
    const { proxy, clock, me } = setup()
    const ada = await signIn(proxy, 'ada@example.com')
    const bob = await signIn(proxy, 'bob@example.com', 'other-app')
    await proxy.webhooks.settled()

    expect(await me()).toMatchObject({ status: 401, body: { code: 'MISSING' } })
    const forged = withClaims(ada.session, { organization_id: ada.organizationId, user_id: bob.userId })
    expect(await me(forged)).toMatchObject({ status: 401, body: { code: 'BAD_SIGNATURE' } })
    expect(await me(bob.session)).toMatchObject({ status: 401, body: { code: 'ORGANIZATION_NOT_ALLOWED' } })
    expect(isOurOrganization(bob.organizationId)).toBe(false)

    clock.advance(900_000 + 30_000)
    expect(await me(ada.session)).toMatchObject({ status: 401, body: { code: 'EXPIRED' } })
  })
})

describe("the example's webhook receiver", () => {
  const activity = (subOrganizationId: string, organizationId = DEMO_ORGANIZATION_ID) =>
    JSON.stringify({
      type: 'ACTIVITY_UPDATES',
      msg: {
        activity: {
          type: 'ACTIVITY_TYPE_CREATE_SUB_ORGANIZATION_V7',
          status: 'ACTIVITY_STATUS_COMPLETED',
          organizationId,
          result: { createSubOrganizationResultV7: { subOrganizationId } },
        },
      },
    })
  const delivery = (body: string, signature: string, organizationId = DEMO_ORGANIZATION_ID) =>
    new Request('http://app.test/api/proxy-events', {
      method: 'POST',
      body,
      headers: { 'X-Mock-Signature': signature, 'X-Turnkey-Organization-Id': organizationId },
    })

  it('takes a sign-up signed with the secret, and refuses a forged, a replayed or another organization’s one', async () => {
    const { clock, receive } = setup()
    const seconds = Math.floor(clock.now() / 1000)
    const body = activity('sub-org-signed')
    expect((await receive(delivery(body, signatureHeader('another-secret-0123456789', seconds, body)))).status).toBe(
      401,
    )
    expect((await receive(delivery(body, 'v1=abc'))).status).toBe(401)
    expect((await receive(delivery(body, signatureHeader(SECRET, seconds - 301, body)))).status).toBe(401)
    const theirs = activity('sub-org-theirs', 'other-app-parent')
    expect((await receive(delivery(theirs, signatureHeader(SECRET, seconds, theirs), 'other-app-parent'))).status).toBe(
      403,
    )
    expect(isOurOrganization('sub-org-signed')).toBe(false)
    expect(isOurOrganization('sub-org-theirs')).toBe(false)

    expect((await receive(delivery(body, signatureHeader(SECRET, seconds, body)))).status).toBe(204)
    expect(isOurOrganization('sub-org-signed')).toBe(true)
  })
})
