import { act, renderHook, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { isKitError } from '../core/errors'
import { signInByEmail } from './test/signInByEmail'
import { createTestProviders } from './test/renderWithProxy'
import { useLogout } from './useLogout'
import { useSession } from './useSession'

describe('useLogout', () => {
  it('signs out as a mutation: idle → pending → success, then reset back to idle', async () => {
    const { Providers, kit, proxy } = createTestProviders()
    const statuses: string[] = []
    const { result } = renderHook(
      () => {
        const logout = useLogout()
        if (statuses.at(-1) !== logout.status) statuses.push(logout.status)
        return { logout, session: useSession() }
      },
      { wrapper: Providers },
    )
    await signInByEmail(kit, proxy, 'logout@example.com')
    await waitFor(() => expect(result.current.session.status).toBe('signedIn'))
    expect(result.current.logout).toMatchObject({
      status: 'idle',
      isPending: false,
      error: null,
      data: undefined,
      variables: undefined,
    })

    act(() => result.current.logout.logout())
    await waitFor(() =>
      expect(result.current.logout).toMatchObject({ status: 'success', isSuccess: true, error: null }),
    )
    expect(statuses).toEqual(['idle', 'pending', 'success'])
    expect(result.current.session.status).toBe('signedOut')

    act(() => result.current.logout.reset())
    await waitFor(() => expect(result.current.logout.status).toBe('idle'))
  })

  it('reports a failure as a KitError, whatever the session store threw', async () => {
    const { Providers, kit } = createTestProviders()
    kit.session.logout = () => Promise.reject(new TypeError('storage exploded'))
    const { result } = renderHook(() => useLogout(), { wrapper: Providers })
    act(() => result.current.logout())
    await waitFor(() => expect(result.current.isError).toBe(true))
    expect(result.current.status).toBe('error')
    expect(isKitError(result.current.error, 'PROXY_ERROR')).toBe(true)
    expect(result.current.error?.message).toContain('storage exploded')
  })
})
