// The wallet hooks over the strict mock: what the signed-in view and the playground's wallet panel do.
import { act, renderHook, waitFor } from '@testing-library/react'
import { verifyMessage } from 'viem'
import { describe, expect, it } from 'vitest'
import { completeEmailOtp, startEmailOtp } from '../core'
import { createTestProviders, latestCode } from './test/renderWithProxy'
import { useSession } from './useSession'
import { useSignMessage } from './useSignMessage'
import { useUser } from './useUser'
import { useWallets } from './useWallets'

describe('useUser, useWallets and useSignMessage over the mock', () => {
  it('after an email sign-up, shows the person and the address, and signs a message that recovers to it', async () => {
    const { Providers, kit, proxy } = createTestProviders()
    const { result } = renderHook(
      () => ({ session: useSession(), user: useUser(), wallets: useWallets(), sign: useSignMessage() }),
      {
        wrapper: Providers,
      },
    )
    await act(async () => {
      const challenge = await startEmailOtp(kit, { email: 'ada@example.com' })
      await completeEmailOtp(kit, { challenge, code: latestCode(proxy, 'ada@example.com') })
    })
    expect(result.current.session.session?.identity).toEqual({ method: 'email', contact: 'ada@example.com' })
    await waitFor(() => expect(result.current.user.data?.userEmail).toBe('ada@example.com'))
    await waitFor(() => expect(result.current.wallets.status).toBe('success'))
    const account = result.current.wallets.data?.[0]?.accounts.find(
      (item) => item.addressFormat === 'ADDRESS_FORMAT_ETHEREUM',
    )
    if (account === undefined) throw new Error('expected an Ethereum account')

    act(() => result.current.sign.signMessage({ account, message: 'hello from the playground' }))
    await waitFor(() => expect(result.current.sign.status).toBe('success'))
    const signature = result.current.sign.data?.signature as `0x${string}`
    expect(
      await verifyMessage({
        address: account.address as `0x${string}`,
        message: 'hello from the playground',
        signature,
      }),
    ).toBe(true)

    await act(() => kit.session.logout())
    await waitFor(() => expect(result.current.wallets.data).toBeUndefined())
    expect(result.current.user.data).toBeUndefined()
  })
})
