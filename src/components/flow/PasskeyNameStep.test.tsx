import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { expectNoAxeViolations } from '../../react/test/expectNoAxeViolations'
import { PasskeyNameStep } from './PasskeyNameStep'

function renderStep(initialName = '') {
  const onSubmit = vi.fn<(name: string) => void>()
  // The title row's heading (the flow's) names the form.
  const result = render(
    <>
      <h2 id="title">Create a passkey</h2>
      <PasskeyNameStep titleId="title" initialName={initialName} onSubmit={onSubmit} />
    </>,
  )
  return { ...result, onSubmit, user: userEvent.setup() }
}

describe('PasskeyNameStep', () => {
  it('given the email typed earlier, starts from it, focused, with the hint, and submits it', async () => {
    const { onSubmit, user, container } = renderStep('ada@example.com')
    expect(screen.getByRole('form', { name: 'Create a passkey' })).toBeInTheDocument()
    const field = screen.getByRole('textbox', { name: 'Name for this passkey' })
    expect(field).toHaveValue('ada@example.com')
    expect(field).toHaveFocus()
    expect(field).toBeRequired()
    expect(field).toHaveAccessibleDescription('Your email or name, shown in your passkey list')
    await expectNoAxeViolations(container)

    await user.keyboard('{Enter}')
    expect(onSubmit).toHaveBeenCalledExactlyOnceWith('ada@example.com')
  })

  it('refuses an empty name on the field, and takes the name typed (trimmed) once there is one', async () => {
    const { onSubmit, user, container } = renderStep()
    await user.click(screen.getByRole('button', { name: 'Continue' }))
    const field = screen.getByRole('textbox', { name: 'Name for this passkey' })
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a name for this passkey.')
    expect(field).toHaveAttribute('aria-invalid', 'true')
    expect(field).toHaveAccessibleDescription(
      'Your email or name, shown in your passkey list Enter a name for this passkey.',
    )
    expect(field).toHaveFocus()
    expect(onSubmit).not.toHaveBeenCalled()
    await expectNoAxeViolations(container)

    await user.type(field, '  Ada’s laptop ')
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Continue' }))
    expect(onSubmit).toHaveBeenCalledExactlyOnceWith('Ada’s laptop')
  })
})
