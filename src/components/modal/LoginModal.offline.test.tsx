// The modal while the browser reports itself offline: it says so, sends nothing, and holds nothing back.
import { onlineManager } from '@tanstack/react-query'
import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderWithProxy } from '../../react/test/renderWithProxy'
import { wholeText } from '../../react/test/wholeText'
import { LoginButton } from './LoginButton'

afterEach(() => {
  onlineManager.setOnline(true)
})

describe('LoginModal offline', () => {
  it('says "You\'re offline" for a code asked for offline, not that one may be on its way, and sends it once online', async () => {
    const { user, proxy, requests } = renderWithProxy(<LoginButton />)
    await user.click(await screen.findByRole('button', { name: 'Log in' }))
    const dialog = await screen.findByRole('dialog', { name: 'Log in or sign up' })
    await user.type(await within(dialog).findByRole('textbox', { name: 'Email address' }), 'away@example.com')

    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    onlineManager.setOnline(false)
    const send = within(dialog).getByRole('button', { name: 'Continue with email' })
    await user.click(send)
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      "You're offline. Check your connection and try again.",
    )
    expect(within(dialog).queryByText(/may already be on its way/)).not.toBeInTheDocument()
    expect(send).toBeEnabled()
    expect(requests.filter((request) => request.startsWith('otp_init'))).toEqual([])

    onLine.mockRestore()
    onlineManager.setOnline(true)
    await user.click(send)
    await within(dialog).findByText(wholeText('We sent a code to away@example.com'))
    await waitFor(() => expect(proxy.outbox('away@example.com')).toHaveLength(1))
  })
})
