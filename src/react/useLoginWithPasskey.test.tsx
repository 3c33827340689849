import { act, renderHook, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { completeEmailOtp, startEmailOtp } from '../core'
import { DEMO_ORGANIZATION_ID } from '../mock'
import { createSoftAuthenticator } from '../mock/testing/softAuthenticator'
import { fakePasskeyBrowser, type FakePasskeyBrowser } from './test/fakePasskeyBrowser'
import { createTestProviders, latestCode, type TestProvidersOptions } from './test/renderWithProxy'
import { useAddPasskey } from './useAddPasskey'
import { useLoginWithPasskey } from './useLoginWithPasskey'
import { usePasskeySupport } from './usePasskeySupport'
import { useSignUpWithPasskey } from './useSignUpWithPasskey'
import { useSession } from './useSession'
import { useWalletKitConfig } from './useWalletKitConfig'

function renderPasskey(browser: FakePasskeyBrowser | undefined, options: TestProvidersOptions = {}) {
  const providers = createTestProviders({
    ...(browser === undefined ? {} : { webauthn: browser.webauthn, origin: browser.origin }),
    // The name the UI would ask for (or the app give): sign-ups require one.
    passkeyName: 'passkey-user@example.com',
    ...options,
  })
  const hook = renderHook(
    () => ({
      login: useLoginWithPasskey(),
      signUp: useSignUpWithPasskey(),
      add: useAddPasskey(),
      support: usePasskeySupport(),
      session: useSession(),
      config: useWalletKitConfig(),
    }),
    {
      wrapper: providers.Providers,
    },
  )
  return { ...providers, ...hook }
}

describe('useSignUpWithPasskey, useLoginWithPasskey, useAddPasskey, usePasskeySupport', () => {
  it('signs a person up with a passkey and no email, and after a sign-out signs them in with it into the same organization', async () => {
    const browser = fakePasskeyBrowser()
    const { result, proxy, requests, kit } = renderPasskey(browser)
    await waitFor(() => expect(result.current.config.isSuccess).toBe(true))
    expect(result.current.signUp).toMatchObject({ status: 'idle', error: null, data: undefined, variables: undefined })
    expect(result.current.support.isSupported).toBe(true)

    act(() => result.current.signUp.signUpWithPasskey({ userName: 'Ada Lovelace' }))
    await waitFor(() => expect(result.current.signUp.status).toBe('success'))
    const signedUp = result.current.signUp.data
    if (signedUp === undefined) throw new Error('expected a sign-up result')
    expect(result.current.session.status).toBe('signedIn')
    const user = proxy.state.users[signedUp.session.userId]
    expect(user?.email).toBeUndefined()
    // Named after the person, the account and the passkey alike; the session knows who it is.
    expect(user?.userName).toBe('Ada Lovelace')
    expect(user?.authenticators.map((authenticator) => authenticator.authenticatorName)).toEqual(['Ada Lovelace'])
    expect(result.current.session.session?.identity).toEqual({ method: 'passkey', name: 'Ada Lovelace' })
    expect(user?.authenticators.map((authenticator) => authenticator.credentialId)).toEqual([signedUp.credentialId])
    expect(requests).toEqual(['wallet_kit_config', 'signup_v2', '/public/v1/submit/stamp_login'])
    // The sign-up's short-lived client key is gone; only the session's key is held.
    expect(await kit.keyStore.list()).toEqual([signedUp.session.publicKey])

    await act(() => kit.session.logout())
    requests.length = 0
    act(() => result.current.login.loginWithPasskey())
    await waitFor(() => expect(result.current.login.status).toBe('success'))
    expect(result.current.login.data).toMatchObject({ credentialId: signedUp.credentialId })
    expect(result.current.session.session).toMatchObject({
      organizationId: signedUp.session.organizationId,
      userId: signedUp.session.userId,
    })
    expect(result.current.session.session?.organizationId).not.toBe(DEMO_ORGANIZATION_ID)
    expect(requests).toEqual(['/public/v1/submit/stamp_login'])
    expect(browser.prompts).toEqual(['create', 'get'])
  })

  it('adds a passkey for a signed-in email user, who can then sign in with it', async () => {
    const browser = fakePasskeyBrowser()
    const { result, proxy, kit } = renderPasskey(browser)
    await waitFor(() => expect(result.current.config.isSuccess).toBe(true))
    const challenge = await startEmailOtp(kit, { email: 'ada@example.com' })
    const { session } = await act(() =>
      completeEmailOtp(kit, { challenge, code: latestCode(proxy, 'ada@example.com') }),
    )

    act(() => result.current.add.addPasskey({ authenticatorName: 'Laptop' }))
    await waitFor(() => expect(result.current.add.status).toBe('success'))
    expect(result.current.add.variables).toEqual({ authenticatorName: 'Laptop' })
    const added = result.current.add.data
    if (added === undefined) throw new Error('expected an add result')
    expect(added.authenticatorIds).toEqual(
      proxy.state.users[session.userId]?.authenticators.map((item) => item.authenticatorId),
    )
    // Shown in the passkey picker as the email the person signed in with, never their user id.
    expect(browser.pickerNames).toEqual(['ada@example.com'])

    await act(() => kit.session.logout())
    act(() => result.current.login.loginWithPasskey())
    await waitFor(() => expect(result.current.login.status).toBe('success'))
    expect(result.current.session.session).toMatchObject({
      userId: session.userId,
      organizationId: session.organizationId,
    })
  })

  it("names a sign-up after the provider's passkeyName when the call gives none", async () => {
    const browser = fakePasskeyBrowser()
    const { result, proxy } = renderPasskey(browser, { passkeyName: 'grace@example.com' })
    await waitFor(() => expect(result.current.config.isSuccess).toBe(true))
    act(() => result.current.signUp.signUpWithPasskey())
    await waitFor(() => expect(result.current.signUp.status).toBe('success'))
    const userId = result.current.signUp.data?.session.userId ?? ''
    expect(proxy.state.users[userId]?.userName).toBe('grace@example.com')
    expect(proxy.state.users[userId]?.authenticators[0]?.authenticatorName).toBe('grace@example.com')
  })

  it('given no name at all, refuses the sign-up before any prompt (CONFIG_INVALID saying what to give)', async () => {
    const browser = fakePasskeyBrowser()
    const { result, requests } = renderPasskey(browser, { passkeyName: undefined })
    await waitFor(() => expect(result.current.config.isSuccess).toBe(true))
    act(() => result.current.signUp.signUpWithPasskey())
    await waitFor(() => expect(result.current.signUp.status).toBe('error'))
    expect(result.current.signUp.error?.code).toBe('CONFIG_INVALID')
    expect(result.current.signUp.error?.message).toMatch(/userName.*email, phone number or name/)
    expect(browser.prompts).toEqual([])
    expect(requests).toEqual(['wallet_kit_config'])
  })

  it('is pending while the browser prompt is open', async () => {
    const browser = fakePasskeyBrowser()
    const { result } = renderPasskey(browser)
    await waitFor(() => expect(result.current.config.isSuccess).toBe(true))
    const release = browser.holdNextPrompt()
    act(() => {
      result.current.signUp.signUpWithPasskey()
      // A second click before any render: still one prompt (a second would cancel the first).
      result.current.signUp.signUpWithPasskey()
    })
    await waitFor(() => expect(browser.prompts).toEqual(['create']))
    expect(result.current.signUp).toMatchObject({ status: 'pending', isPending: true })
    act(() => result.current.signUp.signUpWithPasskey())
    release()
    await waitFor(() => expect(result.current.signUp.status).toBe('success'))
    expect(browser.prompts).toEqual(['create'])
  })

  it('given the person closes the sign-up prompt, it is PASSKEY_CANCELLED with no account, no key and no session', async () => {
    const browser = fakePasskeyBrowser()
    const { result, proxy, requests, kit } = renderPasskey(browser)
    await waitFor(() => expect(result.current.config.isSuccess).toBe(true))
    browser.cancelNextPrompt()
    act(() => result.current.signUp.signUpWithPasskey())
    await waitFor(() => expect(result.current.signUp.status).toBe('error'))
    expect(result.current.signUp.error?.code).toBe('PASSKEY_CANCELLED')
    expect(requests).toEqual(['wallet_kit_config'])
    expect(Object.keys(proxy.state.users)).toEqual([])
    expect(await kit.keyStore.list()).toEqual([])
    expect(result.current.session.status).toBe('signedOut')

    act(() => result.current.signUp.reset())
    await waitFor(() => expect(result.current.signUp.status).toBe('idle'))
    expect(result.current.signUp.error).toBeNull()
    // The prompt closed: the next click opens one again.
    act(() => result.current.signUp.signUpWithPasskey())
    await waitFor(() => expect(result.current.signUp.status).toBe('success'))
  })

  it('given the person closes the sign-in prompt, it deletes the key made for the session', async () => {
    const browser = fakePasskeyBrowser()
    const { result, requests, kit } = renderPasskey(browser)
    await waitFor(() => expect(result.current.config.isSuccess).toBe(true))
    browser.cancelNextPrompt()
    act(() => result.current.login.loginWithPasskey())
    await waitFor(() => expect(result.current.login.error?.code).toBe('PASSKEY_CANCELLED'))
    expect(requests).toEqual(['wallet_kit_config'])
    expect(await kit.keyStore.list()).toEqual([])
    expect(result.current.session.status).toBe('signedOut')
  })

  it('given a passkey the proxy does not know, it is STAMP_REFUSED with a message saying so, and no key is left', async () => {
    const stranger = createSoftAuthenticator({ origin: globalThis.location.origin })
    await stranger.register()
    const browser = fakePasskeyBrowser({ device: stranger })
    const { result, kit } = renderPasskey(browser)
    await waitFor(() => expect(result.current.config.isSuccess).toBe(true))
    act(() => result.current.login.loginWithPasskey())
    await waitFor(() => expect(result.current.login.status).toBe('error'))
    expect(result.current.login.error).toMatchObject({ code: 'STAMP_REFUSED', status: 401 })
    expect(result.current.login.error?.userMessage).toMatch(/not registered here/)
    expect(await kit.keyStore.list()).toEqual([])
  })

  it('given a browser without WebAuthn (jsdom has no PublicKeyCredential), it says so before any prompt or request', async () => {
    expect('PublicKeyCredential' in window).toBe(false)
    const { result, requests } = renderPasskey(undefined)
    await waitFor(() => expect(result.current.config.isSuccess).toBe(true))
    expect(result.current.support.isSupported).toBe(false)
    act(() => result.current.signUp.signUpWithPasskey())
    await waitFor(() => expect(result.current.signUp.error?.code).toBe('PASSKEY_UNSUPPORTED'))
    expect(requests).toEqual(['wallet_kit_config'])
  })

  it('given an injected module that reports no WebAuthn, isSupported is false', async () => {
    const { result } = renderPasskey(fakePasskeyBrowser({ supported: false }))
    await waitFor(() => expect(result.current.config.isSuccess).toBe(true))
    expect(result.current.support.isSupported).toBe(false)
  })

  it('given a tenant without passkeys, it refuses before the prompt: METHOD_DISABLED', async () => {
    const browser = fakePasskeyBrowser()
    const { result } = renderPasskey(browser, {
      mock: { tenants: [{ configId: 'demo', organizationId: 'org', enabledProviders: ['email'] }] },
    })
    await waitFor(() => expect(result.current.config.isSuccess).toBe(true))
    act(() => result.current.signUp.signUpWithPasskey())
    await waitFor(() => expect(result.current.signUp.error?.code).toBe('METHOD_DISABLED'))
    expect(browser.prompts).toEqual([])
  })

  it('given no session, add() is NOT_SIGNED_IN and opens no prompt', async () => {
    const browser = fakePasskeyBrowser()
    const { result } = renderPasskey(browser)
    await waitFor(() => expect(result.current.config.isSuccess).toBe(true))
    act(() => result.current.add.addPasskey())
    await waitFor(() => expect(result.current.add.error?.code).toBe('NOT_SIGNED_IN'))
    expect(browser.prompts).toEqual([])
  })

  it('outside an AuthProxyProvider, it names the fix', () => {
    expect(() => renderHook(() => useLoginWithPasskey())).toThrow(
      /useLoginWithPasskey must be used inside <AuthProxyProvider>/,
    )
    expect(() => renderHook(() => useSignUpWithPasskey())).toThrow(
      /useSignUpWithPasskey must be used inside <AuthProxyProvider>/,
    )
    expect(() => renderHook(() => useAddPasskey())).toThrow(/useAddPasskey must be used inside <AuthProxyProvider>/)
  })
})
