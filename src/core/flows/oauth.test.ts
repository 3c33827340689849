import { createHash } from 'node:crypto'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createKit, type Kit, type KitOptions } from '../createKit'
import { KitError } from '../errors'
import { memoryKeyStore } from '../keys/memoryKeyStore'
import { OAUTH_PENDING_TTL_MS, type PendingOAuth } from '../oauth/pendingOAuth'
import type { OAuthPopup } from '../oauth/popup'
import { fakeFetch, grpcError, json, type FakeAnswer, type FakeFetch, type RecordedCall } from '../test/fakeFetch'
import { fakeStorage } from '../test/fakes'
import { sessionToken, signJwt } from '../test/tokens'
import type { WalletKitConfigResponse } from '../types'
import { cancelOAuth, completeOAuth, loginWithOAuth, oauthPopupLogin, startOAuth } from './oauth'

const NOW = Date.UTC(2030, 5, 1, 12)
const REDIRECT = 'https://app.example.com/auth/callback'
const ORG = 'org-new'
const GOOGLE_CLIENT = 'google-client.apps.example'

const CONFIG: WalletKitConfigResponse = {
  enabledProviders: ['email', 'google', 'discord', 'x'],
  sessionExpirationSeconds: '900',
  organizationId: 'org-parent',
  oauthClientIds: { google: GOOGLE_CLIENT, discord: 'discord-client' },
  oauthRedirectUrl: REDIRECT,
  otpAlphanumeric: true,
  otpLength: '6',
}

const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex')
const s256 = (verifier: string) => createHash('sha256').update(verifier, 'ascii').digest('base64url')

/** A Storage with key()/length, as sessionStorage has, so that abandoned flows can be found. */
function enumerableStorage() {
  const base = fakeStorage()
  // defineProperty, not Object.assign: assign would copy the getter's value once.
  return Object.defineProperties(base as typeof base & Pick<Storage, 'key' | 'length'>, {
    key: { value: (index: number) => [...base.items.keys()][index] ?? null },
    length: { get: () => base.items.size },
  })
}

/** The proxy's side, scripted: an OIDC token carrying the nonce it is sent, a session for the key it is sent. */
function proxy(
  overrides: Record<string, FakeAnswer | FakeAnswer[]> = {},
  { existingOrganization }: { existingOrganization?: string } = {},
): FakeFetch & { oidcTokens: string[] } {
  const oidcTokens: string[] = []
  const fake = fakeFetch({
    oauth2_authenticate: async (call: RecordedCall) => {
      const { nonce, clientId } = call.body as { nonce: string; clientId: string }
      const oidcToken = await signJwt({ iss: 'https://mock.example', sub: 'google-sub-1', aud: clientId, exp: NOW / 1000 + 600, nonce })
      oidcTokens.push(oidcToken)
      return json({ oidcToken })
    },
    account: json(existingOrganization === undefined ? {} : { organizationId: existingOrganization }),
    signup: json({ organizationId: ORG, userId: 'user-new' }),
    oauth_login: async (call: RecordedCall) => {
      const { publicKey, organizationId } = call.body as { publicKey: string; organizationId: string }
      return json({ session: await sessionToken({ exp: NOW / 1000 + 900, public_key: publicKey, organization_id: organizationId }) })
    },
    ...overrides,
  })
  return Object.assign(fake, { oidcTokens })
}

let kits: Kit[] = []
afterEach(() => {
  for (const kit of kits) kit.destroy()
  kits = []
  vi.unstubAllGlobals()
})

function kitOn(fake: FakeFetch, options: Partial<KitOptions> & { clock?: { now: number } } = {}) {
  const oauthStorage = enumerableStorage()
  const clock = options.clock ?? { now: NOW }
  const kit = createKit({
    proxyUrl: 'https://auth.example.com',
    configId: 'demo',
    fetch: fake.fetch,
    keyStore: memoryKeyStore(),
    storage: fakeStorage(),
    oauthStorage,
    location: { href: 'https://app.example.com/login?tab=2#top' },
    now: () => clock.now,
    ...options,
  })
  kits.push(kit)
  return { kit, oauthStorage, clock }
}

