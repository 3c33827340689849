import { p256 } from '@noble/curves/nist.js'
import { sha256 } from '@noble/hashes/sha2.js'
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/browser'
import { afterEach, describe, expect, it } from 'vitest'
import { createConfigStore } from '../config/configStore'
import { createKit, type Kit, type KitOptions } from '../createKit'
import { base64urlDecode, base64urlEncode, fromUtf8, utf8 } from '../encoding'
import { DEFAULT_USER_MESSAGES, isPasskeySignUpIncomplete, isPasskeyWithoutAccount } from '../errors'
import { PASSKEY_WITHOUT_ACCOUNT_MESSAGE } from './passkeySignUpErrors'
import { memoryKeyStore } from '../keys/memoryKeyStore'
import type { WebAuthnModule } from './webAuthnModule'
import { stampChallenge } from '../stamp/stampChallenge'
import { fakeFetch, grpcError, json, type FakeAnswer, type FakeFetch } from '../test/fakeFetch'
import { fakeStorage } from '../test/fakes'
import { testKitOptions } from '../test/testKitOptions'
import { sessionToken } from '../test/tokens'
import {
  activityAnswer,
  stampLoginAnswer,
  WALLET_NOW,
  WALLET_ORG,
  WALLET_USER,
  withBodyTexts,
  xStampVerifies,
} from '../test/walletApi'
import type { SignupRequest, WalletKitConfigResponse } from '../types'
import type { SignInIdentity } from '../contracts'
import { addPasskey, loginWithPasskey, signUpWithPasskey, type SignUpWithPasskeyParameters } from './passkeyActions'
import { failure } from '../test/failure'

// The signed-in public API fake's clock, sub-organization and user: its stamp_login answers a session of theirs.
const NOW = WALLET_NOW
const PARENT_ORG = 'org-parent'
const SUB_ORG = WALLET_ORG
const USER_ID = WALLET_USER
const RP_ID = 'localhost'
const ORIGIN = 'http://localhost:5173'
const CONFIG: WalletKitConfigResponse = {
  enabledProviders: ['email', 'passkey'],
  sessionExpirationSeconds: '900',
  organizationId: PARENT_ORG,
  otpAlphanumeric: true,
  otpLength: '6',
}

type RegistrationOptions = Parameters<WebAuthnModule['startRegistration']>[0]
type AuthenticationOptions = Parameters<WebAuthnModule['startAuthentication']>[0]

/**
 * A software passkey: a P-256 credential that answers registrations and signs assertions the way an
 * authenticator does (signature over authenticatorData ‖ sha256(clientDataJSON)), so that a test can
 * check the stamp as the API would.
 */
function fakeAuthenticator({ supported = true, fail }: { supported?: boolean; fail?: Error } = {}) {
  const secretKey = p256.utils.randomSecretKey()
  const credentialId = base64urlEncode(crypto.getRandomValues(new Uint8Array(16)))
  const registrations: RegistrationOptions[] = []
  const authentications: AuthenticationOptions[] = []
  let counter = 0
  const clientData = (type: string, challenge: string) =>
    base64urlEncode(JSON.stringify({ type, challenge, origin: ORIGIN }))

  const webauthn: WebAuthnModule = {
    browserSupportsWebAuthn: () => supported,
    async startRegistration(options) {
      registrations.push(options)
      if (fail !== undefined) throw fail
      const registration: RegistrationResponseJSON = {
        id: credentialId,
        rawId: credentialId,
        type: 'public-key',
        clientExtensionResults: {},
        response: {
          clientDataJSON: clientData('webauthn.create', options.optionsJSON.challenge),
          attestationObject: base64urlEncode('attestation-object'),
          transports: ['internal', 'hybrid'],
        },
      }
      return registration
    },
    async startAuthentication(options) {
      authentications.push(options)
      if (fail !== undefined) throw fail
      counter += 1
      const authenticatorData = new Uint8Array([...sha256(utf8(RP_ID)), 0x05, 0, 0, 0, counter])
      const clientDataJSON = clientData('webauthn.get', options.optionsJSON.challenge)
      const signed = new Uint8Array([...authenticatorData, ...sha256(base64urlDecode(clientDataJSON))])
      const assertion: AuthenticationResponseJSON = {
        id: credentialId,
        rawId: credentialId,
        type: 'public-key',
        clientExtensionResults: {},
        response: {
          authenticatorData: base64urlEncode(authenticatorData),
          clientDataJSON,
          signature: base64urlEncode(p256.sign(signed, secretKey, { format: 'der' })),
        },
      }
      return assertion
    },
  }
  return { webauthn, credentialId, publicKey: p256.getPublicKey(secretKey), registrations, authentications }
}

type Authenticator = ReturnType<typeof fakeAuthenticator>

/** The public API's answers (stamp_login for the key sent, create_authenticators), keeping the body texts. */
function api(overrides: Record<string, FakeAnswer | FakeAnswer[]> = {}): FakeFetch & { texts: (string | undefined)[] } {
  return withBodyTexts(
    fakeFetch({
      signup: json({ organizationId: SUB_ORG, userId: USER_ID }),
      'submit/stamp_login': stampLoginAnswer({ now: NOW }),
      'submit/create_authenticators': activityAnswer('ACTIVITY_TYPE_CREATE_AUTHENTICATORS_V2', {
        createAuthenticatorsResult: { authenticatorIds: ['authenticator-2'] },
      }),
      ...overrides,
    }),
  )
}

