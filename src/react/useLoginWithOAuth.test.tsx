import { act, renderHook, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { chunks } from '../chunks'
import { memoryStorage, type OAuthMode, type OAuthProviderName } from '../core'
import { DEFAULT_USER_MESSAGES, KitError } from '../core/errors'
import { APP_URL, fakeOAuthWindow, type FakeOAuthWindow } from './test/fakeOAuthWindow'
import { EVERY_PROVIDER_TENANT } from '../mock/testing/oauth'
import { consent } from './test/mockConsent'
import { createTestProviders, PROXY_URL, type TestProvidersOptions } from './test/renderWithProxy'
import { useLoginWithOAuth } from './useLoginWithOAuth'
import { useSession } from './useSession'
import { useWalletKitConfig } from './useWalletKitConfig'

const AUTHORIZE = `${PROXY_URL}/__mock/oauth/google/authorize`

function renderOAuth(provider: OAuthProviderName, options: TestProvidersOptions & { oauthWindow: FakeOAuthWindow }) {
  const providers = createTestProviders(options)
  const hook = renderHook(() => ({ oauth: useLoginWithOAuth(), session: useSession(), config: useWalletKitConfig() }), {
    wrapper: providers.Providers,
  })
  /** The click: loginWithOAuth with `provider`, as a button's handler calls it. */
  const start = (mode?: OAuthMode) => act(() => hook.result.current.oauth.loginWithOAuth({ provider, mode }))
  return { ...providers, ...hook, start }
}

/** Waits for the kit to send the popup to the provider; returns the authorize URL it loaded. */
async function popupAtProvider(page: FakeOAuthWindow): Promise<string> {
  await waitFor(() => expect(page.popup().location.href.startsWith(AUTHORIZE)).toBe(true))
  return page.popup().location.href
}

describe('useLoginWithOAuth', () => {
  it('given popup mode, a new person signs up with Google: the popup goes to the provider, comes back, and the session is stored', async () => {
    const page = fakeOAuthWindow()
    const { result, proxy, requests, kit, start } = renderOAuth('google', { oauthWindow: page, oauthMode: 'popup' })
    await waitFor(() => expect(result.current.config.isSuccess).toBe(true))

    start()
    // Opened in the click itself, blank, before anything was awaited.
    expect(page.popups).toHaveLength(1)
    expect(page.popup().location.href).toBe('about:blank')
    await waitFor(() => expect(result.current.oauth.status).toBe('pending'))

    const authorizeUrl = await popupAtProvider(page)
    const query = new URL(authorizeUrl).searchParams
    expect(query.get('redirect_uri')).toBe('https://app.test/login')
    expect(query.get('response_type')).toBe('id_token')
    const callbackUrl = await consent(proxy, authorizeUrl, 'Continue as Ada Lovelace')
    // Google's answer: the id_token in the fragment.
    expect(new URL(callbackUrl).hash).toMatch(/^#.*id_token=/)
    page.popup().location.href = callbackUrl

    await waitFor(() => expect(result.current.session.status).toBe('signedIn'))
    await waitFor(() => expect(result.current.oauth.status).toBe('success'))
    expect(result.current.oauth.data).toMatchObject({ provider: 'google', isNewUser: true })
    expect(page.popup().closed).toBe(true)
    expect(requests.filter((name) => name !== 'wallet_kit_config')).toEqual([
      'account',
      'signup_v2',
      '/public/v1/submit/stamp_login',
    ])
    expect(await kit.keyStore.list()).toEqual([result.current.session.session?.publicKey])
  })

  it.each([
    [
      'facebook',
      ['/__mock/oauth/facebook/v11.0/oauth/access_token', 'account', 'signup_v2', '/public/v1/submit/stamp_login'],
    ],
    ['x', ['oauth2_authenticate', 'account', 'signup_v2', '/public/v1/submit/stamp_login']],
  ] as const)(
    'given popup mode, a new person signs up with %s, whose code is redeemed where production redeems it',
    async (provider, calls) => {
      const page = fakeOAuthWindow()
      const { result, proxy, requests, start } = renderOAuth(provider, {
        oauthWindow: page,
        oauthMode: 'popup',
        mock: { tenants: [EVERY_PROVIDER_TENANT] },
      })
      await waitFor(() => expect(result.current.config.isSuccess).toBe(true))
      start()
      await waitFor(() =>
        expect(page.popup().location.href).toMatch(new RegExp(`^${PROXY_URL}/__mock/oauth/${provider}/authorize\\?`)),
      )
      page.popup().location.href = await consent(proxy, page.popup().location.href, 'Continue as Ada Lovelace')
      await waitFor(() => expect(result.current.session.status).toBe('signedIn'))
      expect(result.current.oauth.data).toMatchObject({ provider, isNewUser: true })
      expect(requests.filter((name) => name !== 'wallet_kit_config')).toEqual(calls)
    },
  )

  it('given the same Google identity twice, the second sign-in lands in the same organization without a sign-up', async () => {
    const page = fakeOAuthWindow()
    const { result, proxy, requests, kit, start } = renderOAuth('google', { oauthWindow: page, oauthMode: 'popup' })
    await waitFor(() => expect(result.current.config.isSuccess).toBe(true))
    const signIn = async () => {
      start()
      page.popup().location.href = await consent(proxy, await popupAtProvider(page), 'Continue as Grace Hopper')
      await waitFor(() => expect(result.current.session.status).toBe('signedIn'))
      return result.current.session.session
    }
    const first = await signIn()
    await act(() => kit.session.logout())
    requests.length = 0
    const second = await signIn()
    expect(second?.organizationId).toBe(first?.organizationId)
    expect(second?.userId).toBe(first?.userId)
    expect(second?.publicKey).not.toBe(first?.publicKey)
    expect(requests).toEqual(['account', '/public/v1/submit/stamp_login'])
  })

  it('given the browser blocks the popup, it says so and sends nothing', async () => {
    const page = fakeOAuthWindow({ blockPopups: true })
    const { result, requests, kit, start } = renderOAuth('google', { oauthWindow: page, oauthMode: 'popup' })
    await waitFor(() => expect(result.current.config.isSuccess).toBe(true))
    start()
    await waitFor(() => expect(result.current.oauth.error?.code).toBe('OAUTH_POPUP_BLOCKED'))
    expect(result.current.oauth.error?.userMessage).toBe(DEFAULT_USER_MESSAGES.OAUTH_POPUP_BLOCKED)
    expect(requests).toEqual(['wallet_kit_config'])
    expect(await kit.keyStore.list()).toEqual([])
  })

  it('given the person closes the popup, it says so and deletes the key made for the sign-in', async () => {
    const page = fakeOAuthWindow()
    const { result, kit, start } = renderOAuth('google', { oauthWindow: page, oauthMode: 'popup' })
    await waitFor(() => expect(result.current.config.isSuccess).toBe(true))
    start()
    await popupAtProvider(page)
    expect(await kit.keyStore.list()).toHaveLength(1)
    page.popup().closed = true
    await waitFor(() => expect(result.current.oauth.error?.code).toBe('OAUTH_POPUP_CLOSED'))
    expect(result.current.oauth.error?.userMessage).toBe(DEFAULT_USER_MESSAGES.OAUTH_POPUP_CLOSED)
    expect(await kit.keyStore.list()).toEqual([])
    expect(result.current.session.status).toBe('signedOut')
  })

  it('given the person presses Cancel on the consent page, it says the sign-in was cancelled and stores nothing', async () => {
    const page = fakeOAuthWindow()
    const { result, proxy, kit, requests, start } = renderOAuth('google', { oauthWindow: page, oauthMode: 'popup' })
    await waitFor(() => expect(result.current.config.isSuccess).toBe(true))
    start()
    page.popup().location.href = await consent(proxy, await popupAtProvider(page), 'Cancel')
    await waitFor(() => expect(result.current.oauth.error?.code).toBe('OAUTH_CANCELLED'))
    expect(result.current.oauth.error?.userMessage).toBe('Sign-in was cancelled.')
    expect(page.popup().closed).toBe(true)
    expect(await kit.keyStore.list()).toEqual([])
    expect(result.current.session.status).toBe('signedOut')
    expect(requests).not.toContain('oauth2_authenticate')
  })

  it('given a popup under way, cancel closes it, forgets the attempt and deletes its key', async () => {
    const page = fakeOAuthWindow()
    const { result, kit, start } = renderOAuth('google', { oauthWindow: page, oauthMode: 'popup' })
    await waitFor(() => expect(result.current.config.isSuccess).toBe(true))
    start()
    await popupAtProvider(page)
    act(() => result.current.oauth.cancel())
    expect(page.popup().closed).toBe(true)
    await waitFor(() => expect(result.current.oauth.status).toBe('idle'))
    await waitFor(async () => expect(await kit.keyStore.list()).toEqual([]))
    expect(result.current.oauth.error).toBeNull()
  })

  it('given the hook unmounts while the popup is open, the popup is closed and the key deleted', async () => {
    const page = fakeOAuthWindow()
    const { result, kit, unmount, start } = renderOAuth('google', { oauthWindow: page, oauthMode: 'popup' })
    await waitFor(() => expect(result.current.config.isSuccess).toBe(true))
    start()
    await popupAtProvider(page)
    unmount()
    expect(page.popup().closed).toBe(true)
    await waitFor(async () => expect(await kit.keyStore.list()).toEqual([]))
  })

  it('given redirect mode, it sends the page to the provider and remembers which one for the return', async () => {
    const page = fakeOAuthWindow()
    const flowStorage = memoryStorage()
    const { result, kit, start } = renderOAuth('apple', { oauthWindow: page, oauthMode: 'popup', flowStorage })
    await waitFor(() => expect(result.current.config.isSuccess).toBe(true))
    // The argument wins over the provider's mode.
    start('redirect')
    await waitFor(() => expect(result.current.oauth.data?.mode).toBe('redirect'))
    // The page is on its way: the UI says "Taking you to Apple…".
    expect(result.current.oauth.status).toBe('success')
    expect(result.current.oauth.variables).toEqual({
      provider: 'apple',
      mode: 'redirect',
      returnTo: undefined,
      scope: undefined,
    })
    expect(page.popups).toEqual([])
    expect(page.assigned).toHaveLength(1)
    const authorizeUrl = new URL(page.assigned[0] ?? '')
    expect(`${authorizeUrl.origin}${authorizeUrl.pathname}`).toBe(`${PROXY_URL}/__mock/oauth/apple/authorize`)
    expect(authorizeUrl.searchParams.get('client_id')).toBe('demo-apple-client')
    expect(JSON.parse(flowStorage.getItem('auth-proxy-kit:demo:oauth-redirect') ?? 'null')).toMatchObject({
      provider: 'apple',
    })
    expect(await kit.keyStore.list()).toHaveLength(1)
  })

  it('given a redirect the person comes Back from (back-forward cache), it abandons it: no endless progress, no key left', async () => {
    const page = fakeOAuthWindow()
    const flowStorage = memoryStorage()
    const { result, kit, start } = renderOAuth('google', { oauthWindow: page, oauthMode: 'redirect', flowStorage })
    await waitFor(() => expect(result.current.config.isSuccess).toBe(true))
    start()
    await waitFor(() => expect(result.current.oauth.data?.mode).toBe('redirect'))
    expect(await kit.keyStore.list()).toHaveLength(1)

    // A normal load is not a return from the cache.
    act(() => page.showPage(false))
    expect(result.current.oauth.data?.mode).toBe('redirect')
    act(() => page.showPage(true))
    await waitFor(() => expect(result.current.oauth.status).toBe('idle'))
    await waitFor(async () => expect(await kit.keyStore.list()).toEqual([]))
    expect(flowStorage.getItem('auth-proxy-kit:demo:oauth-redirect')).toBeNull()
  })

  it('given a provider the tenant has not enabled, it refuses before making a key', async () => {
    const page = fakeOAuthWindow()
    const { result, kit, start } = renderOAuth('discord', { oauthWindow: page, oauthMode: 'redirect' })
    await waitFor(() => expect(result.current.config.isSuccess).toBe(true))
    start()
    await waitFor(() => expect(result.current.oauth.error?.code).toBe('METHOD_DISABLED'))
    expect(page.assigned).toEqual([])
    expect(await kit.keyStore.list()).toEqual([])
    expect(page.location.href).toBe(APP_URL)
  })

  it('given a second click while a popup is open, the first sign-in is abandoned (popup closed, key deleted) for the new one', async () => {
    const page = fakeOAuthWindow()
    const { result, proxy, kit, start } = renderOAuth('google', { oauthWindow: page, oauthMode: 'popup' })
    await waitFor(() => expect(result.current.config.isSuccess).toBe(true))
    start()
    const first = page.popup()
    await popupAtProvider(page)
    start()
    expect(first.closed).toBe(true)
    expect(page.popups).toHaveLength(2)
    page.popup().location.href = await consent(proxy, await popupAtProvider(page), 'Continue as Ada Lovelace')
    await waitFor(() => expect(result.current.oauth.status).toBe('success'))
    // Only the second sign-in's key is left: the session's.
    await waitFor(async () => expect(await kit.keyStore.list()).toEqual([result.current.session.session?.publicKey]))
  })

  it('given the OAuth code cannot be loaded, it closes the popup it opened and reports LOAD_FAILED', async () => {
    const page = fakeOAuthWindow()
    const { result, start } = renderOAuth('google', { oauthWindow: page, oauthMode: 'popup' })
    await waitFor(() => expect(result.current.config.isSuccess).toBe(true))
    const offline = new KitError(
      'LOAD_FAILED',
      'OAuth sign-in: its code could not be loaded (TypeError: Failed to fetch)',
    )
    const load = vi.spyOn(chunks.oauth, 'load').mockRejectedValueOnce(offline)
    start()
    await waitFor(() => expect(result.current.oauth.error?.code).toBe('LOAD_FAILED'))
    expect(page.popup().closed).toBe(true)
    load.mockRestore()
  })
})