function storedRecord(storage: ReturnType<typeof enumerableStorage>, state: string): PendingOAuth | undefined {
  const text = storage.items.get(`auth-proxy-kit:demo:oauth:${state}`)
  return text === undefined ? undefined : (JSON.parse(text) as PendingOAuth)
}

async function caught(promise: Promise<unknown>): Promise<KitError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  if (!(error instanceof KitError)) throw new Error(`expected a KitError, got ${String(error)}`)
  return error
}

describe('startOAuth', () => {
  it('makes a key, keeps the pending sign-in under its state, and builds the authorize URL from them', async () => {
    const fake = proxy()
    const { kit, oauthStorage } = kitOn(fake)

    const { authorizeUrl, state, redirectUri, expiresAt } = await startOAuth(kit, {
      provider: 'google',
      mode: 'redirect',
      config: CONFIG,
      returnTo: '/wallet',
    })

    const keys = await kit.keyStore.list()
    expect(keys).toHaveLength(1)
    const publicKey = keys[0] as string
    const record = storedRecord(oauthStorage, state)
    expect(record).toEqual({
      state,
      provider: 'google',
      mode: 'redirect',
      nonce: sha256Hex(publicKey),
      publicKey,
      codeVerifier: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      redirectUri: REDIRECT,
      clientId: GOOGLE_CLIENT,
      returnTo: '/wallet',
      createdAt: NOW,
    })
    expect(state).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(redirectUri).toBe(REDIRECT)
    expect(expiresAt).toBe(NOW + OAUTH_PENDING_TTL_MS)

    const url = new URL(authorizeUrl)
    expect(`${url.origin}${url.pathname}`).toBe('https://accounts.google.com/o/oauth2/v2/auth')
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: GOOGLE_CLIENT,
      redirect_uri: REDIRECT,
      response_type: 'code',
      scope: 'openid email profile',
      state,
      nonce: sha256Hex(publicKey),
      code_challenge: s256(record?.codeVerifier ?? ''),
      code_challenge_method: 'S256',
    })
    expect(fake.calls).toHaveLength(0)
  })

  it('uses the kit’s authorize URL override (the mock’s) for that provider only', async () => {
    const mock = 'http://localhost:8787/__mock/oauth/google/authorize'
    const { kit } = kitOn(proxy(), { oauthAuthorizeUrls: { google: mock } })
    const google = new URL((await startOAuth(kit, { provider: 'google', mode: 'popup', config: CONFIG })).authorizeUrl)
    const discord = new URL((await startOAuth(kit, { provider: 'discord', mode: 'popup', config: CONFIG })).authorizeUrl)
    expect(`${google.origin}${google.pathname}`).toBe(mock)
    expect(`${discord.origin}${discord.pathname}`).toBe('https://discord.com/oauth2/authorize')
  })

  it('makes new state, verifier and key for every start', async () => {
    const { kit, oauthStorage } = kitOn(proxy())
    const first = await startOAuth(kit, { provider: 'google', mode: 'redirect', config: CONFIG })
    const second = await startOAuth(kit, { provider: 'google', mode: 'redirect', config: CONFIG })
    expect(second.state).not.toBe(first.state)
    expect(storedRecord(oauthStorage, second.state)?.codeVerifier).not.toBe(storedRecord(oauthStorage, first.state)?.codeVerifier)
    expect(await kit.keyStore.list()).toHaveLength(2)
  })

  it.each([
    ['a provider the tenant has not enabled', 'apple', CONFIG, 'METHOD_DISABLED'],
    ['an enabled provider without a client id', 'x', CONFIG, 'OAUTH_NOT_CONFIGURED'],
    ['a config without oauthClientIds', 'google', { ...CONFIG, oauthClientIds: undefined }, 'OAUTH_NOT_CONFIGURED'],
    ['an unknown provider', 'github', CONFIG, 'CONFIG_INVALID'],
  ] as const)('refuses %s before making a key or storing anything', async (_what, provider, config, code) => {
    const fake = proxy()
    const { kit, oauthStorage } = kitOn(fake)
    const error = await caught(startOAuth(kit, { provider: provider as 'google', mode: 'redirect', config }))
    expect(error.code).toBe(code)
    expect(await kit.keyStore.list()).toEqual([])
    expect(oauthStorage.items.size).toBe(0)
    expect(fake.calls).toHaveLength(0)
  })

  it('takes the redirect URI given, else the config’s, else the page’s origin and path', async () => {
    const { kit } = kitOn(proxy())
    const given = await startOAuth(kit, { provider: 'google', mode: 'redirect', config: CONFIG, redirectUri: 'https://app.example.com/other' })
    expect(given.redirectUri).toBe('https://app.example.com/other')
    const fromPage = await startOAuth(kit, { provider: 'google', mode: 'redirect', config: { ...CONFIG, oauthRedirectUrl: undefined } })
    expect(fromPage.redirectUri).toBe('https://app.example.com/login')
    expect(new URL(fromPage.authorizeUrl).searchParams.get('redirect_uri')).toBe('https://app.example.com/login')
  })

  it('is OAUTH_NOT_CONFIGURED with no redirect URI anywhere, and refuses a redirect URI with a fragment', async () => {
    const { kit } = kitOn(proxy(), { location: { href: 'about:blank' } })
    const config = { ...CONFIG, oauthRedirectUrl: undefined }
    expect((await caught(startOAuth(kit, { provider: 'google', mode: 'redirect', config }))).code).toBe('OAUTH_NOT_CONFIGURED')
    await expect(startOAuth(kit, { provider: 'google', mode: 'redirect', config, redirectUri: `${REDIRECT}#x` })).rejects.toThrow(
      /startOAuth\(\{ redirectUri \}\): expected an absolute http\(s\) URL without a #fragment/,
    )
    expect(await kit.keyStore.list()).toEqual([])
  })

  it('refuses a redirect when only memory storage is left (it would not survive), but allows a popup', async () => {
    vi.stubGlobal('sessionStorage', undefined)
    const { kit } = kitOn(proxy(), { oauthStorage: undefined })
    expect((await caught(startOAuth(kit, { provider: 'google', mode: 'redirect', config: CONFIG }))).code).toBe('OAUTH_STORAGE_UNAVAILABLE')
    expect(await kit.keyStore.list()).toEqual([])
    await expect(startOAuth(kit, { provider: 'google', mode: 'popup', config: CONFIG })).resolves.toMatchObject({ redirectUri: REDIRECT })
  })

  it('deletes its key when the pending sign-in cannot be stored (quota)', async () => {
    const storage = enumerableStorage()
    storage.setItem = () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
    }
    const { kit } = kitOn(proxy(), { oauthStorage: storage })
    expect((await caught(startOAuth(kit, { provider: 'google', mode: 'redirect', config: CONFIG }))).code).toBe('OAUTH_STORAGE_UNAVAILABLE')
    expect(await kit.keyStore.list()).toEqual([])
  })

  it('removes sign-ins abandoned more than ten minutes ago, with their keys, and keeps recent ones', async () => {
    const { kit, oauthStorage, clock } = kitOn(proxy())
    const abandoned = await startOAuth(kit, { provider: 'google', mode: 'redirect', config: CONFIG })
    const abandonedKey = storedRecord(oauthStorage, abandoned.state)?.publicKey
    clock.now += 9 * 60_000
    const recent = await startOAuth(kit, { provider: 'google', mode: 'redirect', config: CONFIG })
    const recentKey = storedRecord(oauthStorage, recent.state)?.publicKey
    clock.now += 2 * 60_000
    const latest = await startOAuth(kit, { provider: 'google', mode: 'redirect', config: CONFIG })

    expect(storedRecord(oauthStorage, abandoned.state)).toBeUndefined()
    expect(storedRecord(oauthStorage, recent.state)).toBeDefined()
    expect(storedRecord(oauthStorage, latest.state)).toBeDefined()
    const keys = await kit.keyStore.list()
    expect(keys).not.toContain(abandonedKey)
    expect(keys).toContain(recentKey)
    expect(keys).toHaveLength(2)
  })

  it('refuses bad parameters with labelled errors', async () => {
    const { kit } = kitOn(proxy())
    await expect(startOAuth(kit, { provider: 'google', mode: 'tab' as never, config: CONFIG })).rejects.toThrow(/startOAuth\(\{ mode \}\)/)
    await expect(startOAuth(kit, { provider: 'google', mode: 'popup', config: {} as never })).rejects.toThrow(
      /startOAuth\(\{ config \}\): expected the wallet_kit_config answer/,
    )
    await expect(startOAuth({} as Kit, { provider: 'google', mode: 'popup', config: CONFIG })).rejects.toThrow(/startOAuth\(kit\)/)
  })
})

