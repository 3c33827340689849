import { within } from '@testing-library/dom'
import { LoginButton, type LoginButtonProps } from '../src/components'
import type { Meta, StoryObj } from './support/csf'
import { sessionStorageKey } from '../src/core/session/sessionStore'
import { DEMO_CONFIG_ID } from '../src/mock'
import { memoryStores, MockProviders, type StoryStores } from './support/MockProviders'

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

/**
 * A returning visitor while the stored session is checked: a busy button as wide as "Log in", named for
 * what is happening. Held here by a key store that never answers; in an app it lasts a moment.
 */
export const CheckingSession: Story = {
  name: 'Checking a stored session',
  render: (args, { loaded }) => (
    <MockProviders proxy={loaded.proxy} stores={checkingStores()}>
      <LoginButton {...args} />
    </MockProviders>
  ),
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('button', { name: 'Checking your session…' })
  },
  parameters: { expectedState: [{ role: 'button', name: 'Checking your session…' }] },
}

/** Stores holding a well-formed session whose key the key store never confirms. */
function checkingStores(): StoryStores {
  const base64url = (value: object) =>
    btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
  const token = [
    base64url({ alg: 'ES256', typ: 'JWT' }),
    base64url({
      exp: Math.floor(Date.now() / 1000) + 900,
      public_key: `02${'ab'.repeat(32)}`,
      user_id: 'story-user',
      organization_id: 'story-organization',
      session_type: 'SESSION_TYPE_READ_WRITE',
    }),
    'signature',
  ].join('.')
  const stores = memoryStores()
  stores.storage.setItem(sessionStorageKey(DEMO_CONFIG_ID), token)
  return { ...stores, keyStore: { ...stores.keyStore, has: () => new Promise<boolean>(() => undefined) } }
}
