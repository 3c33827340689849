// The kit's OAuth flows end to end on the mock proxy's handler, for each provider kind: the kit builds
// the authorize URL, the "browser" consents on the mock's page, the kit completes from the URL the page
// redirects to. What the mock accepts here is what production's proxy and providers accept (WIRE.md).
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createMockAuthProxy, mockOAuthEndpoints } from '../../mock'
import { EVERY_PROVIDER_TENANT, pressOnConsentPage } from '../../mock/testing/oauth'
import { createKit, type Kit } from '../createKit'
import { KitError } from '../errors'
import { memoryKeyStore } from '../keys/memoryKeyStore'
import type { OAuthProviderName } from './providers'
import { fakeStorage } from '../test/fakes'
import { completeOAuth, startOAuth } from './oauthActions'

const PROXY_URL = 'http://mock.test'
const REDIRECT = 'http://app.test/callback'

let kits: Kit[] = []
afterEach(() => {
  for (const kit of kits) kit.destroy()
  kits = []
  // The page's location, stubbed by the quick start's test: files after this one share the worker.
  vi.unstubAllGlobals()
})

function setup(otpProtocol?: 'v1' | 'v2') {
  const proxy = createMockAuthProxy({ strictFields: true, tenants: [EVERY_PROVIDER_TENANT] })
  const paths: string[] = []
  /** The X-Stamp-Attested headers sent, decoded. */
  const attestedStamps: Record<string, unknown>[] = []
  const kit = createKit({
    proxyUrl: PROXY_URL,
    configId: EVERY_PROVIDER_TENANT.configId,
    fetch: (input, init) => {
      const request = new Request(input, init)
      paths.push(new URL(request.url).pathname)
      const stamp = request.headers.get('X-Stamp-Attested')
      if (stamp !== null)
        attestedStamps.push(JSON.parse(Buffer.from(stamp, 'base64url').toString('utf8')) as Record<string, unknown>)
      return proxy.fetch(request)
    },
    keyStore: memoryKeyStore(),
    storage: fakeStorage(),
    oauthStorage: fakeStorage(),
    location: { href: REDIRECT },
    ...mockOAuthEndpoints(PROXY_URL),
    ...(otpProtocol === undefined ? {} : { otpProtocol }),
  })
  kits.push(kit)
  return { proxy, kit, paths, attestedStamps }
}

const consent = pressOnConsentPage

async function signIn(provider: OAuthProviderName, otpProtocol?: 'v1' | 'v2') {
  const { proxy, kit, paths, attestedStamps } = setup(otpProtocol)
  const { authorizeUrl } = await startOAuth(kit, { provider, mode: 'redirect' })
  const callbackUrl = await consent(proxy, authorizeUrl, 'Continue as Ada Lovelace')
  paths.length = 0
  const result = await completeOAuth(kit, { callbackUrl })
  return { proxy, kit, paths, attestedStamps, callbackUrl, result }
}

const STAMP_LOGIN = '/public/v1/submit/stamp_login'

describe("OAuth against the mock at the quick start's path", () => {
  it("signs in with Google through mockOAuthEndpoints('/auth-proxy'): the kit resolves the paths against the page", async () => {
    const page = { href: 'http://localhost:5173/shop' }
    // A path proxyUrl is resolved against the page, as in a browser.
    vi.stubGlobal('location', page)
    const proxy = createMockAuthProxy({ basePath: '/auth-proxy', strictFields: true })
    const kit = createKit({
      proxyUrl: '/auth-proxy',
      configId: 'demo',
      fetch: (input, init) => proxy.fetch(new Request(input, init)),
      keyStore: memoryKeyStore(),
      storage: fakeStorage(),
      oauthStorage: fakeStorage(),
      location: page,
      ...mockOAuthEndpoints('/auth-proxy'),
    })
    kits.push(kit)
    const { authorizeUrl } = await startOAuth(kit, { provider: 'google', mode: 'redirect' })
    expect(authorizeUrl.startsWith('http://localhost:5173/auth-proxy/__mock/oauth/google/authorize?')).toBe(true)
    const callbackUrl = await consent(proxy, authorizeUrl, 'Continue as Ada Lovelace')
    expect(await completeOAuth(kit, { callbackUrl })).toMatchObject({ isNewUser: true, provider: 'google' })
    expect(kit.session.getSnapshot().status).toBe('signedIn')
  })
})

