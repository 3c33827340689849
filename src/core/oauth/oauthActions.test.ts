import { createHash } from 'node:crypto'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createConfigStore } from '../config/configStore'
import { createKit, type Kit, type KitOptions } from '../createKit'
import { KitError } from '../errors'
import { OAUTH_PENDING_TTL_MS, type PendingOAuth } from './pendingOAuth'
import type { OAuthPopup } from './popup'
import { fakeFetch, grpcError, json, type FakeAnswer, type FakeFetch, type RecordedCall } from '../test/fakeFetch'
import { fakeStorage } from '../test/fakes'
import { testKitOptions } from '../test/testKitOptions'
import { sessionToken, signJwt } from '../test/tokens'
import type { WalletKitConfigResponse } from '../types'
import {
  cancelOAuth,
  cancelOAuthRedirect,
  completeOAuth,
  loginWithOAuth,
  oauthPopupLogin,
  oauthRedirectLogin,
  startOAuth,
} from './oauthActions'

const NOW = Date.UTC(2030, 5, 1, 12)
const REDIRECT = 'https://app.example.com/auth/callback'
const ORG = 'org-new'
const GOOGLE_CLIENT = 'google-client.apps.example'
const APPLE_CLIENT = 'com.example.app.signin'
const FACEBOOK_CLIENT = '1234567890'
const FACEBOOK_TOKEN_URL = 'https://graph.facebook.com/v11.0/oauth/access_token'

const CONFIG: WalletKitConfigResponse = {
  enabledProviders: ['email', 'google', 'apple', 'facebook', 'discord', 'x'],
  sessionExpirationSeconds: '900',
  organizationId: 'org-parent',
  oauthClientIds: { google: GOOGLE_CLIENT, apple: APPLE_CLIENT, facebook: FACEBOOK_CLIENT, discord: 'discord-client' },
  oauthRedirectUrl: REDIRECT,
  otpAlphanumeric: true,
  otpLength: '6',
}

const GOOGLE_ONLY: WalletKitConfigResponse = { ...CONFIG, enabledProviders: ['email', 'google'] }

const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex')
const s256 = (verifier: string) => createHash('sha256').update(verifier, 'ascii').digest('base64url')

/** An id_token as a provider signs it (the kit decodes it; the proxy would verify it). */
function idToken(claims: {
  aud: string
  nonce: string | undefined
  iss?: string
  sub?: string
  email?: string
  name?: string
}): Promise<string> {
  return signJwt({
    iss: 'https://accounts.google.com',
    sub: 'provider-sub-1',
    exp: NOW / 1000 + 600,
    iat: NOW / 1000,
    ...claims,
  })
}

/** A Storage with key()/length, as sessionStorage has, so that abandoned flows can be found. */
function enumerableStorage() {
  const base = fakeStorage()
  // defineProperty, not Object.assign: assign would copy the getter's value once.
  return Object.defineProperties(base as typeof base & Pick<Storage, 'key' | 'length'>, {
    key: { value: (index: number) => [...base.items.keys()][index] ?? null },
    length: { get: () => base.items.size },
  })
}

type World = FakeFetch & {
  /** The OIDC tokens oauth2_authenticate issued. */
  oidcTokens: string[]
  /** The forms POSTed to Facebook's token endpoint. */
  tokenRequests: { url: string; form: Record<string, string> }[]
  /** How Facebook's token endpoint answers; set by a test once it knows the nonce. */
  facebook: (form: Record<string, string>, signal: AbortSignal | undefined) => Response | Promise<Response>
}

/**
 * The proxy's side, scripted (an OIDC token carrying the nonce it is sent, a session for the key it is
 * sent), and Facebook's token endpoint, at any URL ending in /oauth/access_token.
 */
function proxy(
  overrides: Record<string, FakeAnswer | FakeAnswer[]> = {},
  { existingOrganization }: { existingOrganization?: string } = {},
): World {
  const oidcTokens: string[] = []
  const fake = fakeFetch({
    oauth2_authenticate: async (call: RecordedCall) => {
      const { nonce, clientId } = call.body as { nonce: string; clientId: string }
      const oidcToken = await signJwt({
        iss: 'https://mock.example',
        sub: 'discord-sub-1',
        aud: clientId,
        exp: NOW / 1000 + 600,
        nonce,
      })
      oidcTokens.push(oidcToken)
      return json({ oidcToken })
    },
    account: json(existingOrganization === undefined ? {} : { organizationId: existingOrganization }),
    signup: json({ organizationId: ORG, userId: 'user-new' }),
    oauth_login: async (call: RecordedCall) => {
      const { publicKey, organizationId } = call.body as { publicKey: string; organizationId: string }
      return json({
        session: await sessionToken({ exp: NOW / 1000 + 900, public_key: publicKey, organization_id: organizationId }),
      })
    },
    ...overrides,
  })
  const world: World = Object.assign(fake, {
    oidcTokens,
    tokenRequests: [] as World['tokenRequests'],
    facebook: () =>
      json({ error: { message: 'no answer scripted', type: 'OAuthException', code: 100, fbtrace_id: 'test' } }, 400),
  })
  const proxyFetch = fake.fetch
  world.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input)
    if (!url.endsWith('/oauth/access_token')) return proxyFetch(input, init)
    const form = Object.fromEntries(new URLSearchParams(String(init?.body)))
    world.tokenRequests.push({ url, form })
    return world.facebook(form, init?.signal ?? undefined)
  }) as typeof fetch
  return world
}

