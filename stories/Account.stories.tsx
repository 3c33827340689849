import { within } from '@testing-library/dom'
import userEvent from '@testing-library/user-event'
import { LoginModal } from '../src/components'
import type { SignupWallet } from '../src/react'
import type { Meta, StoryObj } from './support/csf'
import { LoginModalDemo, type LoginModalDemoProps } from './support/LoginModalDemo'
import { MockProviders } from './support/MockProviders'
import { answerInPopup, clickProvider, loadOAuthWindow } from './support/oauth'
import { createPasskeyNamed, loadPasskeyBrowser, STORY_PASSKEY_NAME } from './support/passkeys'
import { STORY_PHONE, STORY_PHONE_SHOWN } from './support/phoneSteps'
import { loadSignedIn } from './support/signedIn'
import { dialogOf, STORY_EMAIL } from './support/steps'

// "Your account": the modal's signed-in view, for each way a person signs in, on the story's mock
// (a real session, the identity the flow remembered, a wallet the mock derived).

const meta: Meta<LoginModalDemoProps> = {
  title: 'Components/LoginModal/Your account',
  component: LoginModal,
  // Each story signs in and stays on the signed-in view, as closeOnSignIn={false} asks.
  args: { theme: 'light', closeOnSignIn: false },
  render: (args, { loaded }) => (
    <MockProviders
      proxy={loaded.proxy}
      stores={loaded.stores}
      offline={loaded.offline}
      oauthWindow={loaded.oauthWindow}
      passkeys={loaded.passkeys}
    >
      <LoginModalDemo {...args} />
    </MockProviders>
  ),
}
export default meta

type Story = StoryObj<LoginModalDemoProps>

/** Each address's copy button, named for its chain ("Copy Ethereum address"). */
const COPY = /^Copy \w+ address$/

/** Waits for the wallet's addresses (as many copy buttons as `accounts`). */
async function addressesShown(canvasElement: HTMLElement, accounts = 2): Promise<HTMLElement> {
  const dialog = await dialogOf(canvasElement)
  const wallet = await within(dialog).findByRole('region', { name: 'Wallet' })
  await within(wallet).findAllByRole('button', { name: COPY })
  if (within(wallet).getAllByRole('button', { name: COPY }).length !== accounts)
    throw new Error(`expected ${accounts} accounts`)
  return dialog
}

const walletShown = [
  { role: 'dialog', name: 'Your account' },
  { role: 'region', name: 'Wallet' },
  { text: 'Solana' },
  { role: 'button', name: 'Sign out' },
] as const

/** Signed in by a code to their email: the address, their initial, the wallet's two accounts. */
export const EmailUser: Story = {
  loaders: [loadSignedIn({ email: STORY_EMAIL })],
  play: async ({ canvasElement }) => {
    await addressesShown(canvasElement)
  },
  parameters: {
    expectedState: [
      { role: 'heading', name: `Signed in as ${STORY_EMAIL}` },
      { text: 'Signed in with email' },
      ...walletShown,
    ],
  },
}

export const EmailUserDark: Story = { ...EmailUser, args: { theme: 'dark', closeOnSignIn: false } }

export const EmailUserFrench: Story = {
  args: { locale: 'fr' },
  loaders: [loadSignedIn({ email: STORY_EMAIL })],
  play: async ({ canvasElement }) => {
    const dialog = await within(canvasElement.ownerDocument.body).findByRole('dialog', { name: 'Votre compte' })
    await within(dialog).findByRole('button', { name: 'Copier l’adresse Ethereum' })
  },
  parameters: {
    expectedState: [
      { role: 'heading', name: `Session ouverte\u202f: ${STORY_EMAIL}` },
      { text: 'Connexion par e-mail' },
      { role: 'button', name: 'Afficher l’adresse Solana complète' },
      { role: 'region', name: 'Portefeuille' },
      { role: 'button', name: 'Se déconnecter' },
    ],
  },
}

