// Production's own client (@turnkey/core 1.14) signs up and logs in with a passkey in Chromium, from a
// page on another origin than the mock (a virtual authenticator; RP ID localhost): the CORS preflight,
// the attestation, the API-key and WebAuthn stamps, and stamp_login at the tenant's PARENT organization
// (production's choice) for a credential that lives in a sub-organization.
import { expect, test, type Page, type Request } from '@playwright/test'
import { startMockAuthProxy, type RunningMockAuthProxy } from '../src/mock/node'
import { verifySessionToken } from '../src/server'
import type { PasskeyResult, ProductionClientConfig } from './production/passkeyHarness'
import { bundlePasskeyHarness, servePage, type ServedPage } from './production/bundleAndServe'
import { addVirtualAuthenticator } from './virtualAuthenticator'

const CONFIG_ID = 'production-passkey'
const PARENT_ORGANIZATION_ID = '7c1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f'

let mock: RunningMockAuthProxy
let page: ServedPage
let config: ProductionClientConfig

test.describe.configure({ mode: 'serial' })

test.beforeAll(async () => {
  const [harness, running] = await Promise.all([
    bundlePasskeyHarness(),
    // Strict: a member production's client sends that production's types lack would be refused.
    startMockAuthProxy({
      strictFields: true,
      tenants: [{ configId: CONFIG_ID, organizationId: PARENT_ORGANIZATION_ID, enabledProviders: ['passkey'] }],
    }),
  ])
  mock = running
  page = await servePage(harness)
  // localhost on both sides: one site, two origins (the ports differ), so every call is cross-origin.
  const mockUrl = mock.url.replace('127.0.0.1', 'localhost')
  config = { mockUrl, configId: CONFIG_ID, organizationId: PARENT_ORGANIZATION_ID, rpId: 'localhost' }
  expect(new URL(mockUrl).origin).not.toBe(new URL(page.url).origin)
})

test.afterAll(async () => {
  await Promise.all([mock?.close(), page?.close()])
})

interface SeenCall {
  path: string
  method: string
  headers: Record<string, string>
  body: Record<string, unknown> | undefined
}

/** Every request the page makes to the mock, preflights included, as the browser sent it. */
function watchCalls(browserPage: Page): SeenCall[] {
  const seen: SeenCall[] = []
  browserPage.on('request', (request: Request) => {
    const url = new URL(request.url())
    if (url.origin !== new URL(config.mockUrl).origin) return
    const text = request.postData()
    seen.push({
      path: url.pathname,
      method: request.method(),
      headers: request.headers(),
      body: text ? (JSON.parse(text) as Record<string, unknown>) : undefined,
    })
  })
  return seen
}

/** Checked as a backend checks it (auth-proxy-kit/server), its organization a sub-organization of the tenant's. */
async function verifiedSession(token: string) {
  const session = await verifySessionToken(token, {
    jwksUrl: `${mock.url}/.well-known/jwks.json`,
    organizations: (id) => mock.proxy.state.organizations[id]?.parentOrganizationId === PARENT_ORGANIZATION_ID,
  })
  return { public_key: session.publicKey, organization_id: session.organizationId, user_id: session.userId }
}

async function run(browserPage: Page, step: 'signUpWithPasskey' | 'loginWithPasskey'): Promise<PasskeyResult> {
  return browserPage.evaluate(([name, given]) => window.productionPasskey[name](given), [step, config] as const)
}

test('production client: passkey sign-up, then log-in with the passkey into the same sub-organization, from another origin', async ({
  page: browserPage,
}) => {
  await browserPage.goto(page.url)
  await browserPage.waitForFunction(() => window.productionPasskey !== undefined)
  const authenticator = await addVirtualAuthenticator(browserPage)
  const calls = watchCalls(browserPage)

  // Sign-up: a passkey, signup with it and a 60 s API key, stamp_login stamped by that API key.
  const signedUp = await run(browserPage, 'signUpWithPasskey')
  const credentials = await authenticator.credentials()
  expect(credentials).toHaveLength(1)
  expect(credentials[0]).toMatchObject({ rpId: 'localhost', isResidentCredential: true })
  const first = await verifiedSession(signedUp.sessionToken)
  expect(first.public_key).toBe(signedUp.session?.publicKey)
  expect(first.organization_id).toBe(signedUp.session?.organizationId)
  const organization = mock.proxy.state.organizations[first.organization_id]
  expect(organization?.parentOrganizationId).toBe(PARENT_ORGANIZATION_ID)
  const user = mock.proxy.state.users[first.user_id]
  expect(user?.authenticators.map((passkey) => passkey.credentialId)).toEqual([signedUp.credentialId])

  const posts = calls.filter((call) => call.method === 'POST')
  expect(posts.map((call) => call.path)).toEqual(['/v1/signup', '/public/v1/submit/stamp_login'])
  const stampLogin = posts[1]
  // Production names the parent organization; the key that stamps lives in the new sub-organization.
  expect(stampLogin?.body).toMatchObject({ type: 'ACTIVITY_TYPE_STAMP_LOGIN', organizationId: PARENT_ORGANIZATION_ID })
  expect(stampLogin?.headers['x-stamp']).toBeDefined()
  expect(stampLogin?.headers['x-client-version']).toMatch(/^@turnkey\/core@/)

  // The session key stamps: whoami names the new user.
  expect(
    await browserPage.evaluate(([given, id]) => window.productionPasskey.whoami(given, id), [
      config,
      first.organization_id,
    ] as const),
  ).toEqual({
    organizationId: first.organization_id,
    userId: first.user_id,
  })

  // Log in again on a cleared browser (no session, no key): only the passkey is left.
  await browserPage.evaluate(async () => {
    localStorage.clear()
    await new Promise((resolve, reject) => {
      const request = indexedDB.deleteDatabase('TurnkeyStamperDB')
      request.onsuccess = resolve
      request.onerror = () => reject(request.error)
    })
  })
  calls.length = 0
  const loggedIn = await run(browserPage, 'loginWithPasskey')
  const second = await verifiedSession(loggedIn.sessionToken)
  expect(second.public_key).toBe(loggedIn.session?.publicKey)
  expect(second.public_key).not.toBe(first.public_key)
  expect(second.organization_id).toBe(first.organization_id)
  expect(second.user_id).toBe(first.user_id)
  const login = calls.filter((call) => call.method === 'POST')
  expect(login.map((call) => call.path)).toEqual(['/public/v1/submit/stamp_login'])
  expect(login[0]?.body).toMatchObject({ organizationId: PARENT_ORGANIZATION_ID })
  expect(login[0]?.headers['x-stamp-webauthn']).toBeDefined()
  expect((await authenticator.credentials())[0]?.signCount).toBeGreaterThan(credentials[0]?.signCount ?? 0)
})