/** The kit with `config` as the tenant's config (kit.config), asked for by the flows themselves. */
function withConfig(kit: Kit, config: WalletKitConfigResponse): Kit {
  return { ...kit, config: createConfigStore({ request: async () => config }) }
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
    ...testKitOptions(fake.fetch, () => clock.now),
    oauthStorage,
    location: { href: 'https://app.example.com/login?tab=2#top' },
    ...options,
  })
  kits.push(kit)
  kit.config = createConfigStore({ request: async () => CONFIG })
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
  it('makes a key, keeps the pending sign-in under its state, and builds Google’s id_token request from them', async () => {
    const fake = proxy()
    const { kit, oauthStorage } = kitOn(fake)

    const { authorizeUrl, state, redirectUri, expiresAt } = await startOAuth(kit, {
      provider: 'google',
      mode: 'redirect',
      returnTo: '/wallet',
    })

    const keys = await kit.keyStore.list()
    expect(keys).toHaveLength(1)
    const publicKey = keys[0] as string
    // No PKCE verifier: Google's answer is the id_token itself, nothing is redeemed.
    expect(storedRecord(oauthStorage, state)).toEqual({
      state,
      provider: 'google',
      mode: 'redirect',
      nonce: sha256Hex(publicKey),
      publicKey,
      redirectUri: REDIRECT,
      clientId: GOOGLE_CLIENT,
      // Resolved against the page: an address of the site the answer comes back to.
      returnTo: 'https://app.example.com/wallet',
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
      response_type: 'id_token',
      scope: 'openid email profile',
      state,
      nonce: sha256Hex(publicKey),
      prompt: 'select_account',
    })
    expect(fake.calls).toHaveLength(0)
  })

  it.each([
    ['facebook', FACEBOOK_CLIENT, { scope: 'openid', nonce: true }],
    ['discord', 'discord-client', { scope: 'identify email', nonce: false }],
  ] as const)('keeps a PKCE verifier for %s and sends its S256 challenge', async (provider, clientId, expected) => {
    const { kit, oauthStorage } = kitOn(proxy())
    const { authorizeUrl, state } = await startOAuth(kit, { provider, mode: 'popup' })
    const record = storedRecord(oauthStorage, state) as PendingOAuth
    expect(record.codeVerifier).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const query = Object.fromEntries(new URL(authorizeUrl).searchParams)
    expect(query).toEqual({
      client_id: clientId,
      redirect_uri: REDIRECT,
      response_type: 'code',
      scope: expected.scope,
      state,
      ...(expected.nonce ? { nonce: sha256Hex(record.publicKey) } : {}),
      code_challenge: s256(record.codeVerifier ?? ''),
      code_challenge_method: 'S256',
    })
  })

  it('asks Apple for `code id_token` in the fragment, with the nonce and no verifier', async () => {
    const { kit, oauthStorage } = kitOn(proxy())
    const { authorizeUrl, state } = await startOAuth(kit, { provider: 'apple', mode: 'popup' })
    const record = storedRecord(oauthStorage, state) as PendingOAuth
    expect(record.codeVerifier).toBeUndefined()
    expect(Object.fromEntries(new URL(authorizeUrl).searchParams)).toEqual({
      client_id: APPLE_CLIENT,
      redirect_uri: REDIRECT,
      response_type: 'code id_token',
      response_mode: 'fragment',
      state,
      nonce: sha256Hex(record.publicKey),
    })
  })

  it('uses the kit’s authorize URL override (the mock’s) for that provider only', async () => {
    const mock = 'http://localhost:8787/__mock/oauth/google/authorize'
    const { kit } = kitOn(proxy(), { oauthAuthorizeUrls: { google: mock } })
    const google = new URL((await startOAuth(kit, { provider: 'google', mode: 'popup' })).authorizeUrl)
    const discord = new URL((await startOAuth(kit, { provider: 'discord', mode: 'popup' })).authorizeUrl)
    expect(`${google.origin}${google.pathname}`).toBe(mock)
    expect(`${discord.origin}${discord.pathname}`).toBe('https://discord.com/oauth2/authorize')
  })

  it('makes new state, verifier and key for every start', async () => {
    const { kit, oauthStorage } = kitOn(proxy())
    const withX = withConfig(kit, { ...CONFIG, oauthClientIds: { x: 'x-client' } })
    const first = await startOAuth(withX, { provider: 'x', mode: 'redirect' })
    const second = await startOAuth(withX, { provider: 'x', mode: 'redirect' })
    expect(second.state).not.toBe(first.state)
    expect(storedRecord(oauthStorage, second.state)?.codeVerifier).not.toBe(
      storedRecord(oauthStorage, first.state)?.codeVerifier,
    )
    expect(await kit.keyStore.list()).toHaveLength(2)
  })

  it.each([
    ['a provider the tenant has not enabled', 'apple', GOOGLE_ONLY, 'METHOD_DISABLED'],
    ['an enabled provider without a client id', 'x', CONFIG, 'OAUTH_NOT_CONFIGURED'],
    ['a config without oauthClientIds', 'google', { ...CONFIG, oauthClientIds: undefined }, 'OAUTH_NOT_CONFIGURED'],
    ['an unknown provider', 'github', CONFIG, 'CONFIG_INVALID'],
  ] as const)('refuses %s before making a key or storing anything', async (_what, provider, config, code) => {
    const fake = proxy()
    const { kit, oauthStorage } = kitOn(fake)
    const error = await caught(
      startOAuth(withConfig(kit, config), { provider: provider as 'google', mode: 'redirect' }),
    )
    expect(error.code).toBe(code)
    expect(await kit.keyStore.list()).toEqual([])
    expect(oauthStorage.items.size).toBe(0)
    expect(fake.calls).toHaveLength(0)
  })

  it('takes the redirect URI given, else the config’s, else the page’s origin and path', async () => {
    const { kit } = kitOn(proxy())
    const given = await startOAuth(kit, {
      provider: 'google',
      mode: 'redirect',
      redirectUri: 'https://app.example.com/other',
    })
    expect(given.redirectUri).toBe('https://app.example.com/other')
    const fromPage = await startOAuth(withConfig(kit, { ...CONFIG, oauthRedirectUrl: undefined }), {
      provider: 'google',
      mode: 'redirect',
    })
    expect(fromPage.redirectUri).toBe('https://app.example.com/login')
    expect(new URL(fromPage.authorizeUrl).searchParams.get('redirect_uri')).toBe('https://app.example.com/login')
  })

  it('is OAUTH_NOT_CONFIGURED with no redirect URI anywhere, and refuses a redirect URI with a fragment', async () => {
    const { kit } = kitOn(proxy(), { location: { href: 'about:blank' } })
    const config = { ...CONFIG, oauthRedirectUrl: undefined }
    expect((await caught(startOAuth(withConfig(kit, config), { provider: 'google', mode: 'redirect' }))).code).toBe(
      'OAUTH_NOT_CONFIGURED',
    )
    await expect(
      startOAuth(withConfig(kit, config), { provider: 'google', mode: 'redirect', redirectUri: `${REDIRECT}#x` }),
    ).rejects.toThrow(/startOAuth\(\{ redirectUri \}\): expected an absolute http\(s\) URL without a #fragment/)
    expect(await kit.keyStore.list()).toEqual([])
  })

  it('refuses a redirect when only memory storage is left (it would not survive), but allows a popup', async () => {
    vi.stubGlobal('sessionStorage', undefined)
    const { kit } = kitOn(proxy(), { oauthStorage: undefined })
    expect((await caught(startOAuth(kit, { provider: 'google', mode: 'redirect' }))).code).toBe(
      'OAUTH_STORAGE_UNAVAILABLE',
    )
    expect(await kit.keyStore.list()).toEqual([])
    await expect(startOAuth(kit, { provider: 'google', mode: 'popup' })).resolves.toMatchObject({
      redirectUri: REDIRECT,
    })
  })

  it('deletes its key when the pending sign-in cannot be stored (quota)', async () => {
    const storage = enumerableStorage()
    storage.setItem = () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
    }
    const { kit } = kitOn(proxy(), { oauthStorage: storage })
    expect((await caught(startOAuth(kit, { provider: 'google', mode: 'redirect' }))).code).toBe(
      'OAUTH_STORAGE_UNAVAILABLE',
    )
    expect(await kit.keyStore.list()).toEqual([])
  })

  it('removes sign-ins abandoned more than ten minutes ago, with their keys, and keeps recent ones', async () => {
    const { kit, oauthStorage, clock } = kitOn(proxy())
    const abandoned = await startOAuth(kit, { provider: 'google', mode: 'redirect' })
    const abandonedKey = storedRecord(oauthStorage, abandoned.state)?.publicKey
    clock.now += 9 * 60_000
    const recent = await startOAuth(kit, { provider: 'google', mode: 'redirect' })
    const recentKey = storedRecord(oauthStorage, recent.state)?.publicKey
    clock.now += 2 * 60_000
    const latest = await startOAuth(kit, { provider: 'google', mode: 'redirect' })

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
    await expect(startOAuth(kit, { provider: 'google', mode: 'tab' as never })).rejects.toThrow(
      /startOAuth\(\{ mode \}\)/,
    )
    await expect(startOAuth(withConfig(kit, {} as never), { provider: 'google', mode: 'popup' })).rejects.toThrow(
      /startOAuth: kit.config: expected the wallet_kit_config answer/,
    )
    await expect(startOAuth({} as Kit, { provider: 'google', mode: 'popup' })).rejects.toThrow(/startOAuth\(kit\)/)
    const { config: _config, ...withoutConfig } = kit
    await expect(startOAuth(withoutConfig as Kit, { provider: 'google', mode: 'popup' })).rejects.toThrow(
      /startOAuth\(kit\).*no config store/,
    )
  })
})

