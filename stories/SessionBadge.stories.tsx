import { within } from '@testing-library/dom'
import userEvent from '@testing-library/user-event'
import { AuthPanel, SessionBadge, SignedIn, SignedOut, type SessionBadgeProps } from '../src/components'
import type { Meta, StoryObj } from './support/csf'
import { MockProviders } from './support/MockProviders'
import { sentCode, STORY_EMAIL } from './support/steps'

const meta: Meta<SessionBadgeProps> = {
  title: 'Components/SessionBadge',
  component: SessionBadge,
  args: { theme: 'light' },
  // The badge beside a page that shows the panel to visitors and a members' area once signed in.
  render: (args, { loaded }) => (
    <MockProviders proxy={loaded.proxy}>
      <SessionBadge {...args} />
      <SignedOut>
        <AuthPanel theme={args.theme} locale={args.locale} />
      </SignedOut>
      <SignedIn>
        <p>Members only</p>
      </SignedIn>
    </MockProviders>
  ),
}
export default meta

type Story = StoryObj<SessionBadgeProps>

async function signIn(
  canvasElement: HTMLElement,
  proxy: Parameters<typeof sentCode>[0],
  names = { email: 'Email address', send: 'Continue with email', code: 'Verification code' },
) {
  const user = userEvent.setup()
  const canvas = within(canvasElement)
  await user.type(await canvas.findByRole('textbox', { name: names.email }), STORY_EMAIL)
  await user.click(canvas.getByRole('button', { name: names.send }))
  await user.type(await canvas.findByRole('textbox', { name: names.code }), sentCode(proxy))
  await canvas.findByText('Members only', undefined)
}

export const SignedInBadge: Story = {
  name: 'Signed in',
  args: { name: STORY_EMAIL },
  play: async ({ canvasElement, loaded }) => signIn(canvasElement, loaded.proxy),
  parameters: {
    expectedState: [
      { text: `Signed in as ${STORY_EMAIL}` },
      { text: /^Session ends in 1[45]:\d\d$/ },
      { role: 'button', name: 'Sign out' },
    ],
  },
}

export const SignedInDark: Story = { ...SignedInBadge, args: { name: STORY_EMAIL, theme: 'dark' } }

/** No `name` from the app: the badge names the person as they signed in, with their initial. */
export const ThePerson: Story = {
  name: 'Signed in (the person as they signed in)',
  play: async ({ canvasElement, loaded }) => signIn(canvasElement, loaded.proxy),
  parameters: {
    expectedState: [{ text: `Signed in as ${STORY_EMAIL}` }, { role: 'button', name: 'Sign out' }],
  },
}

export const ThePersonDark: Story = { ...ThePerson, args: { theme: 'dark' } }

export const French: Story = {
  args: { locale: 'fr' },
  play: async ({ canvasElement, loaded }) =>
    signIn(canvasElement, loaded.proxy, {
      email: 'Adresse e-mail',
      send: 'Continuer avec l’e-mail',
      code: 'Code de vérification',
    }),
  parameters: { expectedState: [{ text: /^Session ouverte\s: / }, { role: 'button', name: 'Se déconnecter' }] },
}

export const SignedOutPage: Story = {
  name: 'Signed out (no badge)',
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('region', { name: 'Log in or sign up' })
  },
  parameters: { expectedState: [{ role: 'region', name: 'Log in or sign up' }] },
}
