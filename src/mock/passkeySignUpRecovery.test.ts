// A passkey sign-up whose signup answer is lost, against the mock with a software authenticator: lost
// after the mock processed it (the account exists) and before (it does not). Either way the recovery the
// kit offers (log in with the passkey just made) ends with one account at most, and says which.
import { describe, expect, it } from 'vitest'
import { createKit, type Kit } from '../core/createKit'
import { isKitError, isPasskeySignUpIncomplete, isPasskeyWithoutAccount } from '../core/errors'
import { loginWithPasskey, signUpWithPasskey } from '../core/passkey/passkeyActions'
import { memoryKeyStore } from '../core/keys/memoryKeyStore'
import { PASSKEY_WITHOUT_ACCOUNT_MESSAGE } from '../core/passkey/passkeySignUpErrors'
import { memoryStorage } from '../core/session/memoryStorage'
import { createMockAuthProxy } from './handler'
import { DEMO_ORGANIZATION_ID } from './tenants'
import { createSoftAuthenticator } from './testing/softAuthenticator'
import type { MockAuthProxy } from './types'

const ORIGIN = 'http://localhost:5173'
const RELYING_PARTY = { rpId: 'localhost', rpName: 'Playground' }

type Loss = 'before' | 'after'

/** The page's fetch to the mock, losing the first signup_v2: before the mock sees it, or after it answered. */
function kitLosingSignup(proxy: MockAuthProxy, loss: Loss, storage = memoryStorage()) {
  const device = createSoftAuthenticator({ origin: ORIGIN })
  let signups = 0
  const fetchAsPage: typeof fetch = async (input, init) => {
    const request = new Request(input, init)
    const headers = new Headers(request.headers)
    headers.set('Origin', ORIGIN)
    const first = new URL(request.url).pathname === '/v1/signup_v2' && ++signups === 1
    if (first && loss === 'before') throw new TypeError('fetch failed')
    const answer = await proxy.handle(new Request(request, { headers }))
    if (first) throw new TypeError('fetch failed')
    return answer
  }
  const kit = createKit({
    proxyUrl: 'https://proxy.test',
    configId: 'demo',
    fetch: fetchAsPage,
    keyStore: memoryKeyStore(),
    storage,
    webauthn: device.webauthn,
  })
  return { kit, device }
}

function passkeyTenantProxy(): MockAuthProxy {
  return createMockAuthProxy({
    tenants: [{ configId: 'demo', organizationId: DEMO_ORGANIZATION_ID, enabledProviders: ['email', 'passkey'] }],
  })
}

/** The sub-organizations whose user is called `userName`. */
function organizationsOf(proxy: MockAuthProxy, userName: string): string[] {
  const { users } = proxy.state
  return Object.values(users)
    .filter((user) => user.userName === userName)
    .map((user) => user.organizationId)
}

async function incompleteSignUp(kit: Kit) {
  const error = await signUpWithPasskey(kit, { ...RELYING_PARTY, userName: 'Ada' }).then(
    () => undefined,
    (caught: unknown) => caught,
  )
  if (!isPasskeySignUpIncomplete(error)) throw new Error(`expected PASSKEY_SIGNUP_INCOMPLETE, got ${String(error)}`)
  return error
}

describe('passkey sign-up whose signup answer is lost: the recovery, against the mock', () => {
  it('lost after the mock processed it: logging in with the passkey just made signs in to the one account', async () => {
    const proxy = passkeyTenantProxy()
    const { kit, device } = kitLosingSignup(proxy, 'after')
    const error = await incompleteSignUp(kit)
    expect(error.cause).toMatchObject({ code: 'PROXY_UNAVAILABLE' })
    expect(error.credentialId).toBe(device.credentials[0]?.credentialId)
    expect(organizationsOf(proxy, 'Ada')).toHaveLength(1)
    // The sign-up's client key is deleted though its API key was registered.
    expect(await kit.keyStore.list()).toEqual([])

    const { session } = await loginWithPasskey(kit, {
      rpId: RELYING_PARTY.rpId,
      allowCredentials: [error.credentialId],
    })
    expect(organizationsOf(proxy, 'Ada')).toEqual([session.organizationId])
    expect(device.credentials).toHaveLength(1)
    expect(kit.session.getSnapshot().status).toBe('signedIn')
    expect(await kit.keyStore.list()).toEqual([session.publicKey])
  })

  it('lost before the mock saw it: the passkey has no account, the recovery says so, and so does a later plain log-in after a reload', async () => {
    const proxy = passkeyTenantProxy()
    const storage = memoryStorage()
    const { kit, device } = kitLosingSignup(proxy, 'before', storage)
    const error = await incompleteSignUp(kit)
    expect(organizationsOf(proxy, 'Ada')).toEqual([])

    const refused = await loginWithPasskey(kit, {
      rpId: RELYING_PARTY.rpId,
      allowCredentials: [error.credentialId],
    }).catch((caught: unknown) => caught)
    expect(isPasskeyWithoutAccount(refused)).toBe(true)
    expect(refused).toMatchObject({ code: 'STAMP_REFUSED', status: 401, userMessage: PASSKEY_WITHOUT_ACCOUNT_MESSAGE })
    expect(await kit.keyStore.list()).toEqual([])
    expect(kit.session.getSnapshot().status).toBe('signedOut')

    // A reload: a new kit on the same storage, the same device, the plain "Sign in with a passkey".
    kit.destroy()
    const reloaded = createKit({
      proxyUrl: 'https://proxy.test',
      configId: 'demo',
      fetch: (input, init) => {
        const request = new Request(input, init)
        const headers = new Headers(request.headers)
        headers.set('Origin', ORIGIN)
        return proxy.handle(new Request(request, { headers }))
      },
      keyStore: memoryKeyStore(),
      storage,
      webauthn: device.webauthn,
    })
    const later = await loginWithPasskey(reloaded, { rpId: RELYING_PARTY.rpId }).catch((caught: unknown) => caught)
    expect(isKitError(later, 'STAMP_REFUSED') && later.userMessage).toBe(PASSKEY_WITHOUT_ACCOUNT_MESSAGE)

    // Creating the account again makes one account.
    const again = await signUpWithPasskey(reloaded, { ...RELYING_PARTY, userName: 'Ada' })
    expect(organizationsOf(proxy, 'Ada')).toEqual([again.session.organizationId])
    reloaded.destroy()
  })
})