/** Google's answer to `state`: the fragment with an id_token for `claims` (default: this sign-in's). */
async function googleAnswer(
  storage: ReturnType<typeof enumerableStorage>,
  state: string,
  claims: Partial<{ aud: string; nonce: string; email: string; name: string }> = {},
) {
  const record = storedRecord(storage, state) as PendingOAuth
  const token = await idToken({ aud: GOOGLE_CLIENT, nonce: record.nonce, ...claims })
  return { token, callbackUrl: `${REDIRECT}#state=${state}&id_token=${token}&authuser=0&prompt=consent` }
}

describe('completeOAuth with Google (id_token in the fragment)', () => {
  it('sends the fragment’s id_token to account, signup, oauth_login, then stores the session', async () => {
    const fake = proxy()
    const { kit, oauthStorage } = kitOn(fake)
    const { state } = await startOAuth(kit, { provider: 'google', mode: 'redirect', returnTo: '/wallet' })
    const stored = storedRecord(oauthStorage, state) as PendingOAuth
    const { token, callbackUrl } = await googleAnswer(oauthStorage, state)

    const result = await completeOAuth(kit, { callbackUrl })

    // Never oauth2_authenticate: production's proxy takes only X and Discord there.
    expect(fake.endpoints()).toEqual(['account', 'signup', 'oauth_login'])
    const [account, signup, login] = fake.calls
    expect(account?.body).toEqual({ filterType: 'OIDC_TOKEN', filterValue: token, oidcToken: token })
    expect(signup?.body).toEqual({
      oauthProviders: [{ providerName: 'google', oidcToken: token }],
      apiKeys: [],
      authenticators: [],
    })
    expect(login?.body).toEqual({ oidcToken: token, publicKey: stored.publicKey, organizationId: ORG })

    expect(result).toMatchObject({ isNewUser: true, provider: 'google', returnTo: 'https://app.example.com/wallet' })
    expect(result.session).toMatchObject({ publicKey: stored.publicKey, organizationId: ORG })
    expect(kit.session.getSnapshot()).toMatchObject({ status: 'signedIn', session: result.session })
    expect(oauthStorage.items.size).toBe(0)
    expect(await kit.keyStore.list()).toEqual([stored.publicKey])
  })

  it("keeps who signed in from the token's claims (provider, email, name) beside the session, and sends the app's wallet", async () => {
    const fake = proxy()
    const wallet = {
      walletName: 'Main',
      accounts: [
        {
          curve: 'CURVE_SECP256K1' as const,
          pathFormat: 'PATH_FORMAT_BIP32' as const,
          path: "m/44'/60'/0'/0/0",
          addressFormat: 'ADDRESS_FORMAT_ETHEREUM' as const,
        },
      ],
    }
    const { kit, oauthStorage } = kitOn(fake, { wallet })
    const { state } = await startOAuth(kit, { provider: 'google', mode: 'redirect' })
    const { token, callbackUrl } = await googleAnswer(oauthStorage, state, {
      email: 'ada@gmail.com',
      name: ' Ada Lovelace ',
    })

    const { session } = await completeOAuth(kit, { callbackUrl })

    expect(fake.calls[1]?.body).toEqual({
      oauthProviders: [{ providerName: 'google', oidcToken: token }],
      apiKeys: [],
      authenticators: [],
      wallet,
    })
    expect(session.identity).toEqual({
      method: 'oauth',
      provider: 'google',
      email: 'ada@gmail.com',
      name: 'Ada Lovelace',
    })
    expect(kit.session.getSnapshot().session?.identity).toEqual(session.identity)
  })

  it('keeps the provider alone when the token carries no email or name', async () => {
    const { kit, oauthStorage } = kitOn(proxy())
    const { state } = await startOAuth(kit, { provider: 'google', mode: 'redirect' })
    const { callbackUrl } = await googleAnswer(oauthStorage, state)
    const { session } = await completeOAuth(kit, { callbackUrl })
    expect(session.identity).toEqual({ method: 'oauth', provider: 'google' })
  })

  it('skips signup for a returning user and logs into the known organization', async () => {
    const fake = proxy({}, { existingOrganization: 'org-existing' })
    const { kit, oauthStorage } = kitOn(fake)
    const { state } = await loginWithOAuth.start(kit, { provider: 'google', mode: 'redirect' })
    const result = await loginWithOAuth.complete(kit, {
      callbackUrl: (await googleAnswer(oauthStorage, state)).callbackUrl,
    })
    expect(fake.endpoints()).toEqual(['account', 'oauth_login'])
    expect(fake.calls[1]?.body).toMatchObject({ organizationId: 'org-existing' })
    // By default, the whole address of the page the sign-in started from.
    expect(result).toMatchObject({ isNewUser: false, returnTo: 'https://app.example.com/login?tab=2#top' })
    expect(result.session.organizationId).toBe('org-existing')
  })

  it.each([
    [
      'another key’s nonce (an id_token injected from someone else’s sign-in)',
      { nonce: 'f'.repeat(64) },
      /has another sign-in’s nonce/,
    ],
    ['no nonce', { nonce: undefined }, /has no nonce/],
    [
      'another app’s audience',
      { aud: 'another-app.apps.example' },
      /is for another app: its aud "another-app\.apps\.example"/,
    ],
  ] as const)(
    'refuses an id_token with %s before any proxy call: no session, key deleted',
    async (_what, claims, message) => {
      const fake = proxy()
      const { kit, oauthStorage } = kitOn(fake)
      const { state } = await startOAuth(kit, { provider: 'google', mode: 'redirect' })

      const error = await caught(
        completeOAuth(kit, { callbackUrl: (await googleAnswer(oauthStorage, state, claims)).callbackUrl }),
      )

      expect(error.code).toBe('OAUTH_PROVIDER_ERROR')
      expect(error.message).toMatch(message)
      expect(fake.calls).toHaveLength(0)
      expect(oauthStorage.items.size).toBe(0)
      expect(await kit.keyStore.list()).toEqual([])
      await kit.session.ready
      expect(kit.session.getSnapshot().status).toBe('signedOut')
    },
  )

  it('refuses an answer without an id_token (a code alone)', async () => {
    const fake = proxy()
    const { kit } = kitOn(fake)
    const { state } = await startOAuth(kit, { provider: 'google', mode: 'redirect' })
    const error = await caught(completeOAuth(kit, { callbackUrl: `${REDIRECT}?code=4%2F0Ad&state=${state}` }))
    expect(error.code).toBe('OAUTH_PROVIDER_ERROR')
    expect(error.message).toBe("completeOAuth: Google's answer has neither an id_token nor an error")
    expect(fake.calls).toHaveLength(0)
    expect(await kit.keyStore.list()).toEqual([])
  })

  it('turns error=access_denied in the fragment into OAUTH_CANCELLED', async () => {
    const fake = proxy()
    const { kit } = kitOn(fake)
    const { state } = await startOAuth(kit, { provider: 'google', mode: 'redirect' })
    expect(
      (await caught(completeOAuth(kit, { callbackUrl: `${REDIRECT}#error=access_denied&state=${state}` }))).code,
    ).toBe('OAUTH_CANCELLED')
    expect(fake.calls).toHaveLength(0)
  })
})