describe('completeOAuth, given a new user', () => {
  it('runs oauth2_authenticate, account, signup, oauth_login with what start stored, then stores the session', async () => {
    const fake = proxy()
    const { kit, oauthStorage } = kitOn(fake)
    const { authorizeUrl, state } = await startOAuth(kit, { provider: 'google', mode: 'redirect', config: CONFIG, returnTo: '/wallet' })
    const stored = storedRecord(oauthStorage, state) as PendingOAuth

    const result = await completeOAuth(kit, {
      callbackUrl: `${REDIRECT}?state=${state}&code=4%2F0Ad-code&scope=email+openid&authuser=0`,
      config: CONFIG,
    })

    expect(fake.endpoints()).toEqual(['oauth2_authenticate', 'account', 'signup', 'oauth_login'])
    const [authenticate, account, signup, login] = fake.calls
    expect(authenticate?.body).toEqual({
      provider: 'OAUTH2_PROVIDER_GOOGLE',
      authCode: '4/0Ad-code',
      redirectUri: REDIRECT,
      codeVerifier: stored.codeVerifier,
      nonce: sha256Hex(stored.publicKey),
      clientId: GOOGLE_CLIENT,
    })
    // The verifier sent now is the one whose S256 challenge the provider was given.
    expect(s256((authenticate?.body as { codeVerifier: string }).codeVerifier)).toBe(new URL(authorizeUrl).searchParams.get('code_challenge'))
    const oidcToken = fake.oidcTokens[0]
    expect(account?.body).toEqual({ filterType: 'OIDC_TOKEN', filterValue: oidcToken, oidcToken })
    expect(signup?.body).toEqual({ oauthProviders: [{ providerName: 'google', oidcToken }], apiKeys: [], authenticators: [] })
    expect(login?.body).toEqual({ oidcToken, publicKey: stored.publicKey, organizationId: ORG })

    expect(result).toMatchObject({ isNewUser: true, provider: 'google', returnTo: '/wallet' })
    expect(result.session).toMatchObject({ publicKey: stored.publicKey, organizationId: ORG })
    expect(kit.session.getSnapshot()).toMatchObject({ status: 'signedIn', session: result.session })
    expect(oauthStorage.items.size).toBe(0)
    expect(await kit.keyStore.list()).toEqual([stored.publicKey])
  })

  it('reads an answer in the fragment (response_mode=fragment)', async () => {
    const fake = proxy()
    const { kit } = kitOn(fake)
    const { state } = await startOAuth(kit, { provider: 'discord', mode: 'redirect', config: CONFIG })
    await completeOAuth(kit, { callbackUrl: `${REDIRECT}#code=frag-code&state=${state}` })
    expect(fake.calls[0]?.body).toMatchObject({ provider: 'OAUTH2_PROVIDER_DISCORD', authCode: 'frag-code', clientId: 'discord-client' })
  })
})

