import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { expectNoAxeViolations } from '../../react/test/expectNoAxeViolations'
import { OtpInput } from './OtpInput'

function ControlledOtpInput(props: {
  alphanumeric: boolean
  onComplete?(code: string): void
  error?: string
  length?: number
}) {
  const [value, setValue] = useState('')
  return <OtpInput value={value} onValueChange={setValue} length={6} {...props} />
}

/** The boxes drawn for the code: what each shows, and which is active or selected. Hidden from assistive technology. */
function boxes(container: HTMLElement) {
  const row = container.querySelector('.apk-otp-boxes')
  expect(row).toHaveAttribute('aria-hidden', 'true')
  return Array.from(row?.querySelectorAll('.apk-otp-box') ?? []).map((box) =>
    [
      box.textContent || '_',
      box.classList.contains('apk-otp-box-active') ? '*' : '',
      box.classList.contains('apk-otp-box-selected') ? '#' : '',
    ].join(''),
  )
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

  it('draws one box per character of the tenant length, 6 or 8, and asks iOS for its number pad when digits only', () => {
    const six = render(<ControlledOtpInput alphanumeric />)
    expect(boxes(six.container)).toEqual(['_', '_', '_', '_', '_', '_'])
    expect(screen.getByRole('textbox', { name: 'Verification code' })).not.toHaveAttribute('pattern')
    six.unmount()
    const eight = render(<ControlledOtpInput alphanumeric={false} length={8} />)
    expect(boxes(eight.container)).toHaveLength(8)
    // The second half starts after a wider gap: 1234 5678.
    expect(eight.container.querySelectorAll('.apk-otp-box')[4]).toHaveClass('apk-otp-box-group')
    expect(screen.getByRole('textbox', { name: 'Verification code' })).toHaveAttribute('pattern', '[0-9]*')
  })

  it('fills the boxes in order as the person types, the next one active, none active without focus', async () => {
    const user = userEvent.setup()
    const { container } = render(<ControlledOtpInput alphanumeric={false} />)
    expect(boxes(container)).toEqual(['_', '_', '_', '_', '_', '_'])
    const field = screen.getByRole('textbox', { name: 'Verification code' })
    await user.click(field)
    expect(boxes(container)).toEqual(['_*', '_', '_', '_', '_', '_'])
    await user.keyboard('12')
    expect(boxes(container)).toEqual(['1', '2', '_*', '_', '_', '_'])
    await user.keyboard('{Backspace}')
    expect(boxes(container)).toEqual(['1', '_*', '_', '_', '_', '_'])
    await user.tab()
    expect(boxes(container)).toEqual(['1', '_', '_', '_', '_', '_'])
  })

  it('given a paste, fills every box at once; a full code keeps the last box active; selecting it all shows every box selected', async () => {
    const user = userEvent.setup()
    const onComplete = vi.fn<(code: string) => void>()
    const { container } = render(<ControlledOtpInput alphanumeric={false} onComplete={onComplete} />)
    const field = screen.getByRole<HTMLInputElement>('textbox', { name: 'Verification code' })
    await user.click(field)
    await user.paste('123-456')
    expect(boxes(container)).toEqual(['1', '2', '3', '4', '5', '6*'])
    expect(onComplete).toHaveBeenCalledExactlyOnceWith('123456')
    // What the kit does after a wrong code, so that typing replaces it.
    field.select()
    await expect.poll(() => boxes(container)).toEqual(['1#', '2#', '3#', '4#', '5#', '6#'])
  })

  it('given an error, marks the boxes invalid too', () => {
    const { container } = render(<ControlledOtpInput alphanumeric error="That code is not right." />)
    expect(container.querySelector('.apk-otp')).toHaveAttribute('data-invalid', 'true')
  })
})