let kits: Kit[] = []
afterEach(() => {
  for (const kit of kits) kit.destroy()
  kits = []
})

function kitOn(fake: FakeFetch, authenticator: Authenticator, options: Partial<KitOptions> = {}): Kit {
  const kit = createKit({ ...testKitOptions(fake.fetch, () => NOW), webauthn: authenticator.webauthn, ...options })
  kits.push(kit)
  kit.config = createConfigStore({ request: async () => CONFIG })
  return kit
}

/** The kit with `config` as the tenant's config (kit.config), which the flows ask for themselves. */
function withConfig(kit: Kit, config: WalletKitConfigResponse): Kit {
  return { ...kit, config: createConfigStore({ request: async () => config }) }
}

/** What the API checks of an X-Stamp-WebAuthn: the challenge is the body's, the passkey signed it. */
async function webAuthnStampVerifies(
  header: string | undefined,
  body: string | undefined,
  authenticator: Authenticator,
): Promise<boolean> {
  const stamp = JSON.parse(header ?? '{}') as Record<string, string>
  const clientDataJSON = base64urlDecode(stamp.clientDataJson ?? '')
  const clientData = JSON.parse(fromUtf8(clientDataJSON)) as { type: string; challenge: string }
  const signed = new Uint8Array([...base64urlDecode(stamp.authenticatorData ?? ''), ...sha256(clientDataJSON)])
  return (
    Object.keys(stamp).join() === 'authenticatorData,clientDataJson,credentialId,signature' &&
    stamp.credentialId === authenticator.credentialId &&
    clientData.type === 'webauthn.get' &&
    clientData.challenge === (await stampChallenge(body ?? '')).challenge &&
    p256.verify(base64urlDecode(stamp.signature ?? ''), signed, authenticator.publicKey, {
      prehash: true,
      lowS: false,
      format: 'der',
    })
  )
}

/** Signs in the way an email user would be: a held key and a session bound to it. */
async function signIn(kit: Kit, identity?: SignInIdentity): Promise<string> {
  const publicKey = await kit.keyStore.create()
  const token = await sessionToken({
    exp: NOW / 1000 + 900,
    public_key: publicKey,
    organization_id: SUB_ORG,
    user_id: USER_ID,
  })
  await kit.session.set(token, identity === undefined ? {} : { identity })
  return publicKey
}

