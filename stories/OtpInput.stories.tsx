import { within } from '@testing-library/dom'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { OtpInput, type OtpInputProps } from '../src/components'
import type { Meta, StoryObj } from './support/csf'

type OtpInputStoryArgs = Pick<OtpInputProps, 'length' | 'alphanumeric' | 'error' | 'hint'>

function ControlledOtpInput(args: OtpInputStoryArgs) {
  const [value, setValue] = useState('')
  return (
    <div className="apk-root" data-apk-theme="light">
      <OtpInput {...args} value={value} onValueChange={setValue} />
    </div>
  )
}

const meta: Meta<OtpInputStoryArgs> = {
  title: 'Components/OtpInput',
  component: OtpInput,
  args: { length: 6, alphanumeric: true },
  render: (args) => <ControlledOtpInput {...args} />,
}
export default meta

type Story = StoryObj<OtpInputStoryArgs>

export const Alphanumeric: Story = {
  args: { hint: 'The code expires in 5:00.' },
  parameters: {
    expectedState: [{ role: 'textbox', name: 'Verification code' }, { text: 'The code expires in 5:00.' }],
  },
}

export const DigitsOnly: Story = {
  args: { alphanumeric: false, length: 8 },
  parameters: { expectedState: [{ role: 'textbox', name: 'Verification code' }] },
}

export const WithError: Story = {
  args: { error: 'That code is not right. Check it and try again.' },
  parameters: {
    expectedState: [
      { role: 'textbox', name: 'Verification code' },
      { role: 'alert', text: 'That code is not right. Check it and try again.' },
    ],
  },
}

/** The field has focus: the first box is where the next character goes. */
export const Focused: Story = {
  args: { alphanumeric: false },
  play: async ({ canvasElement }) => {
    await userEvent.setup().click(within(canvasElement).getByRole('textbox', { name: 'Verification code' }))
  },
  parameters: { expectedState: [{ role: 'textbox', name: 'Verification code' }] },
}

/** A code typed in full: one character per box, the last one active. */
export const Filled: Story = {
  args: { alphanumeric: false },
  play: async ({ canvasElement }) => {
    const field = within(canvasElement).getByRole('textbox', { name: 'Verification code' })
    await userEvent.setup().type(field, '123456')
    if ((field as HTMLInputElement).value !== '123456') throw new Error('the code was not typed in full')
  },
  parameters: { expectedState: [{ role: 'textbox', name: 'Verification code' }] },
}