describe('OAuth against the mock proxy, per provider kind', () => {
  it.each([
    ['google', 'fragment', []],
    ['apple', 'fragment', []],
    ['facebook', 'query', ['/__mock/oauth/facebook/v11.0/oauth/access_token']],
    ['x', 'query', ['/v1/oauth2_authenticate']],
    ['discord', 'query', ['/v1/oauth2_authenticate']],
  ] as const)(
    'signs a new user in with %s (answer in the %s) in the current generation (signup_v2, stamp_login attested by the OIDC token), then the same user again',
    async (provider, answerIn, tokenCalls) => {
      const { kit, paths, callbackUrl, result, proxy } = await signIn(provider)

      const answer = new URL(callbackUrl)
      expect(answerIn === 'fragment' ? answer.hash : answer.search).toMatch(/state=/)
      expect(paths).toEqual([...tokenCalls, '/v1/account', '/v1/signup_v2', STAMP_LOGIN])
      expect(result).toMatchObject({ isNewUser: true, provider })
      expect(kit.session.getSnapshot()).toMatchObject({
        status: 'signedIn',
        session: { publicKey: result.session.publicKey },
      })

      // The same person again, on the same mock: account finds them, no second signup.
      const again = await startOAuth(kit, { provider, mode: 'popup' })
      const againUrl = await consent(proxy, again.authorizeUrl, 'Continue as Ada Lovelace')
      paths.length = 0
      const second = await completeOAuth(kit, { callbackUrl: againUrl })
      expect(paths).toEqual([...tokenCalls, '/v1/account', STAMP_LOGIN])
      expect(second).toMatchObject({ isNewUser: false, provider })
      expect(second.session.userId).toBe(result.session.userId)
      expect(second.session.publicKey).not.toBe(result.session.publicKey)
    },
  )

  it("stamps stamp_login with the sign-in's key, attested by the OIDC token (scheme P256_OIDC)", async () => {
    const { attestedStamps, result } = await signIn('google')
    expect(attestedStamps).toEqual([
      {
        scheme: 'STAMP_ATTESTED_SCHEME_P256_OIDC',
        publicKey: result.session.publicKey,
        publicKeyAttestation: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/),
        signature: expect.stringMatching(/^[0-9a-f]+$/),
      },
    ])
  })

  it.each(['google', 'x'] as const)(
    "signs a new user in with %s in the first generation (signup, oauth_login) with otpProtocol 'v1', then the same user again",
    async (provider) => {
      const { kit, paths, result, proxy } = await signIn(provider, 'v1')
      const tokenCalls = provider === 'x' ? ['/v1/oauth2_authenticate'] : []
      expect(paths).toEqual([...tokenCalls, '/v1/account', '/v1/signup', '/v1/oauth_login'])
      expect(result).toMatchObject({ isNewUser: true, provider })
      const again = await startOAuth(kit, { provider, mode: 'redirect' })
      const againUrl = await consent(proxy, again.authorizeUrl, 'Continue as Ada Lovelace')
      paths.length = 0
      const second = await completeOAuth(kit, { callbackUrl: againUrl })
      expect(paths).toEqual([...tokenCalls, '/v1/account', '/v1/oauth_login'])
      expect(second.session.userId).toBe(result.session.userId)
    },
  )

  it('refuses Google’s answer carrying an id_token made for another key, before calling the proxy', async () => {
    const { proxy, kit, paths } = setup()
    // Someone else's sign-in: its id_token carries the nonce of their key.
    const theirs = await startOAuth(kit, { provider: 'google', mode: 'redirect' })
    const theirAnswer = new URLSearchParams(
      new URL(await consent(proxy, theirs.authorizeUrl, 'Continue as Ada Lovelace')).hash.slice(1),
    )
    const mine = await startOAuth(kit, { provider: 'google', mode: 'redirect' })
    const myAnswer = new URL(await consent(proxy, mine.authorizeUrl, 'Continue as Ada Lovelace'))
    const fragment = new URLSearchParams(myAnswer.hash.slice(1))
    fragment.set('id_token', theirAnswer.get('id_token') ?? '')
    myAnswer.hash = fragment.toString()
    paths.length = 0

    const error = await completeOAuth(kit, { callbackUrl: myAnswer.href }).catch((e: unknown) => e)

    expect(error).toBeInstanceOf(KitError)
    expect(error).toMatchObject({
      code: 'OAUTH_PROVIDER_ERROR',
      message: expect.stringMatching(/Google's id_token has another sign-in’s nonce/),
    })
    expect(paths).toEqual([])
    expect(kit.session.getSnapshot().status).toBe('signedOut')
  })

  it('turns Cancel on the consent page into OAUTH_CANCELLED, for a fragment and a query answer alike', async () => {
    for (const provider of ['apple', 'discord'] as const) {
      const { proxy, kit, paths } = setup()
      const { authorizeUrl } = await startOAuth(kit, { provider, mode: 'redirect' })
      const callbackUrl = await consent(proxy, authorizeUrl, 'Cancel')
      expect(await completeOAuth(kit, { callbackUrl }).catch((e: unknown) => e)).toMatchObject({
        code: 'OAUTH_CANCELLED',
      })
      expect(paths.filter((path) => path !== '/v1/wallet_kit_config')).toEqual([])
    }
  })

  it('reports Facebook’s refusal of a code redeemed twice', async () => {
    const { proxy, kit } = setup()
    const first = await startOAuth(kit, { provider: 'facebook', mode: 'redirect' })
    const callbackUrl = await consent(proxy, first.authorizeUrl, 'Continue as Ada Lovelace')
    await completeOAuth(kit, { callbackUrl })
    // A second sign-in handed the first one's (spent) code with its own state.
    const second = await startOAuth(kit, { provider: 'facebook', mode: 'redirect' })
    const replay = new URL(callbackUrl)
    replay.searchParams.set('state', second.state)
    const error = await completeOAuth(kit, { callbackUrl: replay.href }).catch((e: unknown) => e)
    expect(error).toMatchObject({
      code: 'OAUTH_PROVIDER_ERROR',
      status: 400,
      cause: { error: { type: 'OAuthException', code: 100 } },
    })
  })
})
