import { afterEach, describe, expect, it, vi } from 'vitest'
import { fakeStorage } from '../test/fakes'
import { createKitOAuth } from './kitOAuth'

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('createKitOAuth', () => {
  it('keeps authorize URL overrides by provider, normalized', () => {
    const oauth = createKitOAuth({
      oauthAuthorizeUrls: { google: 'http://localhost:8787/__mock/oauth/google/authorize', x: undefined },
    })
    expect(oauth.authorizeUrls).toEqual({ google: 'http://localhost:8787/__mock/oauth/google/authorize' })
  })

  it('refuses an unknown provider or a URL that is not http(s)', () => {
    expect(() => createKitOAuth({ oauthAuthorizeUrls: { github: 'https://github.com/login/oauth/authorize' } as never })).toThrow(
      /createKit\(\{ oauthAuthorizeUrls \}\): expected keys among google, apple, x, discord, facebook, got "github"/,
    )
    expect(() => createKitOAuth({ oauthAuthorizeUrls: { apple: 'data:text/html,hi' } })).toThrow(
      /createKit\(\{ oauthAuthorizeUrls.apple \}\)/,
    )
  })

  it('uses an injected storage and trusts it to survive a redirect', () => {
    const storage = fakeStorage()
    expect(createKitOAuth({ oauthStorage: storage })).toMatchObject({ storage, storageSurvivesRedirect: true })
    expect(() => createKitOAuth({ oauthStorage: {} as never })).toThrow(/createKit\(\{ oauthStorage \}\)/)
  })

  it('defaults to sessionStorage when it works', () => {
    const session = fakeStorage()
    vi.stubGlobal('sessionStorage', session)
    expect(createKitOAuth({})).toMatchObject({ storage: session, storageSurvivesRedirect: true })
    expect(session.items.size).toBe(0)
  })

  it('falls back to memory, flagged as not surviving a redirect, when sessionStorage throws', () => {
    const blocked = fakeStorage()
    blocked.setItem = () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
    }
    vi.stubGlobal('sessionStorage', blocked)
    const oauth = createKitOAuth({})
    expect(oauth.storage).not.toBe(blocked)
    expect(oauth.storageSurvivesRedirect).toBe(false)
    oauth.storage.setItem('k', 'v')
    expect(oauth.storage.getItem('k')).toBe('v')
    expect(oauth.storage.length).toBe(1)
    expect(oauth.storage.key?.(0)).toBe('k')
  })

  it('takes the location it is given, or globalThis.location', () => {
    const location = { href: 'https://app.example.com/login?x=1' }
    expect(createKitOAuth({ location }).location).toBe(location)
    vi.stubGlobal('location', { href: 'https://page.example.com/' })
    expect(createKitOAuth({}).location?.href).toBe('https://page.example.com/')
    expect(() => createKitOAuth({ location: 'https://x' as never })).toThrow(/createKit\(\{ location \}\)/)
  })
})