describe('signUpWithPasskey', () => {
  it('runs the prompt, signup, stamp_login, in that order and nothing else, and stores the session', async () => {
    const fake = api()
    const authenticator = fakeAuthenticator()
    const kit = kitOn(fake, authenticator)

    const { session, credentialId } = await signUpWithPasskey(kit, { rpId: RP_ID, rpName: 'Demo', userName: 'ada' })

    expect(authenticator.registrations).toHaveLength(1)
    expect(authenticator.authentications).toHaveLength(0)
    expect(fake.endpoints()).toEqual(['signup', 'submit/stamp_login'])
    const [signup, stampLogin] = fake.calls
    const registration = authenticator.registrations[0]!.optionsJSON
    expect(registration.rp).toEqual({ id: RP_ID, name: 'Demo' })
    expect(registration.user.name).toBe('ada')

    // signup: the passkey and a 60-second API key for the client key, nothing else.
    expect(signup?.url).toBe('https://auth.example.com/v1/signup')
    const signupBody = signup?.body as SignupRequest
    const clientKey = signupBody.apiKeys[0]?.publicKey
    expect(signupBody).toEqual({
      userName: 'ada',
      apiKeys: [
        {
          apiKeyName: 'Passkey sign-up key 2030-06-01',
          publicKey: clientKey,
          curveType: 'API_KEY_CURVE_P256',
          expirationSeconds: '60',
        },
      ],
      authenticators: [
        {
          authenticatorName: 'ada',
          challenge: registration.challenge,
          attestation: {
            credentialId: authenticator.credentialId,
            clientDataJson: base64urlEncode(
              JSON.stringify({ type: 'webauthn.create', challenge: registration.challenge, origin: ORIGIN }),
            ),
            attestationObject: base64urlEncode('attestation-object'),
            transports: ['AUTHENTICATOR_TRANSPORT_INTERNAL', 'AUTHENTICATOR_TRANSPORT_HYBRID'],
          },
        },
      ],
      oauthProviders: [],
    })
    expect(signup?.headers['x-stamp']).toBeUndefined()

    // stamp_login: in the new sub-organization, for a fresh session key, X-Stamped by the client key.
    const sessionKey = session.publicKey
    expect(sessionKey).not.toBe(clientKey)
    expect(stampLogin?.url).toBe('https://auth.example.com/public/v1/submit/stamp_login')
    expect(fake.texts[1]).toBe(
      `{"type":"ACTIVITY_TYPE_STAMP_LOGIN","timestampMs":"${NOW}","organizationId":"${SUB_ORG}","parameters":{"publicKey":"${sessionKey}"}}`,
    )
    expect(xStampVerifies(stampLogin?.headers['x-stamp'], fake.texts[1], clientKey!)).toBe(true)
    expect(stampLogin?.headers['x-stamp-webauthn']).toBeUndefined()
    expect(stampLogin?.headers['x-auth-proxy-config-id']).toBeUndefined()

    expect(credentialId).toBe(authenticator.credentialId)
    expect(session).toMatchObject({ organizationId: SUB_ORG, userId: USER_ID, expiresAt: NOW + 900_000 })
    expect(kit.session.getSnapshot()).toMatchObject({ status: 'signedIn', session })
    // The client key is useless once its API key expires: only the session key is left.
    expect(await kit.keyStore.list()).toEqual([sessionKey])
  })

  it('sends the session options as the wire wants them, and uses apiUrl for the public API', async () => {
    const fake = api()
    const kit = kitOn(fake, fakeAuthenticator(), { apiUrl: 'https://api.example.com' })
    const { session } = await signUpWithPasskey(kit, {
      rpName: 'Demo',
      userName: '+447700900123',
      authenticatorName: 'Work laptop',
      expirationSeconds: 3600,
      invalidateExisting: true,
    })
    expect(fake.calls.map((call) => call.url)).toEqual([
      'https://auth.example.com/v1/signup',
      'https://api.example.com/public/v1/submit/stamp_login',
    ])
    expect(fake.calls[1]?.body).toEqual({
      type: 'ACTIVITY_TYPE_STAMP_LOGIN',
      timestampMs: String(NOW),
      organizationId: SUB_ORG,
      parameters: { publicKey: session.publicKey, expirationSeconds: '3600', invalidateExisting: true },
    })
    const signupBody = fake.calls[0]?.body as SignupRequest
    expect(signupBody.userName).toBe('+447700900123')
    expect(signupBody.authenticators[0]?.authenticatorName).toBe('Work laptop')
    expect(signupBody.wallet).toBeUndefined()
  })

  it('requires a userName, the name of the account and its passkey, before any prompt or request', async () => {
    const fake = api()
    const authenticator = fakeAuthenticator()
    const kit = kitOn(fake, authenticator)
    for (const userName of [undefined, '', '   ', 42]) {
      const error = await failure(
        signUpWithPasskey(kit, { rpName: 'Demo', userName } as unknown as SignUpWithPasskeyParameters),
      )
      expect(error.code).toBe('CONFIG_INVALID')
      expect(error.message).toMatch(
        /signUpWithPasskey\(\{ userName \}\): expected the name of the account and of its passkey.*email, phone number or name/,
      )
    }
    expect(authenticator.registrations).toHaveLength(0)
    expect(fake.calls).toHaveLength(0)
  })

  it('names the passkey after the person (never a date), sends the app wallet, and keeps who signed in', async () => {
    const fake = api()
    const authenticator = fakeAuthenticator()
    const wallet = {
      walletName: 'Main',
      accounts: [
        {
          curve: 'CURVE_ED25519',
          pathFormat: 'PATH_FORMAT_BIP32',
          path: "m/44'/501'/0'/0'",
          addressFormat: 'ADDRESS_FORMAT_SOLANA',
        },
      ],
    } as const
    const kit = kitOn(fake, authenticator, {
      wallet: { walletName: wallet.walletName, accounts: [...wallet.accounts] },
    })
    const { session } = await signUpWithPasskey(kit, { rpName: 'Demo', userName: ' Ada Lovelace ' })
    const signupBody = fake.calls[0]?.body as SignupRequest
    expect(signupBody.userName).toBe('Ada Lovelace')
    expect(signupBody.authenticators[0]?.authenticatorName).toBe('Ada Lovelace')
    expect(authenticator.registrations[0]?.optionsJSON.user.name).toBe('Ada Lovelace')
    expect(signupBody.wallet).toEqual(wallet)
    expect(session.identity).toEqual({ method: 'passkey', name: 'Ada Lovelace' })
  })

  it('cancelling the prompt sends nothing and leaves no key and no session', async () => {
    const fake = api()
    const kit = kitOn(
      fake,
      fakeAuthenticator({ fail: Object.assign(new Error('closed'), { name: 'NotAllowedError' }) }),
    )
    const error = await failure(signUpWithPasskey(kit, { rpName: 'Demo', userName: 'ada@example.com' }))
    expect(error.code).toBe('PASSKEY_CANCELLED')
    expect(fake.calls).toHaveLength(0)
    expect(await kit.keyStore.list()).toEqual([])
    expect(kit.session.getSnapshot().status).toBe('signedOut')
  })

  it('PASSKEY_UNSUPPORTED without WebAuthn, before any key or call', async () => {
    const fake = api()
    const kit = kitOn(fake, fakeAuthenticator({ supported: false }))
    expect((await failure(signUpWithPasskey(kit, { rpName: 'Demo', userName: 'ada@example.com' }))).code).toBe(
      'PASSKEY_UNSUPPORTED',
    )
    expect(fake.calls).toHaveLength(0)
    expect(await kit.keyStore.list()).toEqual([])
  })

  // Failures after the prompt are PASSKEY_SIGNUP_INCOMPLETE (the passkey exists), the failure itself as `cause`.
  it('a failed signup leaves no key', async () => {
    const fake = api({ signup: grpcError(3, 'authenticators[0].attestation: does not verify', 400) })
    const kit = kitOn(fake, fakeAuthenticator())
    const error = await failure(signUpWithPasskey(kit, { rpName: 'Demo', userName: 'ada@example.com' }))
    expect(error).toMatchObject({ code: 'PASSKEY_SIGNUP_INCOMPLETE', status: 400, cause: { code: 'INVALID_REQUEST' } })
    expect(fake.endpoints()).toEqual(['signup'])
    expect(await kit.keyStore.list()).toEqual([])
  })

  it('a refused stamp_login leaves no key and no session', async () => {
    const fake = api({ 'submit/stamp_login': grpcError(16, 'X-Stamp: the API key has expired', 401) })
    const kit = kitOn(fake, fakeAuthenticator())
    const error = await failure(signUpWithPasskey(kit, { rpName: 'Demo', userName: 'ada@example.com' }))
    expect(error).toMatchObject({ code: 'PASSKEY_SIGNUP_INCOMPLETE', status: 401, cause: { code: 'STAMP_REFUSED' } })
    expect(fake.endpoints()).toEqual(['signup', 'submit/stamp_login'])
    expect(await kit.keyStore.list()).toEqual([])
    expect(kit.session.getSnapshot().status).toBe('signedOut')
  })

  it('a session bound to another key is refused, and leaves no key', async () => {
    const other = `02${'ef'.repeat(32)}`
    const fake = api({
      'submit/stamp_login': async () =>
        activityAnswer('ACTIVITY_TYPE_STAMP_LOGIN', {
          stampLoginResult: { session: await sessionToken({ exp: NOW / 1000 + 900, public_key: other }) },
        }),
    })
    const kit = kitOn(fake, fakeAuthenticator())
    const error = await failure(signUpWithPasskey(kit, { rpName: 'Demo', userName: 'ada@example.com' }))
    expect(error).toMatchObject({ code: 'PASSKEY_SIGNUP_INCOMPLETE', cause: { code: 'SESSION_KEY_MISMATCH' } })
    expect(await kit.keyStore.list()).toEqual([])
  })

  it('METHOD_DISABLED when the tenant has not enabled passkeys, before the prompt', async () => {
    const authenticator = fakeAuthenticator()
    const kit = kitOn(api(), authenticator)
    const error = await failure(
      signUpWithPasskey(withConfig(kit, { ...CONFIG, enabledProviders: ['email'] }), {
        rpName: 'Demo',
        userName: 'ada@example.com',
      }),
    )
    expect(error.code).toBe('METHOD_DISABLED')
    expect(authenticator.registrations).toHaveLength(0)
  })

  it('asks for rpName where there is no page to take it from', async () => {
    const kit = kitOn(api(), fakeAuthenticator())
    await expect(signUpWithPasskey(kit, { userName: 'ada@example.com' })).rejects.toThrow(
      /signUpWithPasskey\(\{ rpName \}\)/,
    )
  })

  it('reads the tenant’s config from the kit, once, and refuses a kit without a config store', async () => {
    const fake = api()
    const kit = kitOn(fake, fakeAuthenticator())
    let asked = 0
    const counted: Kit = { ...kit, config: createConfigStore({ request: async () => (asked++, CONFIG) }) }
    await signUpWithPasskey(counted, { rpName: 'Demo', userName: 'ada@example.com' })
    await kit.session.logout()
    await loginWithPasskey(counted)
    expect(asked).toBe(1)
    const { config: _config, ...withoutConfig } = kit
    await expect(
      signUpWithPasskey(withoutConfig as Kit, { rpName: 'Demo', userName: 'ada@example.com' }),
    ).rejects.toThrow(/signUpWithPasskey\(kit\).*no config store/)
    await expect(loginWithPasskey(withoutConfig as Kit)).rejects.toThrow(/loginWithPasskey\(kit\).*no config store/)
  })
})

