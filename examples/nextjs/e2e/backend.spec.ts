// The example's backend (app/api/me) on `next start`, beside the mock: it answers a signed-in user of this
// app, after the mock's webhook told it of their sign-up, and refuses no session, a forged one and one of
// another app on the same proxy (whose signature is as good). An expired session is refused in
// server/backend.test.ts, where the clock can be moved.
import { expect, test, type APIRequestContext } from '@playwright/test'
import { readCode, signIn, uniqueEmail } from '../../../e2e/helpers'
import { NEXTJS_PROXY_URL as PROXY_URL } from '../../../e2e/nextjsServers'
import { createKit } from '../../../src/core/createKit'
import { memoryKeyStore } from '../../../src/core/keys/memoryKeyStore'
import { completeEmailOtp, startEmailOtp } from '../../../src/core/otp/emailOtp'
import { memoryStorage } from '../../../src/core/session/memoryStorage'
import { MOCK_DEV_ENCLAVE_PUBLIC_KEY } from '../../../src/mock/devEnclaveKey'
import { withClaims } from '../../../src/server/test/forgeries'

/** The other app's tenant on the example's mock (scripts/startMock.mjs, OTHER_APP_TENANT). */
const OTHER_APP_CONFIG_ID = 'other-app'

/** A session of `configId`'s app, signed in by email with the kit's core, as a browser would get one. */
async function sessionOf(request: APIRequestContext, configId: string, email: string): Promise<string> {
  const kit = createKit({
    proxyUrl: PROXY_URL,
    configId,
    keyStore: memoryKeyStore(),
    storage: memoryStorage(),
    dangerouslyOverrideSignerPublicKey: MOCK_DEV_ENCLAVE_PUBLIC_KEY,
  })
  const challenge = await startEmailOtp(kit, { email })
  const { session } = await completeEmailOtp(kit, { challenge, code: await readCode(request, email, PROXY_URL, '') })
  return session.token
}

interface Delivery {
  activityType: string
  status: string
}

/** Waits until the mock has delivered every sign-up webhook to the app (the backend learns its users so). */
async function signUpsDelivered(request: APIRequestContext): Promise<void> {
  await expect
    .poll(async () => {
      const { deliveries } = (await (await request.get(`${PROXY_URL}/__mock/webhooks`)).json()) as {
        deliveries: Delivery[]
      }
      const signUps = deliveries.filter(
        (delivery) => delivery.activityType === 'ACTIVITY_TYPE_CREATE_SUB_ORGANIZATION_V7',
      )
      return signUps.length > 0 && signUps.every((delivery) => delivery.status === 'delivered')
    })
    .toBe(true)
}

const me = (request: APIRequestContext, token?: string) =>
  request.get('/api/me', token === undefined ? {} : { headers: { Authorization: `Bearer ${token}` } })

test('"Call my backend" answers who the signed-in user is', async ({ page }) => {
  const problems: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text())
  })
  await page.goto('/')
  await signIn(page, uniqueEmail('next-backend'), PROXY_URL)
  await expect(page.getByText('You are signed in.')).toBeVisible()
  await signUpsDelivered(page.request)

  // Who the page is signed in as: the claims of the session it stored (a JWT, in localStorage).
  const claims = await page.evaluate(() => {
    const token = Object.keys(localStorage)
      .map((key) => localStorage.getItem(key) ?? '')
      .find((value) => value.startsWith('eyJ'))
    const payload = token?.split('.')[1]?.replace(/-/g, '+').replace(/_/g, '/') ?? ''
    return JSON.parse(atob(payload)) as { user_id: string; organization_id: string }
  })
  const backend = page.getByRole('region', { name: 'Your backend' })
  await backend.getByRole('button', { name: 'Call my backend' }).click()
  await expect(backend.getByRole('status')).toHaveText(
    `Your backend says: user ${claims.user_id} of organization ${claims.organization_id}.`,
  )
  expect(problems).toEqual([])
})

test('the backend accepts a session of this app and refuses none, a forged one and another app’s', async ({
  request,
}) => {
  const ours = await sessionOf(request, 'demo', uniqueEmail('next-ours'))
  const theirs = await sessionOf(request, OTHER_APP_CONFIG_ID, uniqueEmail('next-theirs'))
  await signUpsDelivered(request)

  const accepted = await me(request, ours)
  expect(accepted.status()).toBe(200)
  expect(await accepted.json()).toMatchObject({ userId: expect.any(String), organizationId: expect.any(String) })

  const none = await me(request)
  expect(none.status()).toBe(401)
  expect(none.headers()['www-authenticate']).toBe('Bearer realm="auth-proxy-kit"')

  const forged = await me(request, withClaims(ours, { exp: 9_999_999_999 }))
  expect(forged.status()).toBe(401)
  expect(await forged.json()).toMatchObject({ code: 'BAD_SIGNATURE' })

  const otherApp = await me(request, theirs)
  expect(otherApp.status()).toBe(401)
  expect(await otherApp.json()).toMatchObject({ code: 'ORGANIZATION_NOT_ALLOWED' })
  expect(otherApp.headers()['www-authenticate']).toMatch(/error="invalid_token"/)
})

test("the server renders who is signed in, from the session cookie, in the page's first HTML", async ({ page }) => {
  // The paragraph as HTML (the same words are also in the page's RSC payload, escaped, in a script).
  const serverSays = async () =>
    /<p data-testid="server-session">([^<]*)<\/p>/.exec(await (await page.request.get('/')).text())?.[1]
  expect(await serverSays()).toBe('The server sees no one signed in.')
  await page.goto('/')
  await signIn(page, uniqueEmail('next-ssr'), PROXY_URL)
  await expect(page.getByText('You are signed in.')).toBeVisible()
  await signUpsDelivered(page.request)
  const userId = await page.evaluate(() => {
    const token = Object.keys(localStorage)
      .map((key) => localStorage.getItem(key) ?? '')
      .find((value) => value.startsWith('eyJ'))
    const payload = token?.split('.')[1]?.replace(/-/g, '+').replace(/_/g, '/') ?? ''
    return (JSON.parse(atob(payload)) as { user_id: string }).user_id
  })
  // The page's request context carries the browser's cookies: the server read apk_session and verified it.
  expect(await serverSays()).toBe(`The server sees user ${userId} signed in.`)
  await page.getByRole('button', { name: 'Account' }).click()
  await page.getByRole('button', { name: 'Sign out' }).click()
  await expect(page.getByText('You are signed out.')).toBeVisible()
  expect(await serverSays()).toBe('The server sees no one signed in.')
})