/** Signed in by SMS: the number they used, a handset for an avatar. */
export const PhoneUser: Story = {
  loaders: [loadSignedIn({ phone: STORY_PHONE })],
  play: async ({ canvasElement }) => {
    await addressesShown(canvasElement)
  },
  parameters: {
    expectedState: [
      { role: 'heading', name: `Signed in as ${STORY_PHONE_SHOWN}` },
      { text: 'Signed in with phone' },
      ...walletShown,
    ],
  },
}

export const PhoneUserDark: Story = { ...PhoneUser, args: { theme: 'dark', closeOnSignIn: false } }

/** Signed in with Google (the mock's consent page): the identity's email, Google's mark. */
export const GoogleUser: Story = {
  loaders: [loadOAuthWindow()],
  play: async ({ canvasElement, loaded }) => {
    await clickProvider(canvasElement, 'Google')
    await answerInPopup(loaded, 'google', 'Continue as Ada Lovelace')
    await addressesShown(canvasElement)
  },
  parameters: {
    expectedState: [
      { role: 'heading', name: 'Signed in as ada@example.com' },
      { text: 'Signed in with Google' },
      ...walletShown,
    ],
  },
}

export const GoogleUserDark: Story = { ...GoogleUser, args: { theme: 'dark', closeOnSignIn: false } }

/** A passkey and nothing else: the name they gave the passkey. */
export const PasskeyOnlyUser: Story = {
  loaders: [loadPasskeyBrowser()],
  play: async ({ canvasElement }) => {
    await createPasskeyNamed(canvasElement)
    await addressesShown(canvasElement)
  },
  parameters: {
    expectedState: [
      { role: 'heading', name: `Signed in as ${STORY_PASSKEY_NAME}` },
      { text: 'Signed in with a passkey' },
      ...walletShown,
    ],
  },
}

export const PasskeyOnlyUserDark: Story = { ...PasskeyOnlyUser, args: { theme: 'dark', closeOnSignIn: false } }

/** A second wallet the app made for the person after the sign-up: one Ethereum account. */
const SAVINGS: SignupWallet = {
  walletName: 'Savings',
  accounts: [
    {
      curve: 'CURVE_SECP256K1',
      pathFormat: 'PATH_FORMAT_BIP32',
      path: "m/44'/60'/0'/0/1",
      addressFormat: 'ADDRESS_FORMAT_ETHEREUM',
    },
  ],
}

/**
 * Two wallets: the tenant's default one from the sign-up (Ethereum and Solana) and "Savings", created
 * afterwards by a stamped create_wallet. Each shows under its name.
 */
export const TwoWallets: Story = {
  name: 'Two wallets',
  loaders: [loadSignedIn({ email: STORY_EMAIL, moreWallets: [SAVINGS] })],
  play: async ({ canvasElement }) => {
    const dialog = await addressesShown(canvasElement, 3)
    const savings = within(dialog).getByRole('group', { name: 'Savings' })
    if (within(savings).getAllByRole('button', { name: COPY }).length !== 1)
      throw new Error('expected one account in Savings')
  },
  parameters: {
    expectedState: [
      { role: 'heading', name: `Signed in as ${STORY_EMAIL}` },
      { role: 'group', name: 'Default wallet' },
      { role: 'group', name: 'Savings' },
      ...walletShown,
    ],
  },
}

export const TwoWalletsDark: Story = {
  ...TwoWallets,
  name: 'Two wallets (dark)',
  args: { theme: 'dark', closeOnSignIn: false },
}

/**
 * A long email and long addresses on a narrow phone: the name's line ends before the @ (a part too long
 * for a line ends in "…", the whole on hover), the addresses keep their short form.
 */
export const NarrowLongNames: Story = {
  name: 'Long email and addresses at 360 px',
  globals: { viewport: { value: 'mobile' } },
  loaders: [loadSignedIn({ email: 'maximilian.alexander.featherstonehaugh@subdomain.example-company.com' })],
  play: async ({ canvasElement }) => {
    await addressesShown(canvasElement)
  },
  parameters: {
    expectedState: [
      { role: 'heading', name: 'Signed in as maximilian.alexander.featherstonehaugh@subdomain.example-company.com' },
      ...walletShown,
    ],
  },
}