describe('completeOAuth, given a returning user', () => {
  it('skips signup and logs into the known organization', async () => {
    const fake = proxy({}, { existingOrganization: 'org-existing' })
    const { kit } = kitOn(fake)
    const { state } = await loginWithOAuth.start(kit, { provider: 'google', mode: 'redirect', config: CONFIG })
    const result = await loginWithOAuth.complete(kit, { callbackUrl: `${REDIRECT}?code=c&state=${state}` })
    expect(fake.endpoints()).toEqual(['oauth2_authenticate', 'account', 'oauth_login'])
    expect(fake.calls[2]?.body).toMatchObject({ organizationId: 'org-existing' })
    expect(result).toMatchObject({ isNewUser: false, returnTo: undefined })
    expect(result.session.organizationId).toBe('org-existing')
  })
})

describe('completeOAuth refusals', () => {
  it('refuses a state this browser did not start: nothing sent, the real pending sign-in and key kept', async () => {
    const fake = proxy()
    const { kit, oauthStorage } = kitOn(fake)
    const { state } = await startOAuth(kit, { provider: 'google', mode: 'redirect', config: CONFIG })
    const forged = `${state.slice(0, -1)}${state.endsWith('A') ? 'B' : 'A'}`

    const error = await caught(completeOAuth(kit, { callbackUrl: `${REDIRECT}?code=stolen&state=${forged}` }))

    expect(error.code).toBe('OAUTH_STATE_MISMATCH')
    expect(fake.calls).toHaveLength(0)
    expect(storedRecord(oauthStorage, state)).toBeDefined()
    expect(await kit.keyStore.list()).toHaveLength(1)
  })

  it('refuses a callback without a state, and a URL that is no callback', async () => {
    const fake = proxy()
    const { kit } = kitOn(fake)
    await startOAuth(kit, { provider: 'google', mode: 'redirect', config: CONFIG })
    expect((await caught(completeOAuth(kit, { callbackUrl: `${REDIRECT}?code=c` }))).code).toBe('OAUTH_STATE_MISMATCH')
    expect((await caught(completeOAuth(kit, { callbackUrl: `${REDIRECT}?tab=2` }))).code).toBe('OAUTH_NO_PENDING_FLOW')
    expect(fake.calls).toHaveLength(0)
  })

  it('refuses a replayed callback: the state is single use', async () => {
    const fake = proxy()
    const { kit } = kitOn(fake)
    const { state } = await startOAuth(kit, { provider: 'google', mode: 'redirect', config: CONFIG })
    const callbackUrl = `${REDIRECT}?code=c&state=${state}`
    await completeOAuth(kit, { callbackUrl })
    const sent = fake.calls.length

    const error = await caught(completeOAuth(kit, { callbackUrl }))

    expect(error.code).toBe('OAUTH_STATE_MISMATCH')
    expect(fake.calls).toHaveLength(sent)
    expect(kit.session.getSnapshot().status).toBe('signedIn')
  })

  it('turns error=access_denied into OAUTH_CANCELLED and removes the pending sign-in and its key', async () => {
    const fake = proxy()
    const { kit, oauthStorage } = kitOn(fake)
    const { state } = await startOAuth(kit, { provider: 'google', mode: 'redirect', config: CONFIG })

    const error = await caught(completeOAuth(kit, { callbackUrl: `${REDIRECT}?error=access_denied&state=${state}` }))

    expect(error.code).toBe('OAUTH_CANCELLED')
    expect(error.userMessage).toBe('Sign-in was cancelled.')
    expect(fake.calls).toHaveLength(0)
    expect(oauthStorage.items.size).toBe(0)
    expect(await kit.keyStore.list()).toEqual([])
  })

  it('turns another provider error into OAUTH_PROVIDER_ERROR naming it, and cleans up', async () => {
    const fake = proxy()
    const { kit, oauthStorage } = kitOn(fake)
    const { state } = await startOAuth(kit, { provider: 'google', mode: 'redirect', config: CONFIG })

    const error = await caught(
      completeOAuth(kit, { callbackUrl: `${REDIRECT}?error=invalid_scope&error_description=Unknown+scope+foo&state=${state}` }),
    )

    expect(error.code).toBe('OAUTH_PROVIDER_ERROR')
    expect(error.message).toBe('completeOAuth: Google answered invalid_scope: Unknown scope foo')
    expect(fake.calls).toHaveLength(0)
    expect(oauthStorage.items.size).toBe(0)
    expect(await kit.keyStore.list()).toEqual([])
  })

  it('refuses an answer after ten minutes with OAUTH_EXPIRED, sending nothing', async () => {
    const fake = proxy()
    const { kit, oauthStorage, clock } = kitOn(fake)
    const { state } = await startOAuth(kit, { provider: 'google', mode: 'redirect', config: CONFIG })
    clock.now += OAUTH_PENDING_TTL_MS + 1
    expect((await caught(completeOAuth(kit, { callbackUrl: `${REDIRECT}?code=c&state=${state}` }))).code).toBe('OAUTH_EXPIRED')
    expect(fake.calls).toHaveLength(0)
    expect(oauthStorage.items.size).toBe(0)
    expect(await kit.keyStore.list()).toEqual([])
  })

  it('leaves a popup flow’s pending sign-in to its opener when a page completes a redirect', async () => {
    const fake = proxy()
    const { kit, oauthStorage } = kitOn(fake)
    const { state } = await startOAuth(kit, { provider: 'google', mode: 'popup', config: CONFIG })
    const callbackUrl = `${REDIRECT}?code=c&state=${state}`

    expect((await caught(completeOAuth(kit, { callbackUrl, mode: 'redirect' }))).code).toBe('OAUTH_STATE_MISMATCH')
    expect(fake.calls).toHaveLength(0)
    expect(storedRecord(oauthStorage, state)).toBeDefined()

    await expect(completeOAuth(kit, { callbackUrl, mode: 'popup' })).resolves.toMatchObject({ isNewUser: true })
  })

  it('refuses a provider the tenant disabled since the start (when given the config)', async () => {
    const fake = proxy()
    const { kit } = kitOn(fake)
    const { state } = await startOAuth(kit, { provider: 'google', mode: 'redirect', config: CONFIG })
    const config = { ...CONFIG, enabledProviders: CONFIG.enabledProviders.filter((p) => p !== 'google') }
    expect((await caught(completeOAuth(kit, { callbackUrl: `${REDIRECT}?code=c&state=${state}`, config }))).code).toBe('METHOD_DISABLED')
    expect(fake.calls).toHaveLength(0)
    expect(await kit.keyStore.list()).toEqual([])
  })

  it('is KEY_NOT_FOUND when the key went missing during the round trip, sending nothing', async () => {
    const fake = proxy()
    const { kit } = kitOn(fake)
    const { state } = await startOAuth(kit, { provider: 'google', mode: 'redirect', config: CONFIG })
    for (const key of await kit.keyStore.list()) await kit.keyStore.delete(key)
    expect((await caught(completeOAuth(kit, { callbackUrl: `${REDIRECT}?code=c&state=${state}` }))).code).toBe('KEY_NOT_FOUND')
    expect(fake.calls).toHaveLength(0)
  })

  it.each([
    ['oauth2_authenticate', grpcError(3, 'codeVerifier: does not match the code_challenge', 400), 'INVALID_REQUEST', 1],
    ['account', grpcError(16, 'oidcToken: expired', 401), 'UNAUTHENTICATED', 2],
    ['signup', grpcError(6, 'identity already linked', 409), 'ALREADY_EXISTS', 3],
    ['oauth_login', grpcError(16, 'oidcToken: nonce is not for this publicKey', 401), 'UNAUTHENTICATED', 4],
  ] as const)('when %s fails: passes the error on, stops there, deletes the key, no session', async (endpoint, answer, code, calls) => {
    const fake = proxy({ [endpoint]: answer })
    const { kit, oauthStorage } = kitOn(fake)
    const { state } = await startOAuth(kit, { provider: 'google', mode: 'redirect', config: CONFIG })

    const error = await caught(completeOAuth(kit, { callbackUrl: `${REDIRECT}?code=c&state=${state}` }))

    expect(error.code).toBe(code)
    expect(fake.calls).toHaveLength(calls)
    expect(oauthStorage.items.size).toBe(0)
    expect(await kit.keyStore.list()).toEqual([])
    await kit.session.ready
    expect(kit.session.getSnapshot().status).toBe('signedOut')
  })

  it('deletes the key when the session from oauth_login is bound to another key', async () => {
    const other = `02${'99'.repeat(32)}`
    const fake = proxy({ oauth_login: json({ session: await sessionToken({ exp: NOW / 1000 + 900, public_key: other }) }) })
    const { kit } = kitOn(fake)
    const { state } = await startOAuth(kit, { provider: 'google', mode: 'redirect', config: CONFIG })
    expect((await caught(completeOAuth(kit, { callbackUrl: `${REDIRECT}?code=c&state=${state}` }))).code).toBe('SESSION_KEY_MISMATCH')
    expect(await kit.keyStore.list()).toEqual([])
  })
})

