import { afterEach, describe, expect, it, vi } from 'vitest'
import { createKit } from '../createKit'
import { startOAuth } from './oauthActions'
import { memoryKeyStore } from '../keys/memoryKeyStore'
import { fakeFetch } from '../test/fakeFetch'
import { fakeStorage } from '../test/fakes'
import { checkKitOAuth } from './checkKitOAuth'
import { resolveKitOAuth } from './kitOAuth'
import { MOCK_ANNOUNCEMENT_ID } from './mockAnnouncement'

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('resolveKitOAuth', () => {
  it('keeps authorize URL overrides by provider, as given', () => {
    const oauth = resolveKitOAuth({
      oauthAuthorizeUrls: { google: 'http://localhost:8787/__mock/oauth/google/authorize' },
    })
    expect(oauth.authorizeUrls).toEqual({ google: 'http://localhost:8787/__mock/oauth/google/authorize' })
    expect(checkKitOAuth(oauth)).toBe(oauth)
  })

  it('keeps token URL overrides and the kit’s fetch, or defaults to none and the global fetch', async () => {
    const fetch = vi.fn(async () => new Response('{}'))
    const oauth = resolveKitOAuth({
      oauthTokenUrls: { facebook: 'http://localhost:8787/__mock/oauth/facebook/v11.0/oauth/access_token' },
      fetch,
    })
    expect(oauth.tokenUrls).toEqual({
      facebook: 'http://localhost:8787/__mock/oauth/facebook/v11.0/oauth/access_token',
    })
    expect(oauth.fetch).toBe(fetch)
    expect(checkKitOAuth(oauth)).toBe(oauth)

    const global = vi.fn(async () => new Response('{}'))
    vi.stubGlobal('fetch', global)
    const defaults = resolveKitOAuth({})
    expect(defaults.tokenUrls).toEqual({})
    await defaults.fetch('https://graph.example/token')
    expect(global).toHaveBeenCalledWith('https://graph.example/token', undefined)
  })

  it('uses an injected storage and trusts it to survive a redirect', () => {
    const storage = fakeStorage()
    expect(resolveKitOAuth({ oauthStorage: storage })).toMatchObject({ storage, storageSurvivesRedirect: true })
  })

  it('defaults to sessionStorage when it works', () => {
    const session = fakeStorage()
    vi.stubGlobal('sessionStorage', session)
    expect(resolveKitOAuth({})).toMatchObject({ storage: session, storageSurvivesRedirect: true })
    expect(session.items.size).toBe(0)
  })

  it('falls back to memory, flagged as not surviving a redirect, when sessionStorage throws', () => {
    const blocked = fakeStorage()
    blocked.setItem = () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
    }
    vi.stubGlobal('sessionStorage', blocked)
    const oauth = resolveKitOAuth({})
    expect(oauth.storage).not.toBe(blocked)
    expect(oauth.storageSurvivesRedirect).toBe(false)
    oauth.storage.setItem('k', 'v')
    expect(oauth.storage.getItem('k')).toBe('v')
    expect(oauth.storage.length).toBe(1)
    expect(oauth.storage.key?.(0)).toBe('k')
    // Resolved once per options object: a popup's sign-in completes in the memory it started in.
    const options = {}
    expect(resolveKitOAuth(options).storage).toBe(resolveKitOAuth(options).storage)
    expect(resolveKitOAuth({}).storage).not.toBe(resolveKitOAuth(options).storage)
  })

  it('takes the location it is given, or globalThis.location', () => {
    const location = { href: 'https://app.example.com/login?x=1' }
    expect(resolveKitOAuth({ location }).location).toBe(location)
    vi.stubGlobal('location', { href: 'https://page.example.com/' })
    expect(resolveKitOAuth({}).location?.href).toBe('https://page.example.com/')
  })
})

/** A page the mock's Vite plugin served: its announcement of the mock at /auth-proxy. */
function announceMock(proxyUrl = '/auth-proxy'): void {
  const announcement = JSON.stringify({
    proxyUrl,
    oauthAuthorizeUrls: {
      google: `${proxyUrl}/__mock/oauth/google/authorize`,
      apple: `${proxyUrl}/__mock/oauth/apple/authorize`,
    },
    oauthTokenUrls: { facebook: `${proxyUrl}/__mock/oauth/facebook/v11.0/oauth/access_token` },
  })
  vi.stubGlobal('document', {
    getElementById: (id: string) => (id === MOCK_ANNOUNCEMENT_ID ? { textContent: announcement } : null),
  })
}

