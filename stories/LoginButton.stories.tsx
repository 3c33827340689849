import { within } from '@testing-library/dom'
import { LoginButton, type LoginButtonProps } from '../src/components'
import type { Meta, StoryObj } from './support/csf'
import { MockProviders } from './support/MockProviders'

const meta: Meta<LoginButtonProps> = {
  title: 'Components/LoginButton',
  component: LoginButton,
  render: (args, { loaded }) => (
    <MockProviders proxy={loaded.proxy}>
      <LoginButton {...args} />
    </MockProviders>
  ),
}
export default meta

type Story = StoryObj<LoginButtonProps>

export const SignedOut: Story = {
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('button', { name: 'Log in' })
  },
  parameters: { expectedState: [{ role: 'button', name: 'Log in' }] },
}

export const CustomLabel: Story = {
  args: { labels: { logIn: 'Sign in' }, theme: 'dark' },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('button', { name: 'Sign in' })
  },
  parameters: { expectedState: [{ role: 'button', name: 'Sign in' }] },
}
