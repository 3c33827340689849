import { act, renderHook, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { memoryKeyStore, memoryStorage, OAUTH_POPUP_WINDOW_NAME, type OAuthProviderName } from '../core'
import { DEFAULT_USER_MESSAGES } from '../core/errors'
import { createMockAuthProxy, type MockAuthProxyOptions } from '../mock'
import { EVERY_PROVIDER_TENANT } from '../mock/testing/oauth'
import { DEMO_TENANT } from '../mock/tenants'
import { APP_URL, fakeOAuthWindow, type FakeOAuthWindow } from './test/fakeOAuthWindow'
import { holdRequests } from './test/holdRequests'
import { answerParameter, consent, withAnswer, withState } from './test/mockConsent'
import { createTestProviders, type TestProvidersOptions } from './test/renderWithProxy'
import { useLoginWithOAuth } from './useLoginWithOAuth'
import { useOAuthCallback } from './useOAuthCallback'
import { useSession } from './useSession'
import { useWalletKitConfig } from './useWalletKitConfig'

/**
 * One tab across a redirect: what survives the page change (the mock, IndexedDB, sessionStorage) is
 * shared by the page that leaves for the provider and the page the provider sends back.
 */
function tab(options: MockAuthProxyOptions = {}) {
  return {
    proxy: createMockAuthProxy({ strictFields: true, ...options }),
    keyStore: memoryKeyStore(),
    flowStorage: memoryStorage(),
    oauthStorage: memoryStorage(),
  }
}
type Tab = ReturnType<typeof tab>

/** The page that leaves: starts a redirect sign-in with `provider`; returns the authorize URL. */
async function leaveForProvider(shared: Tab, provider: OAuthProviderName = 'google'): Promise<string> {
  const page = fakeOAuthWindow()
  const { Providers } = createTestProviders({ ...shared, oauthWindow: page, oauthMode: 'redirect' })
  const { result, unmount } = renderHook(() => ({ oauth: useLoginWithOAuth(), config: useWalletKitConfig() }), {
    wrapper: Providers,
  })
  await waitFor(() => expect(result.current.config.isSuccess).toBe(true))
  act(() => result.current.oauth.loginWithOAuth({ provider }))
  await waitFor(() => expect(page.assigned).toHaveLength(1))
  unmount()
  return page.assigned[0] ?? ''
}

/** The page the provider sends back to. */
function arriveAt(shared: Tab, page: FakeOAuthWindow, options: Partial<TestProvidersOptions> = {}) {
  const providers = createTestProviders({ ...shared, oauthWindow: page, ...options })
  const hook = renderHook(() => ({ callback: useOAuthCallback(), session: useSession() }), {
    wrapper: providers.Providers,
  })
  return { ...providers, ...hook }
}

describe('useOAuthCallback (redirect sign-in completed by AuthProxyProvider)', () => {
  it('given the page comes back from Google with an id_token, it cleans the address at once, completes, and stores the session', async () => {
    const shared = tab()
    const callbackUrl = await consent(shared.proxy, await leaveForProvider(shared), 'Continue as Ada Lovelace')
    expect(new URLSearchParams(new URL(callbackUrl).hash.slice(1)).get('id_token')).toBeTruthy()
    // The config waits for the test, and the sign-in's calls wait for the config: progress to see.
    const config = holdRequests(shared.proxy.fetch, ['wallet_kit_config'])
    const page = fakeOAuthWindow({ href: callbackUrl })
    const { result, requests } = arriveAt(shared, page, { fetch: config.fetch })

    // Before anything is sent: no id_token or state left in the address bar, and progress to show.
    await waitFor(() => expect(result.current.callback.status).toBe('completing'))
    expect(page.replaced).toEqual([{ data: { page: 'login' }, url: APP_URL }])
    expect(page.location.href).toBe(APP_URL)
    expect(requests).not.toContain('account')

    config.release()
    await waitFor(() => expect(result.current.callback.status).toBe('success'))
    expect(result.current.session.status).toBe('signedIn')
    expect(result.current.callback.result).toMatchObject({ provider: 'google', isNewUser: true })
    expect(result.current.callback.error).toBeNull()
    expect(requests.filter((name) => name !== 'wallet_kit_config')).toEqual([
      'account',
      'signup_v2',
      '/public/v1/submit/stamp_login',
    ])
    expect(page.replaced).toHaveLength(1)
  })

  it.each([
    [
      'facebook',
      ['/__mock/oauth/facebook/v11.0/oauth/access_token', 'account', 'signup_v2', '/public/v1/submit/stamp_login'],
    ],
    ['discord', ['oauth2_authenticate', 'account', 'signup_v2', '/public/v1/submit/stamp_login']],
  ] as const)(
    'given the page comes back from %s with a code in the query, it cleans the address and redeems the code',
    async (provider, calls) => {
      const shared = tab({ tenants: [EVERY_PROVIDER_TENANT] })
      const callbackUrl = await consent(
        shared.proxy,
        await leaveForProvider(shared, provider),
        'Continue as Ada Lovelace',
      )
      expect(new URL(callbackUrl).searchParams.get('code')).toBeTruthy()
      const page = fakeOAuthWindow({ href: callbackUrl })
      const { result, requests } = arriveAt(shared, page)
      await waitFor(() => expect(result.current.callback.status).toBe('success'))
      expect(page.location.href).toBe(APP_URL)
      expect(result.current.callback.result).toMatchObject({ provider, isNewUser: true })
      expect(requests.filter((name) => name !== 'wallet_kit_config')).toEqual(calls)
    },
  )

  it('given the tenant’s own callback page, once signed in it goes back to the page the sign-in started from', async () => {
    const shared = tab({ tenants: [{ ...DEMO_TENANT, oauthRedirectUrl: 'https://app.test/auth/callback' }] })
    const callbackUrl = await consent(shared.proxy, await leaveForProvider(shared), 'Continue as Ada Lovelace')
    expect(callbackUrl).toMatch(/^https:\/\/app\.test\/auth\/callback#/)
    const page = fakeOAuthWindow({ href: callbackUrl })
    const { result } = arriveAt(shared, page)
    await waitFor(() => expect(result.current.callback.status).toBe('success'))
    // The answer's page is cleaned at once; signed in, the page the person left (its query too).
    expect(page.replaced.map(({ url }) => url)).toEqual(['https://app.test/auth/callback'])
    expect(page.assigned).toEqual([APP_URL])
    expect(result.current.callback.result?.returnTo).toBe(APP_URL)
  })

  it('given Google’s answer carries an id_token issued for another key, it refuses it before calling the proxy', async () => {
    const shared = tab()
    // Someone else's sign-in (another key, so another nonce), then this tab's.
    const theirs = await consent(shared.proxy, await leaveForProvider(shared), 'Continue as Grace Hopper')
    const mine = await consent(shared.proxy, await leaveForProvider(shared), 'Continue as Ada Lovelace')
    const page = fakeOAuthWindow({ href: withAnswer(mine, { id_token: answerParameter(theirs, 'id_token') ?? '' }) })
    const { result, requests } = arriveAt(shared, page)

    await waitFor(() => expect(result.current.callback.status).toBe('error'))
    expect(result.current.callback.error?.code).toBe('OAUTH_PROVIDER_ERROR')
    expect(result.current.callback.error?.message).toMatch(/Google's id_token has another sign-in’s nonce/)
    expect(page.location.href).toBe(APP_URL)
    expect(result.current.session.status).toBe('signedOut')
    expect(requests.filter((name) => name !== 'wallet_kit_config')).toEqual([])
  })

  it('given the person cancelled at the provider, it says so on return, keeps no session and deletes the key', async () => {
    const shared = tab()
    const callbackUrl = await consent(shared.proxy, await leaveForProvider(shared, 'apple'), 'Cancel')
    expect(await shared.keyStore.list()).toHaveLength(1)
    const page = fakeOAuthWindow({ href: callbackUrl })
    const { result, requests } = arriveAt(shared, page)

    await waitFor(() => expect(result.current.callback.status).toBe('error'))
    expect(result.current.callback.error?.code).toBe('OAUTH_CANCELLED')
    expect(result.current.callback.error?.userMessage).toBe(DEFAULT_USER_MESSAGES.OAUTH_CANCELLED)
    // What "Try again" goes back to.
    expect(result.current.callback.provider).toBe('apple')
    expect(page.location.href).toBe(APP_URL)
    expect(result.current.session.status).toBe('signedOut')
    expect(await shared.keyStore.list()).toEqual([])
    expect(requests).not.toContain('account')

    act(() => result.current.callback.reset())
    expect(result.current.callback.status).toBe('idle')
  })

  it('given a callback whose state was tampered with, it refuses it without sending the code, and cleans the address', async () => {
    const shared = tab()
    const callbackUrl = await consent(shared.proxy, await leaveForProvider(shared), 'Continue as Ada Lovelace')
    const page = fakeOAuthWindow({ href: withState(callbackUrl, 'A'.repeat(43)) })
    const { result, requests } = arriveAt(shared, page)

    await waitFor(() => expect(result.current.callback.status).toBe('error'))
    expect(result.current.callback.error?.code).toBe('OAUTH_STATE_MISMATCH')
    expect(result.current.callback.error?.userMessage).toBe(DEFAULT_USER_MESSAGES.OAUTH_STATE_MISMATCH)
    expect(page.location.href).toBe('https://app.test/login')
    expect(result.current.session.status).toBe('signedOut')
    expect(requests).not.toContain('account')
  })

  it('under StrictMode, it completes the answer once (a second completion would be refused as a replay)', async () => {
    const shared = tab()
    const callbackUrl = await consent(shared.proxy, await leaveForProvider(shared), 'Continue as Ada Lovelace')
    const page = fakeOAuthWindow({ href: callbackUrl })
    const { result, requests } = arriveAt(shared, page, { strict: true })
    await waitFor(() => expect(result.current.callback.status).toBe('success'))
    expect(requests.filter((name) => name === '/public/v1/submit/stamp_login')).toHaveLength(1)
    expect(page.replaced).toHaveLength(1)
    expect(result.current.session.status).toBe('signedIn')
  })

  it('given the page is the sign-in popup, it leaves the address to the opener and does nothing', async () => {
    const opener = tab()
    const callbackUrl = await consent(opener.proxy, await leaveForProvider(opener), 'Continue as Ada Lovelace')
    // The popup's sessionStorage is its own: the pending sign-in is in the opener's. Named, or with
    // its name cleared by a cross-site navigation, it is left alone.
    const popupStorage = { ...opener, flowStorage: memoryStorage(), oauthStorage: memoryStorage() }
    for (const page of [
      fakeOAuthWindow({ href: callbackUrl, name: OAUTH_POPUP_WINDOW_NAME, opener: {} }),
      fakeOAuthWindow({ href: callbackUrl, opener: {} }),
    ]) {
      const { result, requests, unmount } = arriveAt(popupStorage, page)
      await waitFor(() => expect(requests).toContain('wallet_kit_config'))
      expect(result.current.callback.status).toBe('idle')
      expect(page.replaced).toEqual([])
      expect(page.location.href).toBe(callbackUrl)
      unmount()
    }
  })

  it('given a tab opened by window.open (it has an opener) returning from its own redirect, it completes and cleans the address', async () => {
    const shared = tab()
    const callbackUrl = await consent(shared.proxy, await leaveForProvider(shared), 'Continue as Ada Lovelace')
    const page = fakeOAuthWindow({ href: callbackUrl, opener: {} })
    const { result } = arriveAt(shared, page)
    await waitFor(() => expect(result.current.callback.status).toBe('success'))
    expect(page.replaced).toHaveLength(1)
    expect(page.location.href).not.toMatch(/[?&#](code|id_token|state)=/)
    expect(result.current.session.status).toBe('signedIn')
  })

  it("given an app's own ?code=&state= and no sign-in under way, it leaves the page alone", async () => {
    const href = `https://app.test/redeem?code=PROMO&state=${'B'.repeat(43)}`
    const page = fakeOAuthWindow({ href })
    const { result, requests } = arriveAt(tab(), page)
    await waitFor(() => expect(requests).toContain('wallet_kit_config'))
    expect(result.current.callback.status).toBe('idle')
    expect(page.replaced).toEqual([])
    expect(page.location.href).toBe(href)
  })
})
