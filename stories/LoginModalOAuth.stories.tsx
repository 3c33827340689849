import { within } from '@testing-library/dom'
import { LoginModal } from '../src/components'
import { createMockAuthProxy, DEMO_CONFIG_ID, DEMO_OAUTH_CLIENT_IDS, DEMO_ORGANIZATION_ID } from '../src/mock'
import type { Meta, StoryObj } from './support/csf'
import { STORY_PROXY_PATH } from './support/loadMockProxy'
import { LoginModalDemo, type LoginModalDemoProps } from './support/LoginModalDemo'
import { MockProviders } from './support/MockProviders'
import { answerInPopup, clickProvider, loadOAuthWindow, loadRedirectReturn } from './support/oauth'
import { fakeOAuthWindow, type FakeOAuthWindow } from '../src/react/test/fakeOAuthWindow'
import { dialogOf } from './support/steps'

const meta: Meta<LoginModalDemoProps> = {
  title: 'Components/LoginModal/Social sign-in',
  component: LoginModal,
  args: { theme: 'light' },
  loaders: [loadOAuthWindow()],
  render: (args, { loaded }) => (
    <MockProviders
      proxy={loaded.proxy}
      stores={loaded.stores}
      oauthWindow={loaded.oauthWindow}
      oauthMode={loaded.oauthMode}
    >
      <LoginModalDemo {...args} />
    </MockProviders>
  ),
}
export default meta

type Story = StoryObj<LoginModalDemoProps>

/** A tenant with every provider: each button with its mark. */
export const AllProviders: Story = {
  loaders: [
    async () => {
      const proxy = createMockAuthProxy({
        strictFields: true,
        basePath: STORY_PROXY_PATH,
        tenants: [
          {
            configId: DEMO_CONFIG_ID,
            organizationId: DEMO_ORGANIZATION_ID,
            enabledProviders: ['email', 'google', 'apple', 'x', 'discord', 'facebook'],
            oauthClientIds: DEMO_OAUTH_CLIENT_IDS,
          },
        ],
      })
      await proxy.ready
      return { proxy }
    },
  ],
  play: async ({ canvasElement }) => {
    const dialog = await dialogOf(canvasElement)
    await within(dialog).findByRole('button', { name: 'Continue with Facebook' })
  },
  parameters: {
    expectedState: [
      { role: 'textbox', name: 'Email address' },
      { text: 'or' },
      { role: 'button', name: 'Continue with Google' },
      { role: 'button', name: 'Continue with Apple' },
      { role: 'button', name: 'Continue with X' },
      { role: 'button', name: 'Continue with Discord' },
      { role: 'button', name: 'Continue with Facebook' },
    ],
  },
}

export const AllProvidersDark: Story = {
  ...AllProviders,
  args: { theme: 'dark' },
}

export const WaitingForPopup: Story = {
  play: async ({ canvasElement }) => {
    await clickProvider(canvasElement, 'Google')
  },
  parameters: {
    expectedState: [
      { role: 'status', text: 'Waiting for Google…' },
      { role: 'button', name: 'Cancel' },
    ],
  },
}

export const PopupBlocked: Story = {
  loaders: [loadOAuthWindow({ blockPopups: true })],
  play: async ({ canvasElement }) => {
    const dialog = await clickProvider(canvasElement, 'Google')
    await within(dialog).findByRole('alert')
  },
  parameters: {
    expectedState: [
      { role: 'alert', text: /The Google window was blocked/ },
      { role: 'button', name: 'Continue with Google' },
      { role: 'button', name: 'Continue in this window' },
    ],
  },
}

/** The person closed Google's window before finishing. */
export const PopupClosed: Story = {
  play: async ({ canvasElement, loaded }) => {
    const dialog = await clickProvider(canvasElement, 'Google')
    const page = loaded.oauthWindow as FakeOAuthWindow
    await within(dialog).findByText('Waiting for Google…')
    page.popup().closed = true
    await within(dialog).findByText('The Google window was closed before sign-in finished.')
  },
  parameters: {
    expectedState: [
      { text: 'The Google window was closed before sign-in finished.' },
      { role: 'button', name: 'Continue with Google' },
    ],
  },
}

/** Redirect mode: the page is on its way to Google (the fake window records where). */
export const RedirectingToProvider: Story = {
  loaders: [async () => ({ oauthWindow: fakeOAuthWindow(), oauthMode: 'redirect' as const })],
  play: async ({ canvasElement }) => {
    const dialog = await clickProvider(canvasElement, 'Google')
    await within(dialog).findByText('Taking you to Google…')
  },
  parameters: {
    expectedState: [
      { role: 'dialog', name: 'Continue with Google' },
      { role: 'status', text: 'Taking you to Google…' },
    ],
  },
}

export const CancelledAtProvider: Story = {
  play: async ({ canvasElement, loaded }) => {
    const dialog = await clickProvider(canvasElement, 'Apple')
    await answerInPopup(loaded, 'apple', 'Cancel')
    await within(dialog).findByText('Apple sign-in was cancelled.')
  },
  parameters: {
    expectedState: [{ text: 'Apple sign-in was cancelled.' }, { role: 'button', name: 'Continue with Apple' }],
  },
}

export const SignedInWithGoogle: Story = {
  // The signed-in view a sign-in goes on to when the app asks for it (by default the modal closes).
  args: { theme: 'light', closeOnSignIn: false },
  play: async ({ canvasElement, loaded }) => {
    const dialog = await clickProvider(canvasElement, 'Google')
    await answerInPopup(loaded, 'google', 'Continue as Ada Lovelace')
    await within(dialog).findByRole('heading', { name: 'Signed in as ada@example.com' })
  },
  parameters: {
    expectedState: [
      { role: 'heading', name: 'Signed in as ada@example.com' },
      { text: 'Signed in with Google' },
      { role: 'button', name: 'Sign out' },
    ],
  },
}

/** Back from Google by redirect: the answer is being exchanged (the mock is slowed to show it). */
export const BackFromRedirectSigningIn: Story = {
  loaders: [loadRedirectReturn('Continue as Ada Lovelace', 10_000)],
  play: async ({ canvasElement }) => {
    const dialog = await dialogOf(canvasElement)
    await within(dialog).findByText('Signing you in…', undefined)
  },
  parameters: { expectedState: [{ role: 'status', text: 'Signing you in…' }] },
}

/** Back from Google by redirect after Cancel on its page. */
export const BackFromRedirectCancelled: Story = {
  loaders: [loadRedirectReturn('Cancel')],
  play: async ({ canvasElement }) => {
    const dialog = await dialogOf(canvasElement)
    await within(dialog).findByText('Google sign-in was cancelled.')
  },
  parameters: {
    expectedState: [{ text: 'Google sign-in was cancelled.' }, { role: 'button', name: 'Continue with Google' }],
  },
}
