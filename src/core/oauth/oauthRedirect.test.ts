// The redirect round trip's second half, in Node: a kit on the mock proxy leaves for the provider, a
// "person" consents on the mock's page, and the page the provider sends back is handled.
import { afterEach, describe, expect, it } from 'vitest'
import { createMockAuthProxy, mockOAuthEndpoints } from '../../mock'
import { EVERY_PROVIDER_TENANT, pressOnConsentPage } from '../../mock/testing/oauth'
import { createConfigStore } from '../config/configStore'
import { createKit, type Kit } from '../createKit'
import { KitError } from '../errors'
import { startOAuth } from './oauthActions'
import { memoryKeyStore } from '../keys/memoryKeyStore'
import { fakeStorage } from '../test/fakes'
import { createOAuthRedirect, oauthRedirect, OAUTH_REDIRECT_IDLE, type OAuthRedirectSnapshot } from './oauthRedirect'
import type { OAuthWindow } from './oauthWindow'
import { OAUTH_PENDING_TTL_MS } from './pendingOAuth'
import { loadPendingOAuthRedirect, savePendingOAuthRedirect } from './pendingOAuthRedirect'
import type { OAuthProviderName } from './providerNames'

const PROXY_URL = 'http://mock.test'
const APP = 'http://app.test/login'

let kits: Kit[] = []
afterEach(() => {
  for (const kit of kits) kit.destroy()
  kits = []
})

/** What survives a redirect in one tab: the mock, the key store, sessionStorage. */
function tab() {
  const proxy = createMockAuthProxy({ strictFields: true, tenants: [EVERY_PROVIDER_TENANT] })
  return {
    proxy,
    keyStore: memoryKeyStore(),
    oauthStorage: fakeStorage(),
    flowStorage: fakeStorage(),
    requests: [] as string[],
  }
}
type Tab = ReturnType<typeof tab>

