import { within } from '@testing-library/dom'
import userEvent from '@testing-library/user-event'
import { LoginModal } from '../src/components'
import type { Meta, StoryObj } from './support/csf'
import { LoginModalDemo, type LoginModalDemoProps } from './support/LoginModalDemo'
import { MockProviders } from './support/MockProviders'
import {
  clickInDialog,
  createPasskeyNamed,
  loadPasskeyBrowser,
  loadStrangerPasskey,
  STORY_PASSKEY_NAME,
} from './support/passkeys'
import { dialogOf, STORY_EMAIL } from './support/steps'

const meta: Meta<LoginModalDemoProps> = {
  title: 'Components/LoginModal/Passkeys',
  component: LoginModal,
  args: { theme: 'light' },
  loaders: [loadPasskeyBrowser()],
  render: (args, { loaded }) => (
    <MockProviders proxy={loaded.proxy} stores={loaded.stores} passkeys={loaded.passkeys}>
      <LoginModalDemo {...args} />
    </MockProviders>
  ),
}
export default meta

type Story = StoryObj<LoginModalDemoProps>

/** The demo tenant enables passkeys: both ways in, after the social buttons. */
export const Offered: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await dialogOf(canvasElement)
    await within(dialog).findByRole('button', { name: 'Create one' })
  },
  parameters: {
    expectedState: [
      { role: 'textbox', name: 'Email address' },
      { role: 'button', name: 'Continue with Google' },
      { role: 'button', name: 'Sign in with a passkey' },
      { role: 'button', name: 'Create one' },
    ],
  },
}

export const OfferedDark: Story = {
  ...Offered,
  args: { theme: 'dark' },
}

/** The browser's prompt is open (it stays open in this story). */
export const WaitingForPasskey: Story = {
  play: async ({ canvasElement, loaded }) => {
    loaded.passkeys?.holdNextPrompt()
    await createPasskeyNamed(canvasElement)
  },
  parameters: {
    expectedState: [
      { role: 'status', text: 'Waiting for your passkey…' },
      { text: 'Follow the prompt from your browser or device.' },
    ],
  },
}

/** The person closed the prompt: a calm word, and the buttons again. */
export const Cancelled: Story = {
  play: async ({ canvasElement, loaded }) => {
    loaded.passkeys?.cancelNextPrompt()
    const dialog = await clickInDialog(canvasElement, 'Sign in with a passkey')
    await within(dialog).findByText('Passkey request was cancelled.', undefined)
  },
  parameters: {
    expectedState: [
      { text: 'Passkey request was cancelled.' },
      { role: 'button', name: 'Sign in with a passkey' },
      { role: 'button', name: 'Create one' },
    ],
  },
}

/** A passkey the proxy does not know (another account's, or a deleted one's). */
export const NotRegisteredHere: Story = {
  loaders: [loadStrangerPasskey()],
  play: async ({ canvasElement }) => {
    const dialog = await clickInDialog(canvasElement, 'Sign in with a passkey')
    await within(dialog).findByRole('alert', undefined)
  },
  parameters: {
    expectedState: [
      { role: 'alert', text: /This passkey is not registered here/ },
      { role: 'button', name: 'Try again' },
      { role: 'button', name: 'Create one' },
    ],
  },
}

/** A browser without WebAuthn: a sentence instead of buttons that could only fail. */
export const Unsupported: Story = {
  loaders: [loadPasskeyBrowser({ supported: false })],
  play: async ({ canvasElement }) => {
    const dialog = await dialogOf(canvasElement)
    await within(dialog).findByText(/does not support passkeys/, undefined)
  },
  parameters: {
    expectedState: [
      { text: 'This browser does not support passkeys. Use another way to sign in, or another browser.' },
      { role: 'textbox', name: 'Email address' },
    ],
  },
}

