import { within } from '@testing-library/dom'
import { LoginModal } from '../src/components'
import type { Meta, StoryObj } from './support/csf'
import { createMockAuthProxy, DEMO_TENANT } from '../src/mock'
import { loadMockProxy, STORY_PROXY_PATH } from './support/loadMockProxy'
import { LoginModalDemo, type LoginModalDemoProps } from './support/LoginModalDemo'
import { MockProviders } from './support/MockProviders'
import { dialogOf, LONG_EMAIL, requestCode, sentCode, STORY_EMAIL, submitEmail, typeCode } from './support/steps'
import { wholeText } from '../src/react/test/wholeText'

const meta: Meta<LoginModalDemoProps> = {
  title: 'Components/LoginModal',
  component: LoginModal,
  args: { theme: 'light' },
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

export const EmailEntry: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await dialogOf(canvasElement)
    await within(dialog).findByRole('textbox', { name: 'Email address' })
  },
  parameters: {
    expectedState: [
      { role: 'dialog', name: 'Log in or sign up' },
      { role: 'textbox', name: 'Email address' },
      { role: 'button', name: 'Continue with email' },
    ],
  },
}

export const EmailEntryDark: Story = {
  ...EmailEntry,
  args: { theme: 'dark' },
}

export const Sending: Story = {
  play: async ({ canvasElement, loaded }) => {
    const dialog = await dialogOf(canvasElement)
    await within(dialog).findByRole('textbox', { name: 'Email address' })
    // Slow the mock down only now, so the config loads at once and the sending state lasts.
    loaded.proxy.setLatency(10_000)
    await submitEmail(canvasElement)
  },
  parameters: {
    expectedState: [
      { role: 'status', text: 'Sending code…' },
      { role: 'button', name: 'Continue with email' },
    ],
  },
}

export const CodeEntry: Story = {
  play: async ({ canvasElement }) => {
    await requestCode(canvasElement)
  },
  parameters: {
    expectedState: [
      { text: wholeText(`We sent a code to ${STORY_EMAIL}`) },
      { role: 'textbox', name: 'Verification code' },
      { role: 'button', name: 'Verify' },
      { role: 'button', name: 'Resend code' },
      { role: 'button', name: 'Use a different email' },
    ],
  },
}

export const CodeEntryDark: Story = { ...CodeEntry, args: { theme: 'dark' } }

/** A long address: a line ends before its @, never inside it; a part too long for a line ends in "…". */
export const CodeEntryLongEmail: Story = {
  name: 'Code entry, long email',
  play: async ({ canvasElement }) => {
    await requestCode(canvasElement, LONG_EMAIL)
  },
  parameters: {
    expectedState: [
      { text: wholeText(`We sent a code to ${LONG_EMAIL}`) },
      { role: 'textbox', name: 'Verification code' },
    ],
  },
}

export const CodeEntryLongEmailDark: Story = {
  ...CodeEntryLongEmail,
  name: 'Code entry, long email (dark)',
  args: { theme: 'dark' },
}

/**
 * A tenant whose dashboard sets 8-digit codes: the field takes its length and alphabet from
 * wallet_kit_config (8 characters, a number keyboard), the kit sends neither.
 */
export const CodeEntryEightDigits: Story = {
  loaders: [
    async () => {
      const proxy = createMockAuthProxy({
        strictFields: true,
        basePath: STORY_PROXY_PATH,
        tenants: [{ ...DEMO_TENANT, otpLength: 8, otpAlphanumeric: false }],
      })
      await proxy.ready
      return { proxy }
    },
  ],
  play: async ({ canvasElement }) => {
    const dialog = await requestCode(canvasElement)
    const field = within(dialog).getByRole('textbox', { name: 'Verification code' })
    if (field.getAttribute('maxlength') !== '8' || field.getAttribute('inputmode') !== 'numeric') {
      throw new Error(
        `expected an 8-digit numeric code field, got maxlength ${field.getAttribute('maxlength')}, inputmode ${field.getAttribute('inputmode')}`,
      )
    }
  },
  parameters: {
    expectedState: [
      { text: wholeText(`We sent a code to ${STORY_EMAIL}`) },
      { role: 'textbox', name: 'Verification code' },
    ],
  },
}

export const WrongCode: Story = {
  play: async ({ canvasElement, loaded }) => {
    const dialog = await requestCode(canvasElement)
    const code = sentCode(loaded.proxy)
    // Same alphabet and length, and the same on every run (the visual baseline shows it): certainly wrong.
    const wrong = '2'.repeat(code.length)
    await typeCode(dialog, code === wrong ? '3'.repeat(code.length) : wrong)
    await within(dialog).findByRole('alert')
  },
  parameters: {
    expectedState: [
      { role: 'alert', text: /not right/ },
      { role: 'textbox', name: 'Verification code' },
    ],
  },
}