describe('signUpWithPasskey: a failure after the passkey was made, and its recovery', () => {
  const STORAGE_KEY = 'auth-proxy-kit:demo:unfinishedPasskeySignUps'
  const stored = (kit: Kit) => JSON.parse(kit.storage.getItem(STORAGE_KEY) ?? '[]') as { credentialId: string }[]

  it("a lost signup answer is PASSKEY_SIGNUP_INCOMPLETE with the passkey's credential id and the failure as cause, remembered, no key left", async () => {
    const fake = api({ signup: new TypeError('fetch failed') })
    const authenticator = fakeAuthenticator()
    const kit = kitOn(fake, authenticator)
    const error = await failure(signUpWithPasskey(kit, { rpName: 'Demo', userName: 'ada' }))
    expect(isPasskeySignUpIncomplete(error)).toBe(true)
    expect(error).toMatchObject({
      code: 'PASSKEY_SIGNUP_INCOMPLETE',
      credentialId: authenticator.credentialId,
      cause: { code: 'PROXY_UNAVAILABLE' },
    })
    expect(error.userMessage).toBe(DEFAULT_USER_MESSAGES.PASSKEY_SIGNUP_INCOMPLETE)
    expect(error.message).toContain(authenticator.credentialId)
    expect(stored(kit)).toEqual([{ credentialId: authenticator.credentialId, failedAt: NOW }])
    expect(await kit.keyStore.list()).toEqual([])
    expect(kit.session.getSnapshot().status).toBe('signedOut')
  })

  it("keeps the failure's status and retryAfterSeconds (a rate-limited signup)", async () => {
    const limited = new Response(JSON.stringify({ code: 8, message: 'slow down', details: [] }), {
      status: 429,
      headers: { 'Content-Type': 'application/json', 'Retry-After': '30' },
    })
    const kit = kitOn(api({ signup: limited }), fakeAuthenticator())
    const error = await failure(signUpWithPasskey(kit, { rpName: 'Demo', userName: 'ada' }))
    expect(error).toMatchObject({
      code: 'PASSKEY_SIGNUP_INCOMPLETE',
      status: 429,
      retryAfterSeconds: 30,
      cause: { code: 'RATE_LIMITED', retryAfterSeconds: 30 },
    })
  })

  it('an abort after the prompt is PASSKEY_SIGNUP_INCOMPLETE too (the passkey exists), with ABORTED as cause and nothing sent', async () => {
    const fake = api()
    const controller = new AbortController()
    const authenticator = fakeAuthenticator()
    const startRegistration = authenticator.webauthn.startRegistration
    authenticator.webauthn.startRegistration = async (options) => {
      const registration = await startRegistration(options)
      controller.abort()
      return registration
    }
    const kit = kitOn(fake, authenticator)
    const error = await failure(signUpWithPasskey(kit, { rpName: 'Demo', userName: 'ada', signal: controller.signal }))
    expect(error).toMatchObject({
      code: 'PASSKEY_SIGNUP_INCOMPLETE',
      credentialId: authenticator.credentialId,
      cause: { code: 'ABORTED' },
    })
    expect(fake.calls).toHaveLength(0)
    expect(await kit.keyStore.list()).toEqual([])
  })

  it('recovery: logging in with that passkey signs in when the signup was processed, and forgets it', async () => {
    const fake = api({
      'submit/stamp_login': [grpcError(16, 'X-Stamp: the API key has expired', 401), stampLoginAnswer({ now: NOW })],
    })
    const authenticator = fakeAuthenticator()
    const kit = kitOn(fake, authenticator)
    const error = await failure(signUpWithPasskey(kit, { rpName: 'Demo', userName: 'ada' }))
    if (!isPasskeySignUpIncomplete(error)) throw new Error('expected PASSKEY_SIGNUP_INCOMPLETE')
    const { session, credentialId } = await loginWithPasskey(kit, {
      rpId: RP_ID,
      allowCredentials: [error.credentialId],
    })
    expect(credentialId).toBe(authenticator.credentialId)
    expect(authenticator.authentications[0]?.optionsJSON.allowCredentials).toEqual([
      { id: authenticator.credentialId, type: 'public-key' },
    ])
    expect(fake.endpoints()).toEqual(['signup', 'submit/stamp_login', 'submit/stamp_login'])
    expect(kit.session.getSnapshot()).toMatchObject({ status: 'signedIn', session })
    expect(stored(kit)).toEqual([])
    expect(kit.storage.getItem(STORAGE_KEY)).toBeNull()
  })

  it('recovery: a refused passkey whose sign-up failed here says it has no account, from any log-in, and leaves no key', async () => {
    const fake = api({
      signup: new TypeError('fetch failed'),
      'submit/stamp_login': grpcError(16, 'X-Stamp-WebAuthn: no such credential', 401),
    })
    const authenticator = fakeAuthenticator()
    const kit = kitOn(fake, authenticator)
    const incomplete = await failure(signUpWithPasskey(kit, { rpName: 'Demo', userName: 'ada' }))
    if (!isPasskeySignUpIncomplete(incomplete)) throw new Error('expected PASSKEY_SIGNUP_INCOMPLETE')
    const recovery = await failure(loginWithPasskey(kit, { allowCredentials: [incomplete.credentialId] }))
    expect(isPasskeyWithoutAccount(recovery)).toBe(true)
    expect(recovery).toMatchObject({
      code: 'STAMP_REFUSED',
      status: 401,
      credentialId: authenticator.credentialId,
      proxy: { message: 'X-Stamp-WebAuthn: no such credential' },
    })
    expect(recovery.userMessage).toBe(PASSKEY_WITHOUT_ACCOUNT_MESSAGE)
    expect(await kit.keyStore.list()).toEqual([])
    // The plain "Sign in with a passkey" (no allowCredentials), later: the same message, the id still remembered.
    const later = await failure(loginWithPasskey(kit, {}))
    expect(later.userMessage).toBe(PASSKEY_WITHOUT_ACCOUNT_MESSAGE)
    expect(stored(kit).map((entry) => entry.credentialId)).toEqual([authenticator.credentialId])
  })

  it("another passkey's refusal keeps the unknown-passkey message", async () => {
    const fake = api({ 'submit/stamp_login': grpcError(16, 'X-Stamp-WebAuthn: no such credential', 401) })
    const kit = kitOn(fake, fakeAuthenticator())
    kit.storage.setItem(STORAGE_KEY, JSON.stringify([{ credentialId: 'another-passkey', failedAt: NOW }]))
    const error = await failure(loginWithPasskey(kit, {}))
    expect(isPasskeyWithoutAccount(error)).toBe(false)
    expect(error.userMessage).toBe('This passkey is not registered here. Try another passkey, or create an account.')
  })
})

