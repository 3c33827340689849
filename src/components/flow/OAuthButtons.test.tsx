import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { KitError, type OAuthMode, type OAuthProviderName } from '../../react'
import { expectNoAxeViolations } from '../../react/test/expectNoAxeViolations'
import { OAuthButtons } from './OAuthButtons'

function renderButtons(
  providers: readonly OAuthProviderName[],
  failure?: { provider: OAuthProviderName; code: 'OAUTH_CANCELLED' | 'OAUTH_POPUP_BLOCKED' | 'OAUTH_STATE_MISMATCH' },
) {
  const onStart = vi.fn<(provider: OAuthProviderName, mode?: OAuthMode) => void>()
  const result = render(
    <OAuthButtons
      providers={providers}
      onStart={onStart}
      failure={failure ? { provider: failure.provider, error: new KitError(failure.code, 'test') } : undefined}
    />,
  )
  return { ...result, onStart, user: userEvent.setup() }
}

describe('OAuthButtons', () => {
  it('given two providers, shows a full button for each, mark and label together', async () => {
    const { container, onStart, user } = renderButtons(['google', 'apple'])
    const google = screen.getByRole('button', { name: 'Continue with Google' })
    expect(google).toHaveTextContent('Continue with Google')
    expect(google).not.toHaveAttribute('title')
    expect(container.querySelector('.apk-social-row')).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Continue with Apple' }))
    expect(onStart).toHaveBeenCalledExactlyOnceWith('apple')
    await expectNoAxeViolations(container)
  })

  it('given more than two providers, shows a row of marks, each named for screen readers and in its tooltip', async () => {
    const { container, onStart, user } = renderButtons(['google', 'apple', 'x', 'discord', 'facebook'])
    const row = container.querySelector('.apk-social-row')
    const buttons = screen.getAllByRole('button')
    expect(buttons.map((button) => button.closest('.apk-social-row'))).toEqual(buttons.map(() => row))
    expect(buttons.map((button) => button.getAttribute('title'))).toEqual([
      'Continue with Google',
      'Continue with Apple',
      'Continue with X',
      'Continue with Discord',
      'Continue with Facebook',
    ])
    // The name is there for assistive technology, not shown: the mark is.
    const x = screen.getByRole('button', { name: 'Continue with X' })
    expect(x.querySelector('.apk-visually-hidden')).toHaveTextContent('Continue with X')
    await user.click(x)
    expect(onStart).toHaveBeenCalledExactlyOnceWith('x')
    await expectNoAxeViolations(container)
  })

  it('given a cancel, says it neutrally under the button (no alert, no error colour), naming the provider, and focuses that button', () => {
    renderButtons(['google', 'apple'], { provider: 'apple', code: 'OAUTH_CANCELLED' })
    const apple = screen.getByRole('button', { name: 'Continue with Apple' })
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    const note = screen.getByRole('status')
    expect(note).toHaveTextContent('Apple sign-in was cancelled.')
    expect(note).toHaveClass('apk-hint')
    expect(note.closest('.apk-inline-error')).toBeNull()
    expect(apple.nextElementSibling).toContainElement(note)
    expect(apple).toHaveAccessibleDescription('Apple sign-in was cancelled.')
    expect(apple).toHaveFocus()
    expect(screen.getByRole('button', { name: 'Continue with Google' })).not.toHaveAccessibleDescription()
  })

  it('given a failure in the row of marks, says it under the row, with the kit message of other failures', () => {
    const { container } = renderButtons(['google', 'apple', 'x'], { provider: 'x', code: 'OAUTH_STATE_MISMATCH' })
    const alert = screen.getByRole('alert')
    expect(alert).toHaveTextContent('X sign-in failed. This sign-in link is not valid here. Please start again.')
    expect(container.querySelector('.apk-social-row')?.nextElementSibling).toContainElement(alert)
    expect(screen.getByRole('button', { name: 'Continue with X' })).toHaveFocus()
  })

  it('given a blocked popup, offers the same provider in this window', async () => {
    const { onStart, user } = renderButtons(['google'], { provider: 'google', code: 'OAUTH_POPUP_BLOCKED' })
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The Google window was blocked. Allow pop-ups for this site, or continue in this window.',
    )
    await user.click(screen.getByRole('button', { name: 'Continue in this window' }))
    expect(onStart).toHaveBeenCalledExactlyOnceWith('google', 'redirect')
  })
})