describe('completeOAuth with Apple (code id_token in the fragment)', () => {
  it('uses the id_token of Apple’s `#state=&code=&id_token=` answer and ignores the code', async () => {
    const fake = proxy()
    const { kit, oauthStorage } = kitOn(fake)
    const { state } = await startOAuth(kit, { provider: 'apple', mode: 'popup' })
    const record = storedRecord(oauthStorage, state) as PendingOAuth
    const token = await idToken({ iss: 'https://appleid.apple.com', aud: APPLE_CLIENT, nonce: record.nonce })

    const result = await completeOAuth(kit, {
      callbackUrl: `${REDIRECT}#state=${state}&code=c.apple.code&id_token=${token}`,
      mode: 'popup',
    })

    expect(fake.endpoints()).toEqual(['account', 'signup', 'oauth_login'])
    expect(fake.calls[0]?.body).toMatchObject({ oidcToken: token })
    expect(JSON.stringify(fake.calls.map((call) => call.body))).not.toContain('c.apple.code')
    expect(result).toMatchObject({ isNewUser: true, provider: 'apple' })
  })

  it('refuses Apple’s id_token for another client id', async () => {
    const fake = proxy()
    const { kit, oauthStorage } = kitOn(fake)
    const { state } = await startOAuth(kit, { provider: 'apple', mode: 'redirect' })
    const record = storedRecord(oauthStorage, state) as PendingOAuth
    const token = await idToken({ aud: 'com.attacker.app', nonce: record.nonce })
    const error = await caught(
      completeOAuth(kit, { callbackUrl: `${REDIRECT}#state=${state}&code=c&id_token=${token}` }),
    )
    expect(error).toMatchObject({
      code: 'OAUTH_PROVIDER_ERROR',
      message: expect.stringMatching(/^completeOAuth: Apple's id_token is for another app/),
    })
    expect(fake.calls).toHaveLength(0)
  })
})

describe('completeOAuth with Facebook (code redeemed at its token endpoint)', () => {
  async function started(fake: World, options: Partial<KitOptions> = {}) {
    const { kit, oauthStorage } = kitOn(fake, options)
    const { state } = await startOAuth(kit, { provider: 'facebook', mode: 'redirect' })
    return { kit, oauthStorage, state, record: storedRecord(oauthStorage, state) as PendingOAuth }
  }

  it('POSTs the code and verifier to Facebook, then sends the id_token it answers to the proxy', async () => {
    const fake = proxy()
    const { kit, state, record } = await started(fake)
    const token = await idToken({ iss: 'https://www.facebook.com', aud: FACEBOOK_CLIENT, nonce: record.nonce })
    fake.facebook = () => json({ access_token: 'EAAG', token_type: 'bearer', expires_in: 5183944, id_token: token })

    // Facebook appends #_=_ to the redirect URI.
    const result = await completeOAuth(kit, { callbackUrl: `${REDIRECT}?code=AQD-fb-code&state=${state}#_=_` })

    expect(fake.tokenRequests).toEqual([
      {
        url: FACEBOOK_TOKEN_URL,
        form: {
          client_id: FACEBOOK_CLIENT,
          redirect_uri: REDIRECT,
          code_verifier: record.codeVerifier,
          code: 'AQD-fb-code',
          grant_type: 'authorization_code',
        },
      },
    ])
    expect(fake.endpoints()).toEqual(['account', 'signup', 'oauth_login'])
    expect(fake.calls[0]?.body).toMatchObject({ oidcToken: token })
    expect(result).toMatchObject({ isNewUser: true, provider: 'facebook' })
  })

  it('uses the kit’s token URL override (the mock’s)', async () => {
    const mock = 'http://localhost:8787/__mock/oauth/facebook/v11.0/oauth/access_token'
    const fake = proxy()
    const { kit, state, record } = await started(fake, { oauthTokenUrls: { facebook: mock } })
    const token = await idToken({ aud: FACEBOOK_CLIENT, nonce: record.nonce })
    fake.facebook = () => json({ id_token: token, access_token: 'a', token_type: 'bearer' })
    await completeOAuth(kit, { callbackUrl: `${REDIRECT}?code=c&state=${state}` })
    expect(fake.tokenRequests.map((request) => request.url)).toEqual([mock])
  })

  it('turns Facebook’s refusal into OAUTH_PROVIDER_ERROR with its message, sends nothing to the proxy, deletes the key', async () => {
    const fake = proxy()
    const { kit, oauthStorage, state } = await started(fake)
    const refusal = {
      error: { message: 'Invalid code verifier.', type: 'OAuthException', code: 100, fbtrace_id: 'mock' },
    }
    fake.facebook = () => json(refusal, 400)

    const error = await caught(completeOAuth(kit, { callbackUrl: `${REDIRECT}?code=c&state=${state}` }))

    expect(error).toMatchObject({ code: 'OAUTH_PROVIDER_ERROR', status: 400, cause: refusal })
    expect(error.message).toBe("completeOAuth: Facebook's token endpoint: Invalid code verifier. (HTTP 400)")
    expect(fake.calls).toHaveLength(0)
    expect(oauthStorage.items.size).toBe(0)
    expect(await kit.keyStore.list()).toEqual([])
  })

  it('gives up on a token endpoint that does not answer within the kit’s timeoutMs', async () => {
    const fake = proxy()
    const { kit, state } = await started(fake, { timeoutMs: 30 })
    // Never answers; rejects when the kit aborts the request, as fetch does.
    fake.facebook = (_form, signal) =>
      new Promise<Response>((_resolve, reject) => signal?.addEventListener('abort', () => reject(signal.reason)))
    const error = await caught(completeOAuth(kit, { callbackUrl: `${REDIRECT}?code=c&state=${state}` }))
    expect(error.code).toBe('OAUTH_PROVIDER_ERROR')
    expect(error.message).toBe("completeOAuth: Facebook's token endpoint: no answer within 30 ms")
    expect(await kit.keyStore.list()).toEqual([])
  })

  it('refuses an id_token from Facebook whose nonce is another key’s, before any proxy call', async () => {
    const fake = proxy()
    const { kit, state } = await started(fake)
    fake.facebook = async () => json({ id_token: await idToken({ aud: FACEBOOK_CLIENT, nonce: 'e'.repeat(64) }) })
    const error = await caught(completeOAuth(kit, { callbackUrl: `${REDIRECT}?code=c&state=${state}` }))
    expect(error.message).toMatch(/^completeOAuth: Facebook's id_token has another sign-in’s nonce/)
    expect(fake.tokenRequests).toHaveLength(1)
    expect(fake.calls).toHaveLength(0)
  })
})

describe('completeOAuth with X and Discord (code exchanged by oauth2_authenticate)', () => {
  it.each([
    ['discord', 'OAUTH2_PROVIDER_DISCORD', 'discord-client'],
    ['x', 'OAUTH2_PROVIDER_X', 'x-client'],
  ] as const)(
    'sends %s’s code, verifier and nonce to oauth2_authenticate as %s',
    async (provider, wireProvider, clientId) => {
      const config = { ...CONFIG, oauthClientIds: { ...CONFIG.oauthClientIds, x: 'x-client' } }
      const fake = proxy()
      const { kit: plain, oauthStorage } = kitOn(fake)
      const kit = withConfig(plain, config)
      const { authorizeUrl, state } = await startOAuth(kit, { provider, mode: 'redirect' })
      const stored = storedRecord(oauthStorage, state) as PendingOAuth

      const result = await completeOAuth(kit, { callbackUrl: `${REDIRECT}?code=4%2F0Ad-code&state=${state}` })

      expect(fake.endpoints()).toEqual(['oauth2_authenticate', 'account', 'signup', 'oauth_login'])
      const [authenticate, account, signup] = fake.calls
      expect(authenticate?.body).toEqual({
        provider: wireProvider,
        authCode: '4/0Ad-code',
        redirectUri: REDIRECT,
        codeVerifier: stored.codeVerifier,
        nonce: sha256Hex(stored.publicKey),
        clientId,
      })
      // The verifier sent now is the one whose S256 challenge the provider was given.
      expect(s256(stored.codeVerifier ?? '')).toBe(new URL(authorizeUrl).searchParams.get('code_challenge'))
      const oidcToken = fake.oidcTokens[0]
      expect(account?.body).toEqual({ filterType: 'OIDC_TOKEN', filterValue: oidcToken, oidcToken })
      expect(signup?.body).toEqual({
        oauthProviders: [{ providerName: provider, oidcToken }],
        apiKeys: [],
        authenticators: [],
      })
      expect(result).toMatchObject({ isNewUser: true, provider })
    },
  )

  it('reads a code answered in the fragment too', async () => {
    const fake = proxy()
    const { kit } = kitOn(fake)
    const { state } = await startOAuth(kit, { provider: 'discord', mode: 'redirect' })
    await completeOAuth(kit, { callbackUrl: `${REDIRECT}#code=frag-code&state=${state}` })
    expect(fake.calls[0]?.body).toMatchObject({
      provider: 'OAUTH2_PROVIDER_DISCORD',
      authCode: 'frag-code',
      clientId: 'discord-client',
    })
  })
})

describe('completeOAuth refusals', () => {
  it('refuses a state this browser did not start: nothing sent, the real pending sign-in and key kept', async () => {
    const fake = proxy()
    const { kit, oauthStorage } = kitOn(fake)
    const { state } = await startOAuth(kit, { provider: 'discord', mode: 'redirect' })
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
    await startOAuth(kit, { provider: 'discord', mode: 'redirect' })
    expect((await caught(completeOAuth(kit, { callbackUrl: `${REDIRECT}?code=c` }))).code).toBe('OAUTH_STATE_MISMATCH')
    expect((await caught(completeOAuth(kit, { callbackUrl: `${REDIRECT}#id_token=eyJ.eyJ.sig` }))).code).toBe(
      'OAUTH_STATE_MISMATCH',
    )
    expect((await caught(completeOAuth(kit, { callbackUrl: `${REDIRECT}?tab=2` }))).code).toBe('OAUTH_NO_PENDING_FLOW')
    expect(fake.calls).toHaveLength(0)
  })

  it('refuses a replayed callback: the state is single use', async () => {
    const fake = proxy()
    const { kit, oauthStorage } = kitOn(fake)
    const { state } = await startOAuth(kit, { provider: 'google', mode: 'redirect' })
    const { callbackUrl } = await googleAnswer(oauthStorage, state)
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
    const { state } = await startOAuth(kit, { provider: 'discord', mode: 'redirect' })

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
    const { state } = await startOAuth(kit, { provider: 'google', mode: 'redirect' })

    const error = await caught(
      completeOAuth(kit, {
        callbackUrl: `${REDIRECT}#error=invalid_scope&error_description=Unknown+scope+foo&state=${state}`,
      }),
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
    const { state } = await startOAuth(kit, { provider: 'discord', mode: 'redirect' })
    clock.now += OAUTH_PENDING_TTL_MS + 1
    expect((await caught(completeOAuth(kit, { callbackUrl: `${REDIRECT}?code=c&state=${state}` }))).code).toBe(
      'OAUTH_EXPIRED',
    )
    expect(fake.calls).toHaveLength(0)
    expect(oauthStorage.items.size).toBe(0)
    expect(await kit.keyStore.list()).toEqual([])
  })

  it('leaves a popup flow’s pending sign-in to its opener when a page completes a redirect', async () => {
    const fake = proxy()
    const { kit, oauthStorage } = kitOn(fake)
    const { state } = await startOAuth(kit, { provider: 'discord', mode: 'popup' })
    const callbackUrl = `${REDIRECT}?code=c&state=${state}`

    expect((await caught(completeOAuth(kit, { callbackUrl, mode: 'redirect' }))).code).toBe('OAUTH_STATE_MISMATCH')
    expect(fake.calls).toHaveLength(0)
    expect(storedRecord(oauthStorage, state)).toBeDefined()

    await expect(completeOAuth(kit, { callbackUrl, mode: 'popup' })).resolves.toMatchObject({ isNewUser: true })
  })

  it('refuses a provider the tenant disabled since the start (kit.config)', async () => {
    const fake = proxy()
    const { kit } = kitOn(fake)
    const { state } = await startOAuth(kit, { provider: 'discord', mode: 'redirect' })
    const config = { ...CONFIG, enabledProviders: CONFIG.enabledProviders.filter((p) => p !== 'discord') }
    const disabled = withConfig(kit, config)
    expect((await caught(completeOAuth(disabled, { callbackUrl: `${REDIRECT}?code=c&state=${state}` }))).code).toBe(
      'METHOD_DISABLED',
    )
    expect(fake.calls).toHaveLength(0)
    expect(await kit.keyStore.list()).toEqual([])
  })

  it('completes when the config cannot be had: it only adds a check, the proxy checks the rest', async () => {
    const fake = proxy()
    const { kit } = kitOn(fake)
    const { state } = await startOAuth(kit, { provider: 'discord', mode: 'redirect' })
    const request = vi.fn(async () => {
      throw new KitError('PROXY_ERROR', 'wallet_kit_config failed')
    })
    const unreachable: Kit = { ...kit, config: createConfigStore({ request, retries: 0 }) }
    const result = await completeOAuth(unreachable, { callbackUrl: `${REDIRECT}?code=c&state=${state}` })
    expect(request).toHaveBeenCalledTimes(1)
    expect(result).toMatchObject({ provider: 'discord', isNewUser: true })
    expect(fake.endpoints()).toEqual(['oauth2_authenticate', 'account', 'signup', 'oauth_login'])
  })

  it('is KEY_NOT_FOUND when the key went missing during the round trip, sending nothing', async () => {
    const fake = proxy()
    const { kit } = kitOn(fake)
    const { state } = await startOAuth(kit, { provider: 'discord', mode: 'redirect' })
    for (const key of await kit.keyStore.list()) await kit.keyStore.delete(key)
    expect((await caught(completeOAuth(kit, { callbackUrl: `${REDIRECT}?code=c&state=${state}` }))).code).toBe(
      'KEY_NOT_FOUND',
    )
    expect(fake.calls).toHaveLength(0)
  })

  it.each([
    ['oauth2_authenticate', grpcError(3, 'codeVerifier: does not match the code_challenge', 400), 'INVALID_REQUEST', 1],
    ['account', grpcError(16, 'oidcToken: expired', 401), 'UNAUTHENTICATED', 2],
    ['signup', grpcError(6, 'identity already linked', 409), 'ALREADY_EXISTS', 3],
    ['oauth_login', grpcError(16, 'oidcToken: nonce is not for this publicKey', 401), 'UNAUTHENTICATED', 4],
  ] as const)(
    'when %s fails: passes the error on, stops there, deletes the key, no session',
    async (endpoint, answer, code, calls) => {
      const fake = proxy({ [endpoint]: answer })
      const { kit, oauthStorage } = kitOn(fake)
      const { state } = await startOAuth(kit, { provider: 'discord', mode: 'redirect' })

      const error = await caught(completeOAuth(kit, { callbackUrl: `${REDIRECT}?code=c&state=${state}` }))

      expect(error.code).toBe(code)
      expect(fake.calls).toHaveLength(calls)
      expect(oauthStorage.items.size).toBe(0)
      expect(await kit.keyStore.list()).toEqual([])
      await kit.session.ready
      expect(kit.session.getSnapshot().status).toBe('signedOut')
    },
  )

  it('deletes the key when the session from oauth_login is bound to another key', async () => {
    const other = `02${'99'.repeat(32)}`
    const fake = proxy({
      oauth_login: json({ session: await sessionToken({ exp: NOW / 1000 + 900, public_key: other }) }),
    })
    const { kit } = kitOn(fake)
    const { state } = await startOAuth(kit, { provider: 'discord', mode: 'redirect' })
    expect((await caught(completeOAuth(kit, { callbackUrl: `${REDIRECT}?code=c&state=${state}` }))).code).toBe(
      'SESSION_KEY_MISMATCH',
    )
    expect(await kit.keyStore.list()).toEqual([])
  })
})

describe('cancelOAuth', () => {
  it('removes the pending sign-in and deletes its key; an unknown state is fine', async () => {
    const { kit, oauthStorage } = kitOn(proxy())
    const { state } = await startOAuth(kit, { provider: 'google', mode: 'redirect' })
    await cancelOAuth(kit, state)
    await cancelOAuth(kit, state)
    expect(oauthStorage.items.size).toBe(0)
    expect(await kit.keyStore.list()).toEqual([])
  })
})

/** A popup that "goes to the provider" when navigated, and comes back to `landing(state)` after a moment. */
function providerPopup(landing: ((state: string, nonce: string | null) => string | Promise<string>) | null) {
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
        const { searchParams } = new URL(url)
        setTimeout(async () => {
          if (landing === null) {
            popup.closed = true
            return
          }
          const answer = await landing(searchParams.get('state') ?? '', searchParams.get('nonce'))
          popup.crossOrigin = false
          popup.current = answer
        }, 20)
      },
    },
  }
  return popup satisfies OAuthPopup
}

