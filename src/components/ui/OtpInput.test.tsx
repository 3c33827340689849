import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { expectNoAxeViolations } from '../../react/test/expectNoAxeViolations'
import { OtpInput } from './OtpInput'

function ControlledOtpInput(props: { alphanumeric: boolean; onComplete?(code: string): void; error?: string }) {
  const [value, setValue] = useState('')
  return <OtpInput value={value} onValueChange={setValue} length={6} {...props} />
}

describe('OtpInput', () => {
  it('is one text field labelled "Verification code", ready for the platform autofill', () => {
    render(<ControlledOtpInput alphanumeric={false} />)
    const field = screen.getByRole('textbox', { name: 'Verification code' })
    expect(screen.getAllByRole('textbox')).toHaveLength(1)
    expect(field).toHaveAttribute('autocomplete', 'one-time-code')
    expect(field).toHaveAttribute('inputmode', 'numeric')
    expect(field).toHaveAttribute('autocapitalize', 'characters')
    expect(field).toHaveAttribute('maxlength', '6')
  })

  it('given an alphanumeric code, it asks for a text keyboard', () => {
    render(<ControlledOtpInput alphanumeric />)
    expect(screen.getByRole('textbox', { name: 'Verification code' })).toHaveAttribute('inputmode', 'text')
  })

  it('given typed look-alikes and lowercase, it shows the Crockford code', async () => {
    const user = userEvent.setup()
    render(<ControlledOtpInput alphanumeric />)
    const field = screen.getByRole('textbox', { name: 'Verification code' })
    await user.type(field, 'ab-o1l')
    expect(field).toHaveValue('AB011')
  })

  it('given a pasted code with spaces, a dash and look-alikes, it keeps the whole code and reports it complete once', async () => {
    const user = userEvent.setup()
    const onComplete = vi.fn()
    render(<ControlledOtpInput alphanumeric={false} onComplete={onComplete} />)
    const field = screen.getByRole('textbox', { name: 'Verification code' })
    await user.click(field)
    await user.paste(' o12 - 3i4 ')
    expect(field).toHaveValue('012314')
    expect(onComplete).toHaveBeenCalledTimes(1)
    expect(onComplete).toHaveBeenCalledWith('012314')
    // Typing past the end changes nothing and does not submit again.
    await user.type(field, '9')
    expect(field).toHaveValue('012314')
    expect(onComplete).toHaveBeenCalledTimes(1)
  })

  it('given digits only, it drops letters that are not look-alikes', async () => {
    const user = userEvent.setup()
    render(<ControlledOtpInput alphanumeric={false} />)
    const field = screen.getByRole('textbox', { name: 'Verification code' })
    await user.type(field, '1x2y3')
    expect(field).toHaveValue('123')
  })

  it('given an error, it marks the field invalid and describes it with the message', async () => {
    const { container } = render(<ControlledOtpInput alphanumeric error="That code is not right." />)
    const field = screen.getByRole('textbox', { name: 'Verification code' })
    expect(field).toHaveAttribute('aria-invalid', 'true')
    expect(field).toHaveAccessibleDescription('That code is not right.')
    expect(screen.getByRole('alert')).toHaveTextContent('That code is not right.')
    await expectNoAxeViolations(container)
  })
})