/** Create a passkey asks for its name first: the email typed before fills it in. */
export const NamingThePasskey: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await dialogOf(canvasElement)
    await userEvent.setup().type(await within(dialog).findByRole('textbox', { name: 'Email address' }), STORY_EMAIL)
    await clickInDialog(canvasElement, 'Create one')
    await within(dialog).findByRole('textbox', { name: 'Name for this passkey' })
  },
  parameters: {
    expectedState: [
      { role: 'heading', name: 'Create a passkey' },
      { role: 'textbox', name: 'Name for this passkey' },
      { text: 'Your email or name, shown in your passkey list' },
      { role: 'button', name: 'Continue' },
      { role: 'button', name: 'Other ways to sign in' },
    ],
  },
}

export const NamingThePasskeyDark: Story = { ...NamingThePasskey, args: { theme: 'dark' } }

/** Continue with no name: the field says what it needs. */
export const PasskeyNameMissing: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await clickInDialog(canvasElement, 'Create one')
    await userEvent.setup().click(await within(dialog).findByRole('button', { name: 'Continue' }))
    await within(dialog).findByRole('alert')
  },
  parameters: {
    expectedState: [
      { role: 'alert', text: 'Enter a name for this passkey.' },
      { role: 'textbox', name: 'Name for this passkey' },
    ],
  },
}

/** Signed up with a passkey alone: the person by the passkey's name; the view offers to add another. */
export const SignedUpWithPasskey: Story = {
  // The signed-in view a sign-in goes on to when the app asks for it (by default the modal closes).
  args: { theme: 'light', closeOnSignIn: false },
  play: async ({ canvasElement }) => {
    const dialog = await createPasskeyNamed(canvasElement)
    await within(dialog).findByRole('heading', { name: `Signed in as ${STORY_PASSKEY_NAME}` })
  },
  parameters: {
    expectedState: [
      { role: 'heading', name: `Signed in as ${STORY_PASSKEY_NAME}` },
      { text: 'Signed in with a passkey' },
      { role: 'button', name: 'Add a passkey' },
      { role: 'button', name: 'Sign out' },
    ],
  },
}

/** A passkey added from the signed-in view. */
export const PasskeyAdded: Story = {
  // Added from the signed-in view the sign-up goes on to (closeOnSignIn={false}).
  args: { theme: 'light', closeOnSignIn: false },
  play: async ({ canvasElement }) => {
    await createPasskeyNamed(canvasElement)
    const dialog = await clickInDialog(canvasElement, 'Add a passkey')
    await within(dialog).findByText('Passkey added. Next time, you can sign in with it.', undefined)
  },
  parameters: {
    expectedState: [
      { text: 'Passkey added. Next time, you can sign in with it.' },
      { role: 'button', name: 'Add a passkey' },
    ],
  },
}

/**
 * The sign-up failed after the browser made the passkey (here the proxy refuses the signup_v2): no "Try
 * again" that could make a second account, but the passkey just made, or back to the start.
 */
export const SignUpIncomplete: Story = {
  play: async ({ canvasElement, loaded }) => {
    loaded.proxy.setFailure('signup_v2', { code: 13, message: 'signup lost' })
    const dialog = await createPasskeyNamed(canvasElement)
    await within(dialog).findByRole('button', { name: 'Sign in with the passkey you just created' })
  },
  parameters: {
    expectedState: [
      {
        role: 'alert',
        text: 'Your passkey was created, but signing in did not finish. Sign in with the passkey you just created.',
      },
      { role: 'button', name: 'Sign in with the passkey you just created' },
      { role: 'button', name: 'Start over' },
    ],
  },
}

/** The passkey just made has no account behind it (its signup never reached the proxy): say so, offer to sign up again. */
export const PasskeyWithoutAccount: Story = {
  play: async ({ canvasElement, loaded }) => {
    loaded.proxy.setFailure('signup_v2', { code: 13, message: 'signup lost' })
    await createPasskeyNamed(canvasElement)
    const dialog = await clickInDialog(canvasElement, 'Sign in with the passkey you just created')
    await within(dialog).findByRole('button', { name: 'Create your account again' })
  },
  parameters: {
    expectedState: [
      { role: 'alert', text: /This passkey was created but its account was not/ },
      { role: 'button', name: 'Create your account again' },
      { role: 'button', name: 'Sign in with a passkey' },
    ],
  },
}