/** A page of the tab: a kit of its own on the tab's storage. */
function pageKit(shared: Tab): Kit {
  const kit = createKit({
    proxyUrl: PROXY_URL,
    configId: EVERY_PROVIDER_TENANT.configId,
    fetch: (input, init) => {
      shared.requests.push(
        new URL(input instanceof Request ? input.url : String(input)).pathname.replace(/^\/v1\//, ''),
      )
      return shared.proxy.fetch(input, init)
    },
    keyStore: shared.keyStore,
    storage: fakeStorage(),
    oauthStorage: shared.oauthStorage,
    location: { href: APP },
    ...mockOAuthEndpoints(PROXY_URL),
  })
  kits.push(kit)
  return kit
}

type FakePage = OAuthWindow & { location: { href: string; assign(url: string): void }; replaced: string[] }

function fakePage(href: string, popup: { name?: string; opener?: unknown } = {}): FakePage {
  const replaced: string[] = []
  const page: FakePage = {
    location: { href, assign: () => undefined },
    history: {
      state: { page: 'login' },
      replaceState: (_data, _unused, url) => {
        replaced.push(String(url))
        page.location.href = String(url)
      },
    },
    open: () => null,
    replaced,
    ...popup,
  }
  return page
}

/** The page that leaves: a redirect sign-in with `provider`, its marker saved; the person then answers `choice`. */
async function returnFrom(
  shared: Tab,
  provider: OAuthProviderName,
  choice = 'Continue as Ada Lovelace',
): Promise<string> {
  const kit = pageKit(shared)
  const { authorizeUrl } = await startOAuth(kit, { provider, mode: 'redirect', redirectUri: APP })
  savePendingOAuthRedirect(shared.flowStorage, kit.client.configId, provider, kit.now())
  return consent(shared.proxy, authorizeUrl, choice)
}

const consent = pressOnConsentPage

/** Resolves with the first snapshot that is not 'completing'. */
function settled(store: ReturnType<typeof createOAuthRedirect>): Promise<OAuthRedirectSnapshot> {
  return new Promise((resolve) => {
    const check = () => {
      const snapshot = store.getSnapshot()
      if (snapshot.status === 'success' || snapshot.status === 'error') {
        unsubscribe()
        resolve(snapshot)
      }
    }
    const unsubscribe = store.subscribe(check)
    check()
  })
}

describe('oauthRedirect(kit).handle', () => {
  it('cleans the address at once, says completing (with the provider), then stores the session', async () => {
    const shared = tab()
    const callbackUrl = await returnFrom(shared, 'discord')
    const kit = pageKit(shared)
    const page = fakePage(callbackUrl)
    const store = createOAuthRedirect(kit)
    shared.requests.length = 0

    expect(store.handle({ page, flowStorage: shared.flowStorage })).toBe(true)
    // Before anything is sent: no code or state left in the address bar.
    expect(page.replaced).toEqual([APP])
    expect(store.getSnapshot()).toEqual({ status: 'completing', error: null, result: undefined, provider: 'discord' })
    // Only the config (a check) may be asked for yet.
    expect(shared.requests.filter((name) => name !== 'wallet_kit_config')).toEqual([])
    // The marker is spent: a reload of the cleaned page is no callback anyway.
    expect(loadPendingOAuthRedirect(shared.flowStorage, kit.client.configId, kit.now())).toBeUndefined()

    const done = await settled(store)
    expect(done).toMatchObject({
      status: 'success',
      error: null,
      provider: 'discord',
      result: { provider: 'discord', isNewUser: true },
    })
    expect(kit.session.getSnapshot().status).toBe('signedIn')
    expect(shared.requests).toEqual([
      'wallet_kit_config',
      'oauth2_authenticate',
      'account',
      'signup_v2',
      '/public/v1/submit/stamp_login',
    ])
  })

  it('claims an answer once: a second handle (StrictMode’s second mount) neither cleans nor completes again', async () => {
    const shared = tab()
    const page = fakePage(await returnFrom(shared, 'google'))
    const kit = pageKit(shared)
    const store = oauthRedirect(kit)
    expect(oauthRedirect(kit)).toBe(store)
    const href = page.location.href
    expect(store.handle({ page, flowStorage: shared.flowStorage })).toBe(true)
    // The second mount reads the address as it was at load.
    expect(store.handle({ page: fakePage(href), flowStorage: shared.flowStorage })).toBe(true)
    await settled(store)
    expect(shared.requests.filter((name) => name === '/public/v1/submit/stamp_login')).toHaveLength(1)
    expect(page.replaced).toHaveLength(1)
    expect(store.getSnapshot().status).toBe('success')
  })

  it('reports the person’s No at the provider, with the provider to try again, and deletes the key', async () => {
    const shared = tab()
    const page = fakePage(await returnFrom(shared, 'apple', 'Cancel'))
    expect(await shared.keyStore.list()).toHaveLength(1)
    const store = createOAuthRedirect(pageKit(shared))
    store.handle({ page, flowStorage: shared.flowStorage })
    store.reset()
    // A completion under way is not the caller's to drop.
    expect(store.getSnapshot().status).toBe('completing')

    const done = await settled(store)
    expect(done.status).toBe('error')
    expect(done.error).toBeInstanceOf(KitError)
    expect(done.error?.code).toBe('OAUTH_CANCELLED')
    expect(done.provider).toBe('apple')
    expect(await shared.keyStore.list()).toEqual([])
    expect(page.location.href).toBe(APP)
    store.reset()
    expect(store.getSnapshot()).toBe(OAUTH_REDIRECT_IDLE)
  })

  it('completes even when the config cannot be had: it only adds a check', async () => {
    const shared = tab()
    const page = fakePage(await returnFrom(shared, 'google'))
    const kit = pageKit(shared)
    const failing = createConfigStore({
      request: async () => {
        throw new KitError('PROXY_ERROR', 'wallet_kit_config failed')
      },
      retries: 0,
    })
    const store = createOAuthRedirect({ ...kit, config: failing })
    store.handle({ page, flowStorage: shared.flowStorage })
    expect(await settled(store)).toMatchObject({ status: 'success', result: { provider: 'google' } })
  })

  it('completes from the pending sign-in alone when the marker is lost (no provider to show then)', async () => {
    const shared = tab()
    const page = fakePage(await returnFrom(shared, 'google'))
    shared.flowStorage.items.clear()
    const store = createOAuthRedirect(pageKit(shared))
    expect(store.handle({ page, flowStorage: null })).toBe(true)
    expect(store.getSnapshot().provider).toBeUndefined()
    expect(await settled(store)).toMatchObject({ status: 'success', provider: 'google' })
  })

  it('leaves alone the sign-in popup (its opener reads the answer) and a page that is no answer', async () => {
    const shared = tab()
    const { authorizeUrl } = await startOAuth(pageKit(shared), { provider: 'google', mode: 'popup', redirectUri: APP })
    const callbackUrl = await consent(shared.proxy, authorizeUrl, 'Continue as Ada Lovelace')
    const store = createOAuthRedirect(pageKit(shared))
    const popup = fakePage(callbackUrl, { name: 'auth-proxy-kit-oauth' })
    expect(store.handle({ page: popup, flowStorage: shared.flowStorage })).toBe(false)
    expect(store.handle({ page: fakePage(APP), flowStorage: shared.flowStorage })).toBe(false)
    expect(popup.replaced).toEqual([])
    expect(store.getSnapshot()).toBe(OAUTH_REDIRECT_IDLE)
  })

  it('completes and cleans a redirect in a tab opened by window.open or rel="opener" (it has an opener, and is no popup)', async () => {
    const shared = tab()
    const page = fakePage(await returnFrom(shared, 'google'), { name: '', opener: { closed: false } })
    const store = createOAuthRedirect(pageKit(shared))
    expect(store.handle({ page, flowStorage: shared.flowStorage })).toBe(true)
    expect(page.replaced).toEqual([APP])
    expect(await settled(store)).toMatchObject({ status: 'success', provider: 'google' })
    expect(loadPendingOAuthRedirect(shared.flowStorage, EVERY_PROVIDER_TENANT.configId, Date.now())).toBeUndefined()
  })

  it('completes a redirect whose state matches even in a window bearing the popup’s name', async () => {
    const shared = tab()
    const page = fakePage(await returnFrom(shared, 'google'), { name: 'auth-proxy-kit-oauth', opener: {} })
    const store = createOAuthRedirect(pageKit(shared))
    expect(store.handle({ page, flowStorage: shared.flowStorage })).toBe(true)
    expect(page.replaced).toEqual([APP])
    expect(await settled(store)).toMatchObject({ status: 'success', provider: 'google' })
  })

  it('leaves the popup’s answer to its opener when the popup’s name was cleared: the pending popup sign-in is in the opener’s storage', async () => {
    const opener = tab()
    const { authorizeUrl } = await startOAuth(pageKit(opener), { provider: 'google', mode: 'popup', redirectUri: APP })
    const callbackUrl = await consent(opener.proxy, authorizeUrl, 'Continue as Ada Lovelace')
    // The popup: the same mock and key store, but a sessionStorage of its own, here with a redirect
    // marker copied from its opener's (Chromium copies sessionStorage into a window it opens).
    const popupTab = { ...tab(), proxy: opener.proxy, keyStore: opener.keyStore }
    savePendingOAuthRedirect(popupTab.flowStorage, EVERY_PROVIDER_TENANT.configId, 'google', Date.now())
    const store = createOAuthRedirect(pageKit(popupTab))
    const unnamed = fakePage(callbackUrl, { name: '', opener: {} })
    expect(store.handle({ page: unnamed, flowStorage: popupTab.flowStorage })).toBe(false)
    popupTab.flowStorage.items.clear()
    expect(store.handle({ page: unnamed, flowStorage: popupTab.flowStorage })).toBe(false)
    expect(unnamed.replaced).toEqual([])
    // With a storage the two windows share (an injected localStorage), the pending sign-in's mode says popup.
    const sharedStore = createOAuthRedirect(pageKit({ ...opener, flowStorage: fakeStorage() }))
    expect(
      sharedStore.handle({ page: fakePage(callbackUrl, { name: '', opener: {} }), flowStorage: opener.flowStorage }),
    ).toBe(false)
    expect(sharedStore.handle({ page: fakePage(callbackUrl), flowStorage: opener.flowStorage })).toBe(false)
    expect(store.getSnapshot()).toBe(OAUTH_REDIRECT_IDLE)
    expect(sharedStore.getSnapshot()).toBe(OAUTH_REDIRECT_IDLE)
    expect(popupTab.requests.filter((name) => name !== 'wallet_kit_config')).toEqual([])
    expect(opener.requests.filter((name) => name !== 'wallet_kit_config')).toEqual([])
  })

  it('completes (to report the error) and cleans a stray answer in a tab without an opener whose redirect marker is live', async () => {
    const shared = tab()
    const callbackUrl = await returnFrom(shared, 'google')
    const tampered = callbackUrl.replace(/state=[A-Za-z0-9_-]{43}/, `state=${'C'.repeat(43)}`)
    expect(tampered).not.toBe(callbackUrl)
    const page = fakePage(tampered)
    const store = createOAuthRedirect(pageKit(shared))
    expect(store.handle({ page, flowStorage: shared.flowStorage })).toBe(true)
    expect(page.replaced).toEqual([APP])
    expect((await settled(store)).error?.code).toBe('OAUTH_STATE_MISMATCH')
  })

  it("leaves alone an app's own ?code=&state= when no sign-in of this tab is waiting", () => {
    const shared = tab()
    const store = createOAuthRedirect(pageKit(shared))
    const page = fakePage(`http://app.test/redeem?code=PROMO&state=${'B'.repeat(43)}`)
    expect(store.handle({ page, flowStorage: shared.flowStorage })).toBe(false)
    expect(page.replaced).toEqual([])
    expect(store.getSnapshot()).toBe(OAUTH_REDIRECT_IDLE)
    expect(shared.requests).toEqual([])
  })
})

describe('the pending redirect marker', () => {
  it('is kept under the config id, and ignored once older than a pending sign-in lives, or malformed', () => {
    const storage = fakeStorage()
    savePendingOAuthRedirect(storage, 'demo', 'x', 1000)
    expect([...storage.items.keys()]).toEqual(['auth-proxy-kit:demo:oauth-redirect'])
    expect(loadPendingOAuthRedirect(storage, 'demo', 1000 + OAUTH_PENDING_TTL_MS)).toEqual({
      provider: 'x',
      startedAt: 1000,
    })
    expect(loadPendingOAuthRedirect(storage, 'demo', 1001 + OAUTH_PENDING_TTL_MS)).toBeUndefined()
    expect(loadPendingOAuthRedirect(storage, 'other', 1000)).toBeUndefined()
    storage.setItem('auth-proxy-kit:demo:oauth-redirect', JSON.stringify({ provider: 'myspace', startedAt: 1000 }))
    expect(loadPendingOAuthRedirect(storage, 'demo', 1000)).toBeUndefined()
    storage.setItem('auth-proxy-kit:demo:oauth-redirect', '{')
    expect(loadPendingOAuthRedirect(storage, 'demo', 1000)).toBeUndefined()
  })
})