describe('loginWithPasskey', () => {
  it('stamps stamp_login in the parent organization with the passkey, and stores the session', async () => {
    const fake = api()
    const authenticator = fakeAuthenticator()
    const kit = kitOn(fake, authenticator)

    const { session, credentialId } = await loginWithPasskey(kit, { rpId: RP_ID })

    expect(fake.endpoints()).toEqual(['submit/stamp_login'])
    expect(authenticator.registrations).toHaveLength(0)
    const [call] = fake.calls
    const body = fake.texts[0]
    expect(body).toBe(
      `{"type":"ACTIVITY_TYPE_STAMP_LOGIN","timestampMs":"${NOW}","organizationId":"${PARENT_ORG}","parameters":{"publicKey":"${session.publicKey}"}}`,
    )
    expect(authenticator.authentications).toEqual([
      {
        optionsJSON: {
          challenge: (await stampChallenge(body!)).challenge,
          rpId: RP_ID,
          timeout: 300_000,
          userVerification: 'preferred',
        },
      },
    ])
    expect(await webAuthnStampVerifies(call?.headers['x-stamp-webauthn'], body, authenticator)).toBe(true)
    expect(call?.headers['x-stamp']).toBeUndefined()

    expect(credentialId).toBe(authenticator.credentialId)
    expect(session).toMatchObject({ organizationId: SUB_ORG, userId: USER_ID })
    // A passkey does not say whose it is: the method only, the name comes from get_user.
    expect(session.identity).toEqual({ method: 'passkey' })
    expect(kit.session.getSnapshot()).toMatchObject({ status: 'signedIn', session })
    expect(await kit.keyStore.list()).toEqual([session.publicKey])
  })

  it('signs up, logs out, and logs in again with the same passkey into the same organization', async () => {
    const fake = api()
    const authenticator = fakeAuthenticator()
    const kit = kitOn(fake, authenticator)
    const signedUp = await signUpWithPasskey(kit, { rpName: 'Demo', userName: 'ada@example.com' })
    await kit.session.logout()
    const loggedIn = await loginWithPasskey(kit, { allowCredentials: [signedUp.credentialId] })

    expect(fake.endpoints()).toEqual(['signup', 'submit/stamp_login', 'submit/stamp_login'])
    expect(loggedIn.session.organizationId).toBe(signedUp.session.organizationId)
    expect(loggedIn.credentialId).toBe(signedUp.credentialId)
    expect(authenticator.authentications[0]?.optionsJSON.allowCredentials).toEqual([
      { id: signedUp.credentialId, type: 'public-key' },
    ])
    expect(await kit.keyStore.list()).toEqual([loggedIn.session.publicKey])
  })

  it('cancelling the prompt sends nothing and leaves no key and no session', async () => {
    const fake = api()
    const closed = Object.assign(new Error('The operation either timed out or was not allowed.'), {
      name: 'NotAllowedError',
      code: 'ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY',
    })
    const kit = kitOn(fake, fakeAuthenticator({ fail: closed }))
    const error = await failure(loginWithPasskey(kit, {}))
    expect(error.code).toBe('PASSKEY_CANCELLED')
    expect(fake.calls).toHaveLength(0)
    expect(await kit.keyStore.list()).toEqual([])
    expect(kit.session.getSnapshot().status).toBe('signedOut')
  })

  it('PASSKEY_UNSUPPORTED without WebAuthn leaves no key', async () => {
    const fake = api()
    const kit = kitOn(fake, fakeAuthenticator({ supported: false }))
    expect((await failure(loginWithPasskey(kit, {}))).code).toBe('PASSKEY_UNSUPPORTED')
    expect(fake.calls).toHaveLength(0)
    expect(await kit.keyStore.list()).toEqual([])
  })

  it('an unknown passkey is STAMP_REFUSED with a message saying so, and leaves no key', async () => {
    const fake = api({ 'submit/stamp_login': grpcError(16, 'X-Stamp-WebAuthn: no such credential', 401) })
    const kit = kitOn(fake, fakeAuthenticator())
    const error = await failure(loginWithPasskey(kit, {}))
    expect(error.code).toBe('STAMP_REFUSED')
    expect(error.userMessage).toBe('This passkey is not registered here. Try another passkey, or create an account.')
    expect(error.proxy?.message).toBe('X-Stamp-WebAuthn: no such credential')
    expect(await kit.keyStore.list()).toEqual([])
    expect(kit.session.getSnapshot().status).toBe('signedOut')
  })

  it('an answer without a session is PROXY_BAD_RESPONSE, naming the field, and leaves no key', async () => {
    const fake = api({ 'submit/stamp_login': activityAnswer('ACTIVITY_TYPE_STAMP_LOGIN', { stampLoginResult: {} }) })
    const kit = kitOn(fake, fakeAuthenticator())
    const error = await failure(loginWithPasskey(kit, {}))
    expect(error).toMatchObject({ code: 'PROXY_BAD_RESPONSE' })
    expect(error.message).toBe('stamp_login: no result.stampLoginResult.session in the answer')
    expect(await kit.keyStore.list()).toEqual([])
    expect(kit.session.getSnapshot().status).toBe('signedOut')
  })

  it('a network failure leaves no key', async () => {
    const fake = api({ 'submit/stamp_login': new TypeError('Failed to fetch') })
    const kit = kitOn(fake, fakeAuthenticator())
    expect((await failure(loginWithPasskey(kit, {}))).code).toBe('PROXY_UNAVAILABLE')
    expect(await kit.keyStore.list()).toEqual([])
  })

  it('ABORTED before anything when the signal is already aborted', async () => {
    const fake = api()
    const authenticator = fakeAuthenticator()
    const kit = kitOn(fake, authenticator)
    expect((await failure(loginWithPasskey(kit, { signal: AbortSignal.abort() }))).code).toBe('ABORTED')
    expect(authenticator.authentications).toHaveLength(0)
    expect(await kit.keyStore.list()).toEqual([])
  })

  it('METHOD_DISABLED when the tenant has not enabled passkeys, before any key or prompt', async () => {
    const authenticator = fakeAuthenticator()
    const kit = kitOn(api(), authenticator)
    const error = await failure(loginWithPasskey(withConfig(kit, { ...CONFIG, enabledProviders: [] })))
    expect(error.code).toBe('METHOD_DISABLED')
    expect(authenticator.authentications).toHaveLength(0)
    expect(await kit.keyStore.list()).toEqual([])
  })
})

