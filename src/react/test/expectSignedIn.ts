import { screen, waitFor } from '@testing-library/react'
import { expect } from 'vitest'

/**
 * A sign-in through the modal ended: the modal closed by itself (LoginModal's `closeOnSignIn`, on by
 * default) and the button that opened it says "Account", with focus back on it (`openedByButton`; a
 * modal that opened by itself, on the way back from a provider, had taken focus from nowhere).
 */
export async function expectSignedIn({ openedByButton = true } = {}): Promise<void> {
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  const account = await screen.findByRole('button', { name: 'Account' })
  if (openedByButton) await waitFor(() => expect(account).toHaveFocus())
}
