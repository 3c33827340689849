import { act, renderHook, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { json } from '../core/test/fakeFetch'
import { activityAnswer, USER, WALLET_NOW, walletApi, walletKeys } from '../core/test/walletApi'
import { fakePasskeyBrowser } from './test/fakePasskeyBrowser'
import { createTestProviders } from './test/renderWithProxy'
import { setTestSession } from './test/walletSession'
import { useAddPasskey } from './useAddPasskey'
import { useUser } from './useUser'

const CONFIG = { enabledProviders: ['email', 'passkey'], organizationId: 'org-parent' }

function setUp() {
  const browser = fakePasskeyBrowser()
  const fake = walletApi(
    walletKeys(),
    { now: WALLET_NOW },
    {
      wallet_kit_config: json(CONFIG),
      'query/get_user': json({
        user: { ...USER, userEmail: undefined, userPhoneNumber: '+447700900123', userName: 'Ada' },
      }),
      'submit/create_authenticators': activityAnswer('ACTIVITY_TYPE_CREATE_AUTHENTICATORS_V2', {
        createAuthenticatorsResult: { authenticatorIds: ['auth-2'] },
      }),
    },
  )
  return {
    browser,
    pickerNames: browser.pickerNames,
    fake,
    ...createTestProviders({ fetch: fake.fetch, webauthn: browser.webauthn }),
  }
}

describe('useAddPasskey naming', () => {
  it('for a passkey-only session, names the passkey from the user useUser already has: no request before the prompt', async () => {
    const { Providers, kit, fake, pickerNames } = setUp()
    await setTestSession(kit, { identity: { method: 'passkey' } })
    const { result } = renderHook(() => ({ user: useUser(), add: useAddPasskey() }), { wrapper: Providers })
    await waitFor(() => expect(result.current.user.status).toBe('success'))
    const before = fake.endpoints().length
    act(() => result.current.add.addPasskey({ rpName: 'Demo' }))
    await waitFor(() => expect(result.current.add.status).toBe('success'))
    expect(pickerNames).toEqual(['+447700900123'])
    expect(fake.endpoints().slice(before)).toEqual(['submit/create_authenticators'])
    const body = fake.calls.at(-1)?.body as { parameters: { authenticators: { authenticatorName: string }[] } }
    expect(body.parameters.authenticators[0]?.authenticatorName).toBe('+447700900123')
  })

  it('without the user in the cache, core asks get_user first', async () => {
    const { Providers, kit, fake, pickerNames } = setUp()
    await setTestSession(kit, { identity: { method: 'passkey' } })
    const { result } = renderHook(() => useAddPasskey(), { wrapper: Providers })
    act(() => result.current.addPasskey({ rpName: 'Demo' }))
    await waitFor(() => expect(result.current.status).toBe('success'))
    expect(pickerNames).toEqual(['+447700900123'])
    expect(fake.endpoints().filter((endpoint) => endpoint !== 'wallet_kit_config')).toEqual([
      'query/get_user',
      'submit/create_authenticators',
    ])
  })
})