describe('oauthPopupLogin', () => {
  it('sends the popup to the provider, completes when it is back on the redirect URI with an id_token fragment, and closes it', async () => {
    const fake = proxy()
    const { kit, oauthStorage } = kitOn(fake, {
      oauthAuthorizeUrls: { google: 'https://auth.example.com/__mock/oauth/google/authorize' },
    })
    let token = ''
    const popup = providerPopup(async (state, nonce) => {
      token = await idToken({ aud: GOOGLE_CLIENT, nonce: nonce ?? undefined })
      return `${REDIRECT}#state=${state}&id_token=${token}&authuser=0`
    })

    const result = await oauthPopupLogin(kit, popup, { provider: 'google', pollMs: 5 })

    expect(popup.navigations).toHaveLength(1)
    expect(popup.navigations[0]).toMatch(/^https:\/\/auth\.example\.com\/__mock\/oauth\/google\/authorize\?client_id=/)
    expect(popup.closed).toBe(true)
    expect(fake.endpoints()).toEqual(['account', 'signup', 'oauth_login'])
    expect(fake.calls[0]?.body).toMatchObject({ oidcToken: token })
    expect(result.isNewUser).toBe(true)
    expect(kit.session.getSnapshot().status).toBe('signedIn')
    expect(oauthStorage.items.size).toBe(0)
  })

  it('completes a code answer in the popup’s query (Discord) through oauth2_authenticate', async () => {
    const fake = proxy()
    const { kit } = kitOn(fake)
    const popup = providerPopup((state) => `${REDIRECT}?code=popup-code&state=${state}`)
    await oauthPopupLogin(kit, popup, { provider: 'discord', pollMs: 5 })
    expect(fake.endpoints()).toEqual(['oauth2_authenticate', 'account', 'signup', 'oauth_login'])
    expect(fake.calls[0]?.body).toMatchObject({ authCode: 'popup-code', provider: 'OAUTH2_PROVIDER_DISCORD' })
  })

  it('ends with OAUTH_POPUP_CLOSED when the person closes the popup, leaving no key or pending sign-in', async () => {
    const fake = proxy()
    const { kit, oauthStorage } = kitOn(fake)
    const popup = providerPopup(null)

    const error = await caught(oauthPopupLogin(kit, popup, { provider: 'google', pollMs: 5 }))

    expect(error.code).toBe('OAUTH_POPUP_CLOSED')
    expect(error.userMessage).toMatch(/closed before you finished/)
    expect(fake.calls).toHaveLength(0)
    expect(oauthStorage.items.size).toBe(0)
    expect(await kit.keyStore.list()).toEqual([])
  })

  it('cancels at the consent page: OAUTH_CANCELLED, no session', async () => {
    const fake = proxy()
    const { kit } = kitOn(fake)
    const popup = providerPopup((state) => `${REDIRECT}#error=access_denied&state=${state}`)
    expect((await caught(oauthPopupLogin(kit, popup, { provider: 'google', pollMs: 5 }))).code).toBe('OAUTH_CANCELLED')
    expect(popup.closed).toBe(true)
    expect(fake.calls).toHaveLength(0)
    expect(await kit.keyStore.list()).toEqual([])
  })

  it('closes the popup when the flow cannot start (provider disabled)', async () => {
    const { kit } = kitOn(proxy())
    const popup = providerPopup(null)
    expect((await caught(oauthPopupLogin(withConfig(kit, GOOGLE_ONLY), popup, { provider: 'apple' }))).code).toBe(
      'METHOD_DISABLED',
    )
    expect(popup.closed).toBe(true)
    expect(popup.navigations).toEqual([])
  })
})

