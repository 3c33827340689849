// The kit's passkey flows (src/core) against this mock, through its fetch handler, with a software
// authenticator standing in for the browser's: the stamped public API proven from both ends, every
// check of the mock live (attestations, X-Stamp, X-Stamp-WebAuthn, counters). Node has no Origin
// header of its own, so the fetch adds the page's, as a browser does on every POST.
import { describe, expect, it } from 'vitest'
import { createKit, type Kit } from '../core/createKit'
import { completeEmailOtp, startEmailOtp } from '../core/otp/emailOtp'
import { logout } from '../core/session/logout'
import { addPasskey, loginWithPasskey, signUpWithPasskey } from '../core/passkey/passkeyActions'
import { memoryKeyStore } from '../core/keys/memoryKeyStore'
import { memoryStorage } from '../core/session/memoryStorage'
import { apiKeyStamper } from '../core/stamp/stamper'
import { createMockAuthProxy } from './handler'
import { DEMO_ORGANIZATION_ID } from './tenants'
import { createSoftAuthenticator, type SoftAuthenticator } from './testing/softAuthenticator'
import type { MockAuthProxy } from './types'

const ORIGIN = 'http://localhost:5173'
const RELYING_PARTY = { rpId: 'localhost', rpName: 'Playground' }

interface Browser {
  kit: Kit
  device: SoftAuthenticator
  paths: string[]
}

function browser(
  proxy: MockAuthProxy,
  device = createSoftAuthenticator({ origin: ORIGIN }),
  otpProtocol?: 'v1' | 'v2',
): Browser {
  const paths: string[] = []
  const fetchAsPage: typeof fetch = (input, init) => {
    const request = new Request(input, init)
    paths.push(new URL(request.url).pathname)
    const headers = new Headers(request.headers)
    headers.set('Origin', ORIGIN)
    return proxy.handle(new Request(request, { headers }))
  }
  const kit = createKit({
    proxyUrl: 'https://proxy.test',
    configId: 'demo',
    fetch: fetchAsPage,
    keyStore: memoryKeyStore(),
    storage: memoryStorage(),
    webauthn: device.webauthn,
    dangerouslyOverrideSignerPublicKey: proxy.enclaveSignerPublicKey,
    ...(otpProtocol === undefined ? {} : { otpProtocol }),
  })
  return { kit, device, paths }
}

function passkeyTenantProxy(): MockAuthProxy {
  return createMockAuthProxy({
    tenants: [{ configId: 'demo', organizationId: DEMO_ORGANIZATION_ID, enabledProviders: ['email', 'passkey'] }],
  })
}

describe('passkeys: the kit against the mock', () => {
  it('signs up with a passkey alone, logs out, and logs in with the passkey into the same organization', async () => {
    const proxy = passkeyTenantProxy()
    const { kit, device, paths } = browser(proxy)
    // The flow asks for the tenant's config itself (kit.config), once.
    const signedUp = await signUpWithPasskey(kit, { ...RELYING_PARTY, userName: 'Ada' })
    // The current generation's sign-up, as @turnkey/core 2.8 signs up with a passkey.
    expect(paths).toEqual(['/v1/wallet_kit_config', '/v1/signup_v2', '/public/v1/submit/stamp_login'])
    const user = proxy.state.users[signedUp.session.userId]
    expect(user?.authenticators.map((authenticator) => authenticator.credentialId)).toEqual([signedUp.credentialId])
    expect(user?.apiKeys).toMatchObject([{ curveType: 'API_KEY_CURVE_P256', expiresAt: expect.any(String) }])
    // The sign-up's client key is gone; only the session's key is held.
    expect(await kit.keyStore.list()).toEqual([signedUp.session.publicKey])

    await logout(kit)
    const loggedIn = await loginWithPasskey(kit, { rpId: RELYING_PARTY.rpId })
    expect(loggedIn.credentialId).toBe(signedUp.credentialId)
    expect(loggedIn.session.organizationId).toBe(signedUp.session.organizationId)
    expect(loggedIn.session.userId).toBe(signedUp.session.userId)
    expect(kit.session.getSnapshot().status).toBe('signedIn')
    expect(device.credentials[0]?.counter).toBe(1)
    expect(proxy.state.users[signedUp.session.userId]?.authenticators[0]?.counter).toBe(1)

    const whoami = await kit.publicApi.query(
      'whoami',
      { organizationId: loggedIn.session.organizationId },
      apiKeyStamper(kit, loggedIn.session.publicKey),
    )
    expect(whoami).toMatchObject({
      organizationId: signedUp.session.organizationId,
      userId: signedUp.session.userId,
      username: 'Ada',
    })
  })

  it("signs up with the first generation's signup given otpProtocol 'v1', then logs in with the passkey", async () => {
    const proxy = passkeyTenantProxy()
    const { kit, paths } = browser(proxy, undefined, 'v1')
    const signedUp = await signUpWithPasskey(kit, { ...RELYING_PARTY, userName: 'Ada' })
    expect(paths).toEqual(['/v1/wallet_kit_config', '/v1/signup', '/public/v1/submit/stamp_login'])
    expect(proxy.state.users[signedUp.session.userId]?.authenticators).toHaveLength(1)
    await logout(kit)
    const loggedIn = await loginWithPasskey(kit, { rpId: RELYING_PARTY.rpId })
    expect(loggedIn.session.userId).toBe(signedUp.session.userId)
  })

  it('lets a signed-in email user add a passkey, then log in with it', async () => {
    const proxy = passkeyTenantProxy()
    const { kit } = browser(proxy)
    const challenge = await startEmailOtp(kit, { email: 'ada@example.com' })
    const code = proxy.outbox('ada@example.com')[0]?.code ?? ''
    const { session } = await completeEmailOtp(kit, { challenge, code })
    const added = await addPasskey(kit, RELYING_PARTY)
    expect(added.authenticatorIds).toEqual([proxy.state.users[session.userId]?.authenticators[0]?.authenticatorId])

    await logout(kit)
    const loggedIn = await loginWithPasskey(kit, { rpId: RELYING_PARTY.rpId })
    expect(loggedIn.session.userId).toBe(session.userId)
    expect(loggedIn.session.organizationId).toBe(session.organizationId)
  })

  it('refuses a passkey the mock does not know as STAMP_REFUSED, leaving no session and no key', async () => {
    const proxy = passkeyTenantProxy()
    const stranger = createSoftAuthenticator({ origin: ORIGIN })
    await stranger.register()
    const { kit } = browser(proxy, stranger)
    const error = await loginWithPasskey(kit, { rpId: RELYING_PARTY.rpId }).catch((caught: unknown) => caught)
    expect(error).toMatchObject({ code: 'STAMP_REFUSED', status: 401 })
    expect(kit.session.getSnapshot().status).toBe('signedOut')
    expect(await kit.keyStore.list()).toEqual([])
  })
})