describe('addPasskey', () => {
  it('creates a passkey and submits create_authenticators, X-Stamped by the session key', async () => {
    const fake = api()
    const authenticator = fakeAuthenticator()
    const kit = kitOn(fake, authenticator)
    const sessionKey = await signIn(kit)

    const added = await addPasskey(kit, {
      rpId: RP_ID,
      rpName: 'Demo',
      authenticatorName: 'Laptop',
      userName: 'ada@example.com',
    })

    expect(fake.endpoints()).toEqual(['submit/create_authenticators'])
    const [call] = fake.calls
    const registration = authenticator.registrations[0]!.optionsJSON
    expect(registration.user.name).toBe('ada@example.com')
    expect(call?.url).toBe('https://auth.example.com/public/v1/submit/create_authenticators')
    expect(call?.body).toEqual({
      type: 'ACTIVITY_TYPE_CREATE_AUTHENTICATORS_V2',
      timestampMs: String(NOW),
      organizationId: SUB_ORG,
      parameters: {
        userId: USER_ID,
        authenticators: [
          {
            authenticatorName: 'Laptop',
            challenge: registration.challenge,
            attestation: {
              credentialId: authenticator.credentialId,
              clientDataJson: expect.any(String),
              attestationObject: base64urlEncode('attestation-object'),
              transports: ['AUTHENTICATOR_TRANSPORT_INTERNAL', 'AUTHENTICATOR_TRANSPORT_HYBRID'],
            },
          },
        ],
      },
    })
    expect(xStampVerifies(call?.headers['x-stamp'], fake.texts[0], sessionKey)).toBe(true)
    expect(added).toEqual({ authenticatorIds: ['authenticator-2'], credentialId: authenticator.credentialId })
    expect(await kit.keyStore.list()).toEqual([sessionKey])
    expect(kit.session.getSnapshot().session?.publicKey).toBe(sessionKey)
  })

  it("names the passkey after the session identity's contact by default, asking nothing more", async () => {
    const fake = api()
    const authenticator = fakeAuthenticator()
    const kit = kitOn(fake, authenticator)
    await signIn(kit, { method: 'email', contact: 'ada@example.com' })
    await addPasskey(kit, { rpName: 'Demo' })
    expect(authenticator.registrations[0]?.optionsJSON.user.name).toBe('ada@example.com')
    expect(fake.endpoints()).toEqual(['submit/create_authenticators'])
    const body = fake.calls[0]?.body as { parameters: { authenticators: { authenticatorName: string }[] } }
    expect(body.parameters.authenticators[0]?.authenticatorName).toBe('ada@example.com')
  })

  it("takes an OAuth identity's email, else its name", async () => {
    for (const [identity, expected] of [
      [{ method: 'oauth', provider: 'google', email: 'ada@gmail.com', name: 'Ada' }, 'ada@gmail.com'],
      [{ method: 'oauth', provider: 'x', name: 'Ada L.' }, 'Ada L.'],
    ] as const) {
      const authenticator = fakeAuthenticator()
      const kit = kitOn(api(), authenticator)
      await signIn(kit, identity)
      await addPasskey(kit, { rpName: 'Demo' })
      expect(authenticator.registrations[0]?.optionsJSON.user.name).toBe(expected)
    }
  })

  it('without a name in the identity, asks get_user (stamped by the session key) for the email, else phone, else user name', async () => {
    const cases = [
      [{ userEmail: 'ada@example.com', userPhoneNumber: '+447700900123', userName: 'Ada' }, 'ada@example.com'],
      [{ userPhoneNumber: '+447700900123', userName: 'Ada' }, '+447700900123'],
      [{ userName: 'Ada' }, 'Ada'],
    ] as const
    for (const [fields, expected] of cases) {
      const fake = api({
        'query/get_user': json({
          user: { userId: USER_ID, authenticators: [], apiKeys: [], oauthProviders: [], ...fields },
        }),
      })
      const authenticator = fakeAuthenticator()
      const kit = kitOn(fake, authenticator)
      const sessionKey = await signIn(kit, { method: 'passkey' })
      await addPasskey(kit, { rpName: 'Demo' })
      expect(fake.endpoints()).toEqual(['query/get_user', 'submit/create_authenticators'])
      expect(fake.calls[0]?.body).toEqual({ organizationId: SUB_ORG, userId: USER_ID })
      expect(xStampVerifies(fake.calls[0]?.headers['x-stamp'], fake.texts[0], sessionKey)).toBe(true)
      expect(authenticator.registrations[0]?.optionsJSON.user.name).toBe(expected)
    }
  })

  it('refuses to make up a name when the account has none (never the user id or a date)', async () => {
    const fake = api({
      'query/get_user': json({
        user: { userId: USER_ID, userName: '', authenticators: [], apiKeys: [], oauthProviders: [] },
      }),
    })
    const authenticator = fakeAuthenticator()
    const kit = kitOn(fake, authenticator)
    await signIn(kit)
    const error = await failure(addPasskey(kit, { rpName: 'Demo' }))
    expect(error.code).toBe('CONFIG_INVALID')
    expect(error.message).toMatch(/addPasskey\(\{ userName \}\)/)
    expect(authenticator.registrations).toHaveLength(0)
  })

  it('NOT_SIGNED_IN without a session, before the prompt', async () => {
    const fake = api()
    const authenticator = fakeAuthenticator()
    const kit = kitOn(fake, authenticator)
    const error = await failure(addPasskey(kit, { rpName: 'Demo' }))
    expect(error.code).toBe('NOT_SIGNED_IN')
    expect(authenticator.registrations).toHaveLength(0)
    expect(fake.calls).toHaveLength(0)
  })

  it('cancelling the prompt sends nothing and keeps the session and its key', async () => {
    const fake = api()
    const kit = kitOn(
      fake,
      fakeAuthenticator({ fail: Object.assign(new Error('closed'), { name: 'NotAllowedError' }) }),
    )
    const sessionKey = await signIn(kit, { method: 'email', contact: 'ada@example.com' })
    expect((await failure(addPasskey(kit, { rpName: 'Demo' }))).code).toBe('PASSKEY_CANCELLED')
    expect(fake.calls).toHaveLength(0)
    expect(await kit.keyStore.list()).toEqual([sessionKey])
    expect(kit.session.getSnapshot().status).toBe('signedIn')
  })

  it('an answer without the new authenticator ids is PROXY_BAD_RESPONSE, naming the field, and keeps the session', async () => {
    const fake = api({
      'submit/create_authenticators': activityAnswer('ACTIVITY_TYPE_CREATE_AUTHENTICATORS_V2', {
        createAuthenticatorsResult: { authenticatorIds: ['authenticator-2', 7] },
      }),
    })
    const kit = kitOn(fake, fakeAuthenticator())
    await signIn(kit, { method: 'email', contact: 'ada@example.com' })
    const error = await failure(addPasskey(kit, { rpName: 'Demo' }))
    expect(error).toMatchObject({ code: 'PROXY_BAD_RESPONSE' })
    expect(error.message).toBe(
      'create_authenticators: no result.createAuthenticatorsResult.authenticatorIds[1] in the answer',
    )
    expect(kit.session.getSnapshot().status).toBe('signedIn')
  })
})

describe('createKit: passkey options', () => {
  it('serves the public API from proxyUrl unless apiUrl says otherwise', () => {
    const authenticator = fakeAuthenticator()
    expect(kitOn(api(), authenticator).publicApi.apiUrl).toBe('https://auth.example.com')
    expect(kitOn(api(), authenticator, { apiUrl: 'https://api.example.com/' }).publicApi.apiUrl).toBe(
      'https://api.example.com',
    )
    expect(kitOn(api(), authenticator).webauthn).toBe(authenticator.webauthn)
  })

  it('refuses a webauthn option that is not the WebAuthn functions, and a bad apiUrl', () => {
    const base = {
      proxyUrl: 'https://auth.example.com',
      configId: 'demo',
      storage: fakeStorage(),
      keyStore: memoryKeyStore(),
    }
    expect(() => createKit({ ...base, webauthn: {} as WebAuthnModule })).toThrow(/createKit\(\{ webauthn \}\)/)
    expect(() => createKit({ ...base, apiUrl: 'api.example.com' })).toThrow(
      /^apiUrl "api.example.com" is not a valid URL/,
    )
  })
})
