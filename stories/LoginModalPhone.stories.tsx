import { within } from '@testing-library/dom'
import { LoginModal } from '../src/components'
import type { Meta, StoryObj } from './support/csf'
import { LoginModalDemo, type LoginModalDemoProps } from './support/LoginModalDemo'
import { MockProviders } from './support/MockProviders'
import { openPhoneStep, requestPhoneCode, sentPhoneCode, STORY_PHONE_SHOWN, submitPhone } from './support/phoneSteps'
import { typeCode } from './support/steps'
import { wholeText } from '../src/react/test/wholeText'

// The phone step of the login modal, each state on the mock proxy (whose demo tenant enables SMS).
const meta: Meta<LoginModalDemoProps> = {
  title: 'Components/LoginModal/Phone',
  component: LoginModal,
  args: { theme: 'light' },
  render: (args, { loaded }) => (
    <MockProviders proxy={loaded.proxy} stores={loaded.stores}>
      <LoginModalDemo {...args} />
    </MockProviders>
  ),
}
export default meta

type Story = StoryObj<LoginModalDemoProps>

export const PhoneEntry: Story = {
  play: async ({ canvasElement }) => {
    await openPhoneStep(canvasElement)
  },
  parameters: {
    expectedState: [
      { role: 'textbox', name: 'Phone number' },
      { text: 'We will text a code to this number.' },
      { role: 'button', name: 'Send code' },
      { role: 'button', name: 'Other ways to sign in' },
    ],
  },
}

export const PhoneEntryDark: Story = {
  ...PhoneEntry,
  args: { theme: 'dark' },
}

export const InvalidNumber: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openPhoneStep(canvasElement)
    await submitPhone(dialog, '555 01', 'US')
    await within(dialog).findByRole('alert')
  },
  parameters: {
    expectedState: [
      { role: 'alert', text: 'Enter a valid phone number with its country code.' },
      { role: 'textbox', name: 'Phone number' },
    ],
  },
}

export const SendingCode: Story = {
  play: async ({ canvasElement, loaded }) => {
    const dialog = await openPhoneStep(canvasElement)
    loaded.proxy.setLatency(10_000)
    await submitPhone(dialog)
  },
  parameters: {
    expectedState: [
      { role: 'status', text: 'Sending code…' },
      { role: 'button', name: 'Send code' },
    ],
  },
}

export const CodeEntry: Story = {
  play: async ({ canvasElement }) => {
    await requestPhoneCode(canvasElement)
  },
  parameters: {
    expectedState: [
      { text: wholeText(`We sent a code to ${STORY_PHONE_SHOWN}`) },
      { role: 'textbox', name: 'Verification code' },
      { role: 'button', name: 'Resend code' },
      { role: 'button', name: 'Use a different number' },
    ],
  },
}

export const RateLimited: Story = {
  play: async ({ canvasElement, loaded }) => {
    // The number had a code a moment ago, asked for elsewhere (another tab): the proxy holds the next for
    // 30 s, as the mock's own limit answers. (Back from this page's code step, the same number returns to it.)
    loaded.proxy.faults.add({
      endpoint: 'otp_init_v2',
      fault: { kind: 'error', code: 8, message: 'a code sent to this number is still valid', retryAfterSeconds: 30 },
    })
    const dialog = await openPhoneStep(canvasElement)
    await submitPhone(dialog)
    await within(dialog).findByRole('alert', undefined)
  },
  parameters: {
    expectedState: [
      { role: 'alert', text: 'Too many codes were asked for. Please wait before asking again.' },
      { text: /^You can ask again in 0:(29|30)\.$/ },
      { role: 'button', name: 'Send code' },
    ],
  },
}

export const SignedInByPhone: Story = {
  // The signed-in view a sign-in goes on to when the app asks for it (by default the modal closes).
  args: { theme: 'light', closeOnSignIn: false },
  play: async ({ canvasElement, loaded }) => {
    const dialog = await requestPhoneCode(canvasElement)
    await typeCode(dialog, sentPhoneCode(loaded.proxy))
    await within(dialog).findByRole('heading', { name: `Signed in as ${STORY_PHONE_SHOWN}` })
  },
  parameters: {
    expectedState: [
      { role: 'heading', name: `Signed in as ${STORY_PHONE_SHOWN}` },
      { text: 'Signed in with phone' },
      { role: 'button', name: 'Sign out' },
    ],
  },
}