describe('cancelOAuth', () => {
  it('removes the pending sign-in and deletes its key; an unknown state is fine', async () => {
    const { kit, oauthStorage } = kitOn(proxy())
    const { state } = await startOAuth(kit, { provider: 'google', mode: 'redirect', config: CONFIG })
    await cancelOAuth(kit, state)
    await cancelOAuth(kit, state)
    expect(oauthStorage.items.size).toBe(0)
    expect(await kit.keyStore.list()).toEqual([])
  })
})

/** A popup that "goes to the provider" when navigated, and comes back to `landing(state)` after a moment. */
function providerPopup(landing: ((state: string) => string) | null) {
  const popup = {
    closed: false,
    crossOrigin: false,
    current: 'about:blank',
    navigations: [] as string[],
    close() {
      popup.closed = true
    },
    location: {
      get href(): string {
        if (popup.crossOrigin) throw new DOMException('cross-origin', 'SecurityError')
        return popup.current
      },
      set href(url: string) {
        popup.navigations.push(url)
        popup.crossOrigin = true
        const state = new URL(url).searchParams.get('state') ?? ''
        setTimeout(() => {
          if (landing === null) {
            popup.closed = true
            return
          }
          popup.crossOrigin = false
          popup.current = landing(state)
        }, 20)
      },
    },
  }
  return popup satisfies OAuthPopup
}

