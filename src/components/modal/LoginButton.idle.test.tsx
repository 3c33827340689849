import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { renderWithProxy } from '../../react/test/renderWithProxy'
import { chunks } from '../../chunks'
import { LoginButton } from './LoginButton'

// A file of its own: the dialog's chunk, once loaded, stays loaded for the rest of a test file.
describe('LoginButton, the modal prefetched when idle', () => {
  it('loads the dialog and the OTP flow once the browser is idle after mounting, with no hover, focus or click', async () => {
    const load = vi.spyOn(chunks.dialog, 'load')
    expect(chunks.dialog.getSnapshot().status).toBe('idle')
    expect(chunks.otpFlow.getSnapshot().status).toBe('idle')
    renderWithProxy(<LoginButton />)
    // Not during the render that mounts it: the first paint goes first.
    expect(load).not.toHaveBeenCalled()
    await screen.findByRole('button', { name: 'Log in' })
    await waitFor(() => expect(chunks.dialog.getSnapshot().status).toBe('loaded'))
    // The modal's first form (email or phone) runs the OTP flow: the first click then fetches nothing.
    await waitFor(() => expect(chunks.otpFlow.getSnapshot().status).toBe('loaded'))
    expect(load).toHaveBeenCalledTimes(1)
  })
})
