// Every action hook takes react-query's callbacks (onSuccess, onError, onSettled) and has a promise form
// (`xAsync`, react-query's mutateAsync); the provider's onError hears each failure once.
import { act, renderHook, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { memoryStorage } from '../core'
import type { KitError } from '../core/errors'
import { fakeOAuthWindow } from './test/fakeOAuthWindow'
import { createTestProviders } from './test/renderWithProxy'
import { setTestSession } from './test/walletSession'
import { useAddPasskey } from './useAddPasskey'
import { useLoginWithOAuth } from './useLoginWithOAuth'
import { useLoginWithPasskey } from './useLoginWithPasskey'
import { useLogout } from './useLogout'
import { useRefreshSession } from './useRefreshSession'
import { useSession } from './useSession'
import { useSignMessage } from './useSignMessage'
import { useSignUpWithPasskey } from './useSignUpWithPasskey'
import { useWalletKitConfig } from './useWalletKitConfig'

/** The promise's rejection, or undefined when it resolved. */
async function rejection(promise: Promise<unknown>): Promise<KitError | undefined> {
  return promise.then(
    () => undefined,
    (error: KitError) => error,
  )
}

describe('action hooks: callbacks and promise forms', () => {
  it('useLogout: logoutAsync resolves once signed out; onSuccess and onSettled are called once', async () => {
    const onSuccess = vi.fn()
    const onSettled = vi.fn()
    const { Providers, kit } = createTestProviders()
    await setTestSession(kit)
    const { result } = renderHook(() => ({ logout: useLogout({ onSuccess, onSettled }), session: useSession() }), {
      wrapper: Providers,
    })
    await waitFor(() => expect(result.current.session.status).toBe('signedIn'))
    await act(async () => {
      await expect(result.current.logout.logoutAsync()).resolves.toBeUndefined()
    })
    expect(result.current.session.status).toBe('signedOut')
    expect(onSuccess).toHaveBeenCalledTimes(1)
    expect(onSettled).toHaveBeenCalledWith(undefined, null, undefined)
  })

  it('useSignMessage: signed out, signMessageAsync rejects with NOT_SIGNED_IN; the hook’s and the provider’s onError hear it once', async () => {
    const onError = vi.fn()
    const providerError = vi.fn()
    const { Providers } = createTestProviders({ provider: { onError: providerError } })
    const { result } = renderHook(() => useSignMessage({ onError }), { wrapper: Providers })
    const variables = {
      account: {
        address: '0x0000000000000000000000000000000000000000',
        addressFormat: 'ADDRESS_FORMAT_ETHEREUM' as const,
      },
      message: 'gm',
    }
    let error: KitError | undefined
    await act(async () => {
      error = await rejection(result.current.signMessageAsync(variables))
    })
    expect(error?.code).toBe('NOT_SIGNED_IN')
    expect(onError).toHaveBeenCalledTimes(1)
    expect(onError).toHaveBeenCalledWith(error, variables)
    expect(providerError).toHaveBeenCalledTimes(1)
    expect(providerError).toHaveBeenCalledWith(error)
    await waitFor(() => expect(result.current.error).toBe(error))
  })

  it('useRefreshSession: signed out, refreshSessionAsync rejects with NOT_SIGNED_IN and onError hears it', async () => {
    const onError = vi.fn()
    const { Providers } = createTestProviders()
    const { result } = renderHook(() => useRefreshSession({ onError }), { wrapper: Providers })
    let error: KitError | undefined
    await act(async () => {
      error = await rejection(result.current.refreshSessionAsync())
    })
    expect(error?.code).toBe('NOT_SIGNED_IN')
    expect(onError).toHaveBeenCalledWith(error, {})
  })

  it('passkey hooks without WebAuthn: each promise form rejects with PASSKEY_UNSUPPORTED, and each onError hears it', async () => {
    const onError = vi.fn()
    const providerError = vi.fn()
    const { Providers, kit } = createTestProviders({ passkeyName: 'Ada', provider: { onError: providerError } })
    await setTestSession(kit)
    const { result } = renderHook(
      () => ({
        login: useLoginWithPasskey({ onError }),
        signUp: useSignUpWithPasskey({ onError }),
        add: useAddPasskey({ onError }),
      }),
      { wrapper: Providers },
    )
    const errors: (KitError | undefined)[] = []
    await act(async () => {
      errors.push(await rejection(result.current.login.loginWithPasskeyAsync()))
      errors.push(await rejection(result.current.signUp.signUpWithPasskeyAsync()))
      errors.push(await rejection(result.current.add.addPasskeyAsync({ userName: 'Ada' })))
    })
    expect(errors.map((error) => error?.code)).toEqual([
      'PASSKEY_UNSUPPORTED',
      'PASSKEY_UNSUPPORTED',
      'PASSKEY_UNSUPPORTED',
    ])
    expect(onError).toHaveBeenCalledTimes(3)
    expect(providerError).toHaveBeenCalledTimes(3)
  })

  it('useLoginWithOAuth: a redirect’s loginWithOAuthAsync resolves as the page leaves, onSuccess gets what it was given', async () => {
    const page = fakeOAuthWindow()
    const onSuccess = vi.fn()
    const { Providers } = createTestProviders({
      oauthWindow: page,
      oauthMode: 'redirect',
      flowStorage: memoryStorage(),
    })
    const { result } = renderHook(() => ({ oauth: useLoginWithOAuth({ onSuccess }), config: useWalletKitConfig() }), {
      wrapper: Providers,
    })
    await waitFor(() => expect(result.current.config.isSuccess).toBe(true))
    let data: unknown
    await act(async () => {
      data = await result.current.oauth.loginWithOAuthAsync({ provider: 'google' })
    })
    expect(data).toMatchObject({ mode: 'redirect', authorizeUrl: page.assigned[0] })
    expect(onSuccess).toHaveBeenCalledWith(data, {
      provider: 'google',
      mode: 'redirect',
      returnTo: undefined,
      scope: undefined,
    })
  })

  it('useLoginWithOAuth: a sign-in replaced by a newer one rejects with ABORTED, which the provider’s onError does not hear', async () => {
    const page = fakeOAuthWindow()
    const providerError = vi.fn()
    const { Providers } = createTestProviders({
      oauthWindow: page,
      oauthMode: 'popup',
      provider: { onError: providerError },
    })
    const { result } = renderHook(() => ({ oauth: useLoginWithOAuth(), config: useWalletKitConfig() }), {
      wrapper: Providers,
    })
    await waitFor(() => expect(result.current.config.isSuccess).toBe(true))
    let first: Promise<unknown> = Promise.resolve()
    act(() => {
      first = result.current.oauth.loginWithOAuthAsync({ provider: 'google' })
    })
    act(() => result.current.oauth.cancel())
    let error: KitError | undefined
    await act(async () => {
      error = await rejection(first)
    })
    expect(error?.code).toBe('ABORTED')
    expect(providerError).not.toHaveBeenCalled()
  })
})
