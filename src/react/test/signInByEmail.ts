import { act } from '@testing-library/react'
import { completeEmailOtp, startEmailOtp, type Kit } from '../../core'
import type { MockAuthProxy } from '../../mock'
import { latestCode } from './renderWithProxy'

/** Signs `email` in through core's email flow against the test's mock, inside act (the hooks re-render). */
export async function signInByEmail(kit: Kit, proxy: MockAuthProxy, email: string): Promise<void> {
  await act(async () => {
    const challenge = await startEmailOtp(kit, { email })
    await completeEmailOtp(kit, { challenge, code: latestCode(proxy, email) })
  })
}