describe('resolveKitOAuth on a page that announces the mock', () => {
  const location = { href: 'http://localhost:5173/shop?item=1' }

  it("gives the kit on that mock the mock's endpoints, resolved against the page", () => {
    announceMock()
    const oauth = resolveKitOAuth({ location }, '/auth-proxy')
    expect(oauth.authorizeUrls).toEqual({
      google: 'http://localhost:5173/auth-proxy/__mock/oauth/google/authorize',
      apple: 'http://localhost:5173/auth-proxy/__mock/oauth/apple/authorize',
    })
    expect(oauth.tokenUrls).toEqual({
      facebook: 'http://localhost:5173/auth-proxy/__mock/oauth/facebook/v11.0/oauth/access_token',
    })
    expect(checkKitOAuth(oauth)).toBe(oauth)

    // A kit on another proxy keeps the real providers, and so does the kit where no page announces a mock.
    expect(resolveKitOAuth({ location }, 'https://auth.example.com').authorizeUrls).toEqual({})
    vi.unstubAllGlobals()
    expect(resolveKitOAuth({ location }, '/auth-proxy').authorizeUrls).toEqual({})
  })

  it("lets the app's own endpoints win, provider by provider", () => {
    announceMock()
    const oauth = resolveKitOAuth(
      { location, oauthAuthorizeUrls: { google: 'https://accounts.mock.test/authorize' } },
      '/auth-proxy',
    )
    expect(oauth.authorizeUrls).toEqual({
      google: 'https://accounts.mock.test/authorize',
      apple: 'http://localhost:5173/auth-proxy/__mock/oauth/apple/authorize',
    })
  })
})

describe('resolveKitOAuth with paths for endpoints', () => {
  it('resolves them against the page, as it does a path proxyUrl, and refuses them with no page (a server)', () => {
    const oauth = resolveKitOAuth({
      location: { href: 'http://localhost:5173/shop' },
      oauthAuthorizeUrls: { google: '/auth-proxy/__mock/oauth/google/authorize' },
      oauthTokenUrls: { facebook: '/auth-proxy/__mock/oauth/facebook/v11.0/oauth/access_token' },
    })
    expect(oauth.authorizeUrls).toEqual({ google: 'http://localhost:5173/auth-proxy/__mock/oauth/google/authorize' })
    expect(oauth.tokenUrls).toEqual({
      facebook: 'http://localhost:5173/auth-proxy/__mock/oauth/facebook/v11.0/oauth/access_token',
    })
    expect(checkKitOAuth(oauth)).toBe(oauth)

    const onServer = resolveKitOAuth({ oauthAuthorizeUrls: { google: '/auth-proxy/__mock/oauth/google/authorize' } })
    expect(() => checkKitOAuth(onServer)).toThrow(/createKit\(\{ oauthAuthorizeUrls.google \}\)/)
  })
})

describe('checkKitOAuth (where the OAuth flows use the settings)', () => {
  it('refuses an unknown provider or a URL that is not http(s), with the label of the createKit option', () => {
    expect(() =>
      checkKitOAuth(
        resolveKitOAuth({ oauthAuthorizeUrls: { github: 'https://github.com/login/oauth/authorize' } as never }),
      ),
    ).toThrow(
      /createKit\(\{ oauthAuthorizeUrls \}\): expected keys among google, apple, x, discord, facebook, got "github"/,
    )
    expect(() => checkKitOAuth(resolveKitOAuth({ oauthAuthorizeUrls: { apple: 'data:text/html,hi' } }))).toThrow(
      /createKit\(\{ oauthAuthorizeUrls.apple \}\)/,
    )
    expect(() => checkKitOAuth(resolveKitOAuth({ oauthAuthorizeUrls: 'https://x' as never }))).toThrow(
      /createKit\(\{ oauthAuthorizeUrls \}\): expected an object/,
    )
  })

  it('refuses a token URL for a provider whose code the browser does not redeem, or one that is not http(s)', () => {
    expect(() =>
      checkKitOAuth(resolveKitOAuth({ oauthTokenUrls: { google: 'https://oauth2.googleapis.com/token' } as never })),
    ).toThrow(/createKit\(\{ oauthTokenUrls \}\): expected keys among facebook .*, got "google"/)
    expect(() => checkKitOAuth(resolveKitOAuth({ oauthTokenUrls: { facebook: 'ftp://graph.example/token' } }))).toThrow(
      /createKit\(\{ oauthTokenUrls.facebook \}\)/,
    )
  })

  it('refuses a storage that is not one, and a location without an href', () => {
    expect(() => checkKitOAuth(resolveKitOAuth({ oauthStorage: {} as never }))).toThrow(
      /createKit\(\{ oauthStorage \}\)/,
    )
    expect(() => checkKitOAuth(resolveKitOAuth({ location: 'https://x' as never }))).toThrow(
      /createKit\(\{ location \}\)/,
    )
  })

  it('a kit built with a wrong OAuth option signs in with nothing: startOAuth refuses it before making a key', async () => {
    const keyStore = memoryKeyStore()
    const kit = createKit({
      proxyUrl: 'https://auth.example.com',
      configId: 'demo',
      fetch: fakeFetch({}).fetch,
      keyStore,
      storage: fakeStorage(),
      oauthAuthorizeUrls: { google: 'javascript:alert(1)' },
    })
    await expect(
      startOAuth(kit, { provider: 'google', mode: 'popup', redirectUri: 'https://app.example.com/' }),
    ).rejects.toThrow(/createKit\(\{ oauthAuthorizeUrls.google \}\)/)
    expect(await keyStore.list()).toEqual([])
    kit.destroy()
  })
})