/** Copy an address: "Copied" in the button and said politely, for about two seconds. */
export const CopyFeedback: Story = {
  loaders: [loadSignedIn({ email: STORY_EMAIL })],
  play: async ({ canvasElement }) => {
    const dialog = await addressesShown(canvasElement)
    const [copy] = within(dialog).getAllByRole('button', { name: COPY })
    if (!copy) throw new Error('no copy button')
    await userEvent.setup().click(copy)
    await within(dialog).findByRole('button', { name: 'Copied' })
  },
  parameters: {
    expectedState: [
      { role: 'button', name: 'Copied' },
      { role: 'button', name: 'Copy Solana address' },
    ],
  },
}

export const CopyFeedbackDark: Story = { ...CopyFeedback, args: { theme: 'dark', closeOnSignIn: false } }

/** Presses a "Show full … address" button; fails unless the address it controls then shows. */
async function showFullAddress(button: HTMLElement): Promise<void> {
  await userEvent.setup().click(button)
  const full = button.ownerDocument.getElementById(button.getAttribute('aria-controls') ?? '')
  if (button.getAttribute('aria-expanded') !== 'true' || full === null || full.hidden)
    throw new Error('the full address did not show')
}

/** "Show full Ethereum address": the whole address under its row, wrapped, one click to select it. */
export const FullAddressShown: Story = {
  name: 'Full address shown',
  loaders: [loadSignedIn({ email: STORY_EMAIL })],
  play: async ({ canvasElement }) => {
    const dialog = await addressesShown(canvasElement)
    await showFullAddress(within(dialog).getByRole('button', { name: 'Show full Ethereum address' }))
  },
  parameters: {
    expectedState: [
      { role: 'button', name: 'Show full Ethereum address' },
      { role: 'button', name: 'Copy Ethereum address' },
    ],
  },
}

export const FullAddressShownDark: Story = {
  ...FullAddressShown,
  name: 'Full address shown (dark)',
  args: { theme: 'dark' },
}

export const FullAddressShownFrench: Story = {
  name: 'Full address shown (French)',
  args: { locale: 'fr' },
  loaders: [loadSignedIn({ email: STORY_EMAIL })],
  play: async ({ canvasElement }) => {
    const dialog = await within(canvasElement.ownerDocument.body).findByRole('dialog', { name: 'Votre compte' })
    await showFullAddress(await within(dialog).findByRole('button', { name: 'Afficher l’adresse Ethereum complète' }))
  },
  parameters: {
    expectedState: [
      { role: 'button', name: 'Afficher l’adresse Ethereum complète' },
      { role: 'button', name: 'Copier l’adresse Ethereum' },
    ],
  },
}

/** The wallet on its way (the mock answers slowly): placeholder rows, said once to screen readers. */
export const WalletLoading: Story = {
  loaders: [loadSignedIn({ email: STORY_EMAIL, latencyMs: 10_000 })],
  play: async ({ canvasElement }) => {
    const dialog = await dialogOf(canvasElement)
    await within(dialog).findByText('Loading your wallet…', undefined)
  },
  parameters: {
    expectedState: [{ text: 'Loading your wallet…' }, { role: 'heading', name: `Signed in as ${STORY_EMAIL}` }],
  },
}

export const WalletLoadingDark: Story = { ...WalletLoading, args: { theme: 'dark', closeOnSignIn: false } }

/** The wallet cannot be read (no network): what happened, and Try again; the rest of the view works. */
export const WalletUnreachable: Story = {
  loaders: [loadSignedIn({ email: STORY_EMAIL, offline: true })],
  play: async ({ canvasElement }) => {
    const dialog = await dialogOf(canvasElement)
    const wallet = await within(dialog).findByRole('region', { name: 'Wallet' })
    await within(wallet).findByRole('button', { name: 'Try again' })
  },
  parameters: {
    expectedState: [
      { role: 'alert', text: 'We could not reach the sign-in service. Check your connection and try again.' },
      { role: 'button', name: 'Try again' },
      { role: 'button', name: 'Sign out' },
    ],
  },
}
