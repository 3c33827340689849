import { act, renderHook, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { json } from '../core/test/fakeFetch'
import { WALLET_NOW, walletApi, walletKeys } from '../core/test/walletApi'
import { createTestProviders } from './test/renderWithProxy'
import { setTestSession } from './test/walletSession'
import { useRefreshSession } from './useRefreshSession'
import { useSession } from './useSession'

const clock = { now: WALLET_NOW }
const CONFIG = { enabledProviders: ['email'], organizationId: 'org-parent' }

function setUp() {
  const fake = walletApi(walletKeys(), clock, { wallet_kit_config: json(CONFIG) })
  return { fake, ...createTestProviders({ fetch: fake.fetch, now: () => clock.now }) }
}

describe('useRefreshSession', () => {
  it('refreshes the session for the same user and key; useSession follows', async () => {
    const { Providers, kit } = setUp()
    const before = await setTestSession(kit, { identity: { method: 'sms', contact: '+447700900123' } })
    const { result } = renderHook(() => ({ refresh: useRefreshSession(), session: useSession() }), {
      wrapper: Providers,
    })
    clock.now += 60_000
    act(() => result.current.refresh.refreshSession())
    await waitFor(() => expect(result.current.refresh.status).toBe('success'))
    const after = result.current.refresh.data
    expect(after?.token).not.toBe(before.token)
    expect(after).toMatchObject({
      userId: before.userId,
      publicKey: before.publicKey,
      identity: { method: 'sms', contact: '+447700900123' },
    })
    expect(result.current.session.session).toBe(after)
    expect(result.current.refresh.variables).toEqual({})
  })
})