describe('oauthRedirectLogin and cancelOAuthRedirect', () => {
  it('starts, marks the tab as waiting for the provider, and sends the page to the authorize URL', async () => {
    const { kit, oauthStorage } = kitOn(proxy())
    const flowStorage = fakeStorage()
    const assigned: string[] = []
    const started = await oauthRedirectLogin(
      kit,
      { location: { assign: (url) => assigned.push(url) } },
      { provider: 'google', returnTo: '/w', flowStorage },
    )
    expect(assigned).toEqual([started.authorizeUrl])
    expect(storedRecord(oauthStorage, started.state)).toMatchObject({
      mode: 'redirect',
      provider: 'google',
      returnTo: 'https://app.example.com/w',
    })
    expect(JSON.parse(flowStorage.items.get('auth-proxy-kit:demo:oauth-redirect') ?? 'null')).toEqual({
      provider: 'google',
      startedAt: NOW,
    })

    await cancelOAuthRedirect(kit, started.state, flowStorage)
    expect(flowStorage.items.size).toBe(0)
    expect(storedRecord(oauthStorage, started.state)).toBeUndefined()
    expect(await kit.keyStore.list()).toEqual([])
  })

  it('neither marks the tab nor leaves the page when the start is refused', async () => {
    const { kit } = kitOn(proxy())
    const flowStorage = fakeStorage()
    const assigned: string[] = []
    const page = { location: { assign: (url: string) => assigned.push(url) } }
    const error = await caught(
      oauthRedirectLogin(withConfig(kit, GOOGLE_ONLY), page, { provider: 'apple', flowStorage }),
    )
    expect(error.code).toBe('METHOD_DISABLED')
    expect(assigned).toEqual([])
    expect(flowStorage.items.size).toBe(0)
    await expect(oauthRedirectLogin(kit, {} as never, { provider: 'google', flowStorage })).rejects.toThrow(
      /oauthRedirectLogin\(page\)/,
    )
  })
})
