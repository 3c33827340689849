import { within } from '@testing-library/dom'
import userEvent from '@testing-library/user-event'
import { LoginButton, type LoginButtonCustomProps } from '../src/components'
import type { Meta, StoryObj } from './support/csf'
import { MockProviders } from './support/MockProviders'
import { dialogOf } from './support/steps'

type Args = Omit<LoginButtonCustomProps, 'children'>

const meta: Meta<Args> = {
  title: 'Components/LoginButton.Custom',
  component: LoginButton.Custom as never,
  // An app's own button, with the kit's state and actions.
  render: (args, { loaded }) => (
    <MockProviders proxy={loaded.proxy}>
      <LoginButton.Custom {...args}>
        {({ status, buttonProps, labels }) => (
          <button {...buttonProps} className="apk-root apk-button apk-button-secondary">
            {status === 'signedIn' ? labels.account : `★ ${labels.logIn}`}
          </button>
        )}
      </LoginButton.Custom>
    </MockProviders>
  ),
}
export default meta

type Story = StoryObj<Args>

export const Closed: Story = {
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('button', { name: '★ Log in' })
  },
  parameters: { expectedState: [{ role: 'button', name: '★ Log in' }] },
}

export const Opened: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.setup().click(await within(canvasElement).findByRole('button', { name: '★ Log in' }))
    await dialogOf(canvasElement)
  },
  parameters: {
    expectedState: [
      { role: 'dialog', name: 'Log in or sign up' },
      { role: 'textbox', name: 'Email address' },
    ],
  },
}
