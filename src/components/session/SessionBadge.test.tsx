import { act, screen, waitFor } from '@testing-library/react'
import { describe, expect, it, onTestFinished, vi } from 'vitest'
import { completeEmailOtp, completeSmsOtp, startEmailOtp, startSmsOtp, type Kit } from '../../core'
import type { MockAuthProxy } from '../../mock'
import { expectNoAxeViolations } from '../../react/test/expectNoAxeViolations'
import { latestCode, renderWithProxy } from '../../react/test/renderWithProxy'
import { SessionBadge } from './SessionBadge'
import { SignedIn } from './SignedIn'
import { SignedOut } from './SignedOut'

async function signIn(kit: Kit, proxy: MockAuthProxy, email: string) {
  await act(async () => {
    const challenge = await startEmailOtp(kit, { email })
    await completeEmailOtp(kit, { challenge, code: latestCode(proxy, email) })
  })
}

describe('SignedIn, SignedOut and SessionBadge', () => {
  it('given a person signed in by SMS, names them by their number grouped as the code step shows it', async () => {
    const { kit, proxy } = renderWithProxy(<SessionBadge />)
    const phoneNumber = '+447700900123'
    await act(async () => {
      const challenge = await startSmsOtp(kit, { phoneNumber })
      await completeSmsOtp(kit, { challenge, code: latestCode(proxy, phoneNumber) })
    })
    await waitFor(() => expect(screen.getByText(/^Signed in as/)).toHaveTextContent('Signed in as +44 7700 900123'))
  })

  it('show what belongs to each state, and the badge says who, the time left, and signs out', async () => {
    // The countdown's clock reads the time once a second (setInterval): faked, so that the test moves it
    // on rather than waiting for it. Everything else runs on real timers.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    onTestFinished(() => {
      vi.useRealTimers()
    })
    // One clock for the kit and the mock (the token's expiry), moved by the test.
    let now = Date.now()
    const { kit, proxy, user, container, requests } = renderWithProxy(
      <>
        <SignedOut>
          <p>Please sign in</p>
        </SignedOut>
        <SignedIn>
          <p>Members only</p>
        </SignedIn>
        <SessionBadge />
      </>,
      { now: () => now, mock: { now: () => now } },
    )
    expect(await screen.findByText('Please sign in')).toBeInTheDocument()
    expect(screen.queryByText('Members only')).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Sign out' })).not.toBeInTheDocument()

    await signIn(kit, proxy, 'badge@example.com')
    expect(await screen.findByText('Members only')).toBeInTheDocument()
    expect(screen.queryByText('Please sign in')).not.toBeInTheDocument()
    const session = kit.session.getSnapshot().session
    if (!session) throw new Error('no session')
    // The person by the email they signed in with, with their initial.
    await waitFor(() => expect(screen.getByText(/^Signed in as/)).toHaveTextContent('Signed in as badge@example.com'))
    expect(container.querySelector('.apk-avatar')).toHaveTextContent('B')
    // Its language for screen readers, the provider's (English here).
    expect(container.querySelector('.apk-session-badge')).toHaveAttribute('lang', 'en')
    // The session remembers who signed in: nothing is asked of the proxy for it.
    expect(requests).not.toContain('/public/v1/query/get_user')
    // The demo tenant's sessions last 15 minutes.
    expect(screen.getByText(/^Session ends in/)).toHaveTextContent(/Session ends in 1[45]:\d\d/)
    await expectNoAxeViolations(container)

    now += 5 * 60_000
    await act(() => vi.advanceTimersByTimeAsync(1000))
    expect(screen.getByText(/^Session ends in/)).toHaveTextContent(/Session ends in (9|10):\d\d/)

    await user.click(screen.getByRole('button', { name: 'Sign out' }))
    expect(await screen.findByText('Please sign in')).toBeInTheDocument()
    expect(screen.queryByText(/^Signed in as/)).not.toBeInTheDocument()
    expect(kit.session.getSnapshot().status).toBe('signedOut')
  })

  it("given the app's name for the person, shows it", async () => {
    const { kit, proxy } = renderWithProxy(<SessionBadge name="ada@example.com" />)
    await signIn(kit, proxy, 'ada@example.com')
    expect(await screen.findByText(/^Signed in as/)).toHaveTextContent('Signed in as ada@example.com')
  })
})