describe('oauthPopupLogin', () => {
  it('sends the popup to the provider, completes when it is back on the redirect URI, and closes it', async () => {
    const fake = proxy()
    const { kit, oauthStorage } = kitOn(fake, { oauthAuthorizeUrls: { google: 'https://auth.example.com/__mock/oauth/google/authorize' } })
    const popup = providerPopup((state) => `${REDIRECT}?code=popup-code&state=${state}`)

    const result = await oauthPopupLogin(kit, popup, { provider: 'google', config: CONFIG, pollMs: 5 })

    expect(popup.navigations).toHaveLength(1)
    expect(popup.navigations[0]).toMatch(/^https:\/\/auth\.example\.com\/__mock\/oauth\/google\/authorize\?client_id=/)
    expect(popup.closed).toBe(true)
    expect(fake.endpoints()).toEqual(['oauth2_authenticate', 'account', 'signup', 'oauth_login'])
    expect(fake.calls[0]?.body).toMatchObject({ authCode: 'popup-code' })
    expect(result.isNewUser).toBe(true)
    expect(kit.session.getSnapshot().status).toBe('signedIn')
    expect(oauthStorage.items.size).toBe(0)
  })

  it('ends with OAUTH_POPUP_CLOSED when the person closes the popup, leaving no key or pending sign-in', async () => {
    const fake = proxy()
    const { kit, oauthStorage } = kitOn(fake)
    const popup = providerPopup(null)

    const error = await caught(oauthPopupLogin(kit, popup, { provider: 'google', config: CONFIG, pollMs: 5 }))

    expect(error.code).toBe('OAUTH_POPUP_CLOSED')
    expect(error.userMessage).toMatch(/closed before you finished/)
    expect(fake.calls).toHaveLength(0)
    expect(oauthStorage.items.size).toBe(0)
    expect(await kit.keyStore.list()).toEqual([])
  })

  it('cancels at the consent page: OAUTH_CANCELLED, no session', async () => {
    const fake = proxy()
    const { kit } = kitOn(fake)
    const popup = providerPopup((state) => `${REDIRECT}?error=access_denied&state=${state}`)
    expect((await caught(oauthPopupLogin(kit, popup, { provider: 'google', config: CONFIG, pollMs: 5 }))).code).toBe('OAUTH_CANCELLED')
    expect(popup.closed).toBe(true)
    expect(fake.calls).toHaveLength(0)
    expect(await kit.keyStore.list()).toEqual([])
  })

  it('closes the popup when the flow cannot start (provider disabled)', async () => {
    const { kit } = kitOn(proxy())
    const popup = providerPopup(null)
    expect((await caught(oauthPopupLogin(kit, popup, { provider: 'apple', config: CONFIG }))).code).toBe('METHOD_DISABLED')
    expect(popup.closed).toBe(true)
    expect(popup.navigations).toEqual([])
  })
})