export const SignedIn: Story = {
  // The signed-in view a sign-in goes on to when the app asks for it (by default the modal closes).
  args: { theme: 'light', closeOnSignIn: false },
  play: async ({ canvasElement, loaded }) => {
    const dialog = await requestCode(canvasElement)
    await typeCode(dialog, sentCode(loaded.proxy))
    await within(dialog).findByRole('heading', { name: `Signed in as ${STORY_EMAIL}` })
  },
  parameters: {
    expectedState: [
      { role: 'dialog', name: 'Your account' },
      { role: 'heading', name: `Signed in as ${STORY_EMAIL}` },
      { role: 'button', name: 'Sign out' },
      { role: 'button', name: 'Done' },
    ],
  },
}

export const SignedInDark: Story = { ...SignedIn, args: { theme: 'dark', closeOnSignIn: false } }

export const ConfigError: Story = {
  // The failure must be set before the provider's first request, hence a loader and not the play function.
  loaders: [
    async () => {
      const { proxy } = await loadMockProxy()
      proxy?.setFailure('wallet_kit_config', { code: 13, message: 'config store down' })
      return { proxy }
    },
  ],
  play: async ({ canvasElement }) => {
    const dialog = await dialogOf(canvasElement)
    await within(dialog).findByRole('button', { name: 'Try again' })
  },
  parameters: {
    expectedState: [
      { role: 'alert', text: /sign-in service had a problem/ },
      { role: 'button', name: 'Try again' },
    ],
  },
}

/** The proxy refuses the code it sent with `failure`: only a new code helps, and the alert says why. */
function codeRefusedStory(failure: { code: number; message: string }, alert: string): Story {
  return {
    play: async ({ canvasElement, loaded }) => {
      const dialog = await requestCode(canvasElement)
      const code = sentCode(loaded.proxy)
      loaded.proxy.setFailure('otp_verify_v2', failure)
      await typeCode(dialog, code)
      await within(dialog).findByRole('button', { name: 'Send a new code' })
    },
    parameters: {
      expectedState: [
        { role: 'alert', text: alert },
        { role: 'button', name: 'Send a new code' },
      ],
    },
  }
}

/** The proxy says the code is no longer valid (expired or used). */
export const ExpiredCode: Story = codeRefusedStory(
  { code: 9, message: 'otp expired' },
  'This code has expired. Request a new one.',
)

/** The code is being checked: the mock is slowed down once the code is typed. */
export const Verifying: Story = {
  play: async ({ canvasElement, loaded }) => {
    const dialog = await requestCode(canvasElement)
    const code = sentCode(loaded.proxy)
    loaded.proxy.setLatency(10_000)
    await typeCode(dialog, code)
    await within(dialog).findByText('Verifying…')
  },
  parameters: {
    expectedState: [
      { role: 'dialog', name: 'Check your email' },
      { role: 'status', text: 'Verifying…' },
      { role: 'button', name: 'Verify' },
    ],
  },
}

/** Too many wrong codes: this code is spent. */
export const TooManyWrongCodes: Story = codeRefusedStory(
  { code: 8, message: 'Max number of attempts reached' },
  'Too many wrong codes. Request a new one.',
)

/** The tenant's sign-in options are on their way (the mock is slowed down before the first request). */
export const LoadingOptions: Story = {
  loaders: [
    async () => {
      const { proxy } = await loadMockProxy()
      proxy?.setLatency(60_000)
      return { proxy }
    },
  ],
  play: async ({ canvasElement }) => {
    const dialog = await dialogOf(canvasElement)
    await within(dialog).findByText('Loading sign-in options…')
  },
  parameters: { expectedState: [{ role: 'status', text: 'Loading sign-in options…' }] },
}

/** The app asks for a method its tenant does not enable: nothing to offer, and who to ask. */
export const NoMethods: Story = {
  args: { methods: ['passkey'] },
  loaders: [
    async () => {
      const proxy = createMockAuthProxy({
        strictFields: true,
        basePath: STORY_PROXY_PATH,
        tenants: [{ ...DEMO_TENANT, enabledProviders: ['email'] }],
      })
      await proxy.ready
      return { proxy }
    },
  ],
  play: async ({ canvasElement }) => {
    const dialog = await dialogOf(canvasElement)
    await within(dialog).findByText(/No sign-in method is available/, undefined)
  },
  parameters: { expectedState: [{ text: /No sign-in method is available for this site yet/ }] },
}

/** The code step on a narrow phone: a sheet from the bottom edge. */
export const NarrowCodeEntry: Story = { ...CodeEntry, globals: { viewport: { value: 'mobile' } } }

/** French, loaded when asked for: the copy and the error messages. */
export const French: Story = {
  args: { locale: 'fr' },
  play: async ({ canvasElement }) => {
    const dialog = await within(canvasElement.ownerDocument.body).findByRole('dialog', {
      name: 'Connexion ou inscription',
    })
    await within(dialog).findByRole('textbox', { name: 'Adresse e-mail' })
  },
  parameters: {
    expectedState: [
      { role: 'dialog', name: 'Connexion ou inscription' },
      { role: 'textbox', name: 'Adresse e-mail' },
      { role: 'button', name: 'Continuer avec l’e-mail' },
    ],
  },
}

/** The method list on a narrow phone (360 px): Storybook's "mobile" viewport. */
export const NarrowMobile: Story = { ...EmailEntry, globals: { viewport: { value: 'mobile' } } }
