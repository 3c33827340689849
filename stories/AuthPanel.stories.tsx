import { within } from '@testing-library/dom'
import userEvent from '@testing-library/user-event'
import { AuthPanel, type AuthPanelProps, lightTheme } from '../src/components'
import type { Meta, StoryObj } from './support/csf'
import { MockProviders } from './support/MockProviders'
import { sentCode, STORY_EMAIL } from './support/steps'
import { wholeText } from '../src/react/test/wholeText'

const meta: Meta<AuthPanelProps & { width?: number }> = {
  title: 'Components/AuthPanel',
  component: AuthPanel,
  args: { theme: 'light' },
  render: ({ width, ...args }, { loaded }) => (
    <MockProviders proxy={loaded.proxy} offline={loaded.offline}>
      {/* A page column: the panel takes its width, up to the dialog's. */}
      <div style={width === undefined ? undefined : { width }}>
        <AuthPanel {...args} />
      </div>
    </MockProviders>
  ),
}
export default meta

type Story = StoryObj<AuthPanelProps & { width?: number }>

async function panelOf(canvasElement: HTMLElement, name = 'Log in or sign up'): Promise<HTMLElement> {
  return within(canvasElement).findByRole('region', { name })
}

async function requestPanelCode(canvasElement: HTMLElement): Promise<HTMLElement> {
  const user = userEvent.setup()
  const panel = await panelOf(canvasElement)
  await user.type(await within(panel).findByRole('textbox', { name: 'Email address' }), STORY_EMAIL)
  await user.click(within(panel).getByRole('button', { name: 'Continue with email' }))
  await within(panel).findByText(wholeText(`We sent a code to ${STORY_EMAIL}`), undefined)
  return panel
}

const methodList = [
  { role: 'region', name: 'Log in or sign up' },
  { role: 'textbox', name: 'Email address' },
  { role: 'button', name: 'Continue with Google' },
  { role: 'button', name: 'Continue with phone' },
] as const

/** Every method the demo tenant enables, in its order. */
export const MethodList: Story = {
  play: async ({ canvasElement }) => {
    await within(await panelOf(canvasElement)).findByRole('button', { name: 'Continue with Google' })
  },
  parameters: { expectedState: [...methodList] },
}

export const MethodListDark: Story = { ...MethodList, args: { theme: 'dark' } }

/** A typed theme: the app's accent, corners and font, over the light palette. */
export const CustomTheme: Story = {
  ...MethodList,
  args: { theme: lightTheme({ accent: '#0b7a4b', radius: 2, fontFamily: 'Georgia, serif' }), title: 'Sign in to Acme' },
  play: async ({ canvasElement }) => {
    await within(await panelOf(canvasElement, 'Sign in to Acme')).findByRole('button', { name: 'Continue with Google' })
  },
  parameters: {
    expectedState: [
      { role: 'region', name: 'Sign in to Acme' },
      { role: 'button', name: 'Continue with email' },
    ],
  },
}

/** Only the methods the app asks for, in its order: Google first, then email. */
export const ChosenMethods: Story = {
  args: { methods: ['google', 'email'] },
  play: MethodList.play,
  parameters: {
    expectedState: [
      { role: 'button', name: 'Continue with Google' },
      { role: 'textbox', name: 'Email address' },
    ],
  },
}

/** French, loaded when asked for. */
export const French: Story = {
  args: { locale: 'fr' },
  play: async ({ canvasElement }) => {
    await within(await panelOf(canvasElement, 'Connexion ou inscription')).findByRole('textbox', {
      name: 'Adresse e-mail',
    })
  },
  parameters: {
    expectedState: [
      { role: 'region', name: 'Connexion ou inscription' },
      { role: 'button', name: 'Continuer avec l’e-mail' },
      { role: 'button', name: 'Continuer avec Google' },
    ],
  },
}

/** A phone-wide column (360 px). */
export const NarrowMobile: Story = { ...MethodList, args: { width: 360 } }

export const CodeEntry: Story = {
  play: async ({ canvasElement }) => {
    await requestPanelCode(canvasElement)
  },
  parameters: {
    expectedState: [
      { text: wholeText(`We sent a code to ${STORY_EMAIL}`) },
      { role: 'textbox', name: 'Verification code' },
      { role: 'button', name: 'Verify' },
    ],
  },
}

/** The proxy says the code is no longer valid (expired or used): only a new code helps. */
export const ExpiredCode: Story = {
  play: async ({ canvasElement, loaded }) => {
    const panel = await requestPanelCode(canvasElement)
    const code = sentCode(loaded.proxy)
    loaded.proxy.setFailure('otp_verify_v2', { code: 9, message: 'otp expired' })
    await userEvent.setup().type(within(panel).getByRole('textbox', { name: 'Verification code' }), code)
    await within(panel).findByRole('button', { name: 'Send a new code' })
  },
  parameters: {
    expectedState: [
      { role: 'alert', text: 'This code has expired. Request a new one.' },
      { role: 'button', name: 'Send a new code' },
    ],
  },
}

/** The proxy cannot be reached (no network): the tenant's config fails to load, with a way to try again. */
export const ProxyDown: Story = {
  loaders: [async () => ({ offline: true })],
  play: async ({ canvasElement }) => {
    await within(await panelOf(canvasElement)).findByRole('button', { name: 'Try again' })
  },
  parameters: {
    expectedState: [
      { role: 'alert', text: 'We could not reach the sign-in service. Check your connection and try again.' },
      { role: 'button', name: 'Try again' },
    ],
  },
}

export const SignedIn: Story = {
  play: async ({ canvasElement, loaded }) => {
    const panel = await requestPanelCode(canvasElement)
    await userEvent
      .setup()
      .type(within(panel).getByRole('textbox', { name: 'Verification code' }), sentCode(loaded.proxy))
    await within(panel).findByRole('heading', { name: `Signed in as ${STORY_EMAIL}` })
  },
  parameters: {
    expectedState: [
      { role: 'region', name: 'Your account' },
      { role: 'heading', name: `Signed in as ${STORY_EMAIL}` },
      { role: 'button', name: 'Sign out' },
    ],
  },
}

export const SignedInDark: Story = { ...SignedIn, args: { theme: 'dark' } }
