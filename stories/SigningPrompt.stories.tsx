import { waitFor, within } from '@testing-library/dom'
import userEvent from '@testing-library/user-event'
import { LoginModal } from '../src/components'
import type { Meta, StoryObj } from './support/csf'
import { MockProviders } from './support/MockProviders'
import { loadSignedIn } from './support/signedIn'
import { SigningDemo, type SigningDemoProps } from './support/SigningDemo'
import { STORY_EMAIL } from './support/steps'
import { PERMIT } from '../src/core/test/typedDataExamples'

// "Signature request": the prompt the modal shows before each signature, for a person signed in on the
// story's mock. The app's button asks the kit's signing hooks; the prompt shows the account (its address
// is new on every run, masked in the screenshots) and what is signed.

const meta: Meta<SigningDemoProps> = {
  title: 'Components/LoginModal/Signing prompt',
  component: LoginModal,
  args: { theme: 'light' },
  loaders: [loadSignedIn({ email: STORY_EMAIL })],
  render: (args, { loaded }) => (
    <MockProviders proxy={loaded.proxy} stores={loaded.stores}>
      <SigningDemo {...args} />
    </MockProviders>
  ),
}
export default meta

type Story = StoryObj<SigningDemoProps>

/** Presses the app's button once the wallet is read, and waits for the prompt. */
async function openPrompt(canvasElement: HTMLElement, label: string, title = 'Signature request') {
  const button = await within(canvasElement).findByRole<HTMLButtonElement>('button', { name: label })
  await waitFor(() => {
    if (button.disabled) throw new Error('the wallet is not read yet')
  })
  await userEvent.setup().click(button)
  return within(canvasElement.ownerDocument.body).findByRole('dialog', { name: title })
}

/** The row `term` of the prompt reads `value`. */
function expectDetail(dialog: HTMLElement, term: string, value: string): void {
  const row = within(dialog)
    .getAllByRole('term')
    .find((element) => element.textContent === term)
  const shown = row?.nextElementSibling?.textContent
  if (shown !== value) throw new Error(`the row "${term}" reads ${JSON.stringify(shown)}, not ${JSON.stringify(value)}`)
}

const SIGN_IN_MESSAGE = [
  'app.example.com wants you to sign in with your Ethereum account.',
  '',
  'Sign in to Example.',
  '',
  'URI: https://app.example.com',
  'Version: 1',
  'Chain ID: 1',
  'Nonce: 32891756',
  'Issued At: 2026-11-24T12:00:00Z',
].join('\n')

/** personal_sign of a sign-in message (EIP-4361): the text as it will be signed, line by line. */
export const Message: Story = {
  args: { request: { label: 'Sign in with Ethereum', kind: 'message', message: SIGN_IN_MESSAGE } },
  play: async ({ canvasElement }) => {
    const dialog = await openPrompt(canvasElement, 'Sign in with Ethereum')
    const message = within(dialog).getByRole('region', { name: 'Message' })
    if (message.textContent !== SIGN_IN_MESSAGE) throw new Error('the message is not shown as it is signed')
  },
  parameters: {
    expectedState: [
      { role: 'dialog', name: 'Signature request' },
      { role: 'region', name: 'Message', text: 'Nonce: 32891756' },
      { text: 'Account' },
      { role: 'button', name: 'Sign' },
      { role: 'button', name: 'Cancel' },
    ],
  },
}

export const MessageDark: Story = { ...Message, args: { ...Message.args, theme: 'dark' } }

/** An EIP-2612 permit on Base: who may spend how much of the token, until when. */
export const Permit: Story = {
  args: { request: { label: 'Approve with a permit', kind: 'typedData', typedData: PERMIT } },
  play: async ({ canvasElement }) => {
    const dialog = await openPrompt(canvasElement, 'Approve with a permit')
    expectDetail(dialog, 'Domain', 'USD Coin')
    expectDetail(dialog, 'Network', 'Base (8453)')
    expectDetail(dialog, 'Contract', PERMIT.domain.verifyingContract)
    expectDetail(dialog, 'Type', 'Permit')
    const message = within(dialog).getByRole('region', { name: 'Message' })
    expectDetail(message, 'spender', PERMIT.message.spender)
    expectDetail(message, 'value', '2500000')
  },
  parameters: {
    expectedState: [
      { role: 'dialog', name: 'Signature request' },
      { text: 'Base (8453)' },
      { role: 'region', name: 'Message', text: '1900000000' },
      { role: 'button', name: 'Sign' },
    ],
  },
}

export const PermitDark: Story = { ...Permit, args: { ...Permit.args, theme: 'dark' } }

/** The permit in French: the rows, the buttons, and the numbers as French writes them. */
export const PermitFrench: Story = {
  args: { ...Permit.args, locale: 'fr' },
  play: async ({ canvasElement }) => {
    const dialog = await openPrompt(canvasElement, 'Approve with a permit', 'Demande de signature')
    expectDetail(dialog, 'Domaine', 'USD Coin')
    expectDetail(dialog, 'Réseau', 'Base (8453)')
    expectDetail(dialog, 'Contrat', PERMIT.domain.verifyingContract)
    within(dialog).getByRole('button', { name: 'Signer' })
  },
  parameters: {
    expectedState: [
      { role: 'dialog', name: 'Demande de signature' },
      { role: 'region', name: 'Message' },
      { role: 'button', name: 'Signer' },
      { role: 'button', name: 'Annuler' },
    ],
  },
}

const SWAP = {
  type: 'eip1559',
  chainId: 1,
  nonce: 12,
  to: '0x68b3465833fb72A70ecDF485E0e4C7bD8665Fc45',
  value: 150_000_000_000_000_001n,
  // A router call: 4 + 6 × 32 bytes of arguments.
  data: `0x5ae401dc${'00'.repeat(31)}20${'11'.repeat(160)}`,
  gas: 184_000n,
  maxFeePerGas: 32_750_000_000n,
  maxPriorityFeePerGas: 1_500_000_000n,
} as const

/** An EIP-1559 transaction sendTransaction signs and sends: recipient in full, value to the last wei, fees in gwei. */
export const Transaction: Story = {
  args: { request: { label: 'Swap', kind: 'transaction', transaction: SWAP } },
  play: async ({ canvasElement }) => {
    const dialog = await openPrompt(canvasElement, 'Swap')
    expectDetail(dialog, 'Network', 'Ethereum (1)')
    expectDetail(dialog, 'To', SWAP.to)
    expectDetail(dialog, 'Amount', '0.150000000000000001 ETH')
    expectDetail(dialog, 'Data', '196 bytes')
    expectDetail(dialog, 'Max fee', '32.75 gwei')
    expectDetail(dialog, 'Priority fee', '1.5 gwei')
    within(dialog).getByText('Once signed, it is sent to the network.')
  },
  parameters: {
    expectedState: [
      { role: 'dialog', name: 'Signature request' },
      { text: '0.150000000000000001 ETH' },
      { text: 'Once signed, it is sent to the network.' },
      { role: 'button', name: 'Sign' },
    ],
  },
}

export const TransactionDark: Story = { ...Transaction, args: { ...Transaction.args, theme: 'dark' } }

/** The transaction on a narrow phone (360 px): the prompt is a sheet from the bottom edge. */
export const TransactionNarrow: Story = {
  ...Transaction,
  name: 'Transaction at 360 px',
  globals: { viewport: { value: 'mobile' } },
}

const ORDER = {
  domain: {
    name: 'Seaport',
    version: '1.6',
    chainId: 10,
    verifyingContract: '0x0000000000000068F116a894984e2DB1123eB395',
  },
  types: {
    Item: [
      { name: 'token', type: 'address' },
      { name: 'identifier', type: 'uint256' },
      { name: 'amount', type: 'uint256' },
    ],
    Order: [
      { name: 'offerer', type: 'address' },
      { name: 'offer', type: 'Item[]' },
      { name: 'consideration', type: 'Item' },
      { name: 'note', type: 'string' },
      { name: 'extraData', type: 'bytes' },
      { name: 'salt', type: 'uint256' },
    ],
  },
  primaryType: 'Order',
  message: {
    offerer: '0x4B20993Bc481177ec7E8f571ceCaE8A9e22C02db',
    offer: [
      {
        token: '0xBC4CA0EdA7647A8aB7C2061c2E118A18a936f13D',
        identifier: 7_804n,
        amount: 1n,
      },
      {
        token: '0xBC4CA0EdA7647A8aB7C2061c2E118A18a936f13D',
        identifier: 9_112n,
        amount: 1n,
      },
    ],
    consideration: {
      token: '0x0000000000000000000000000000000000000000',
      identifier: 0n,
      amount: 42_000_000_000_000_000_000n,
    },
    note: 'Two apes for 42 ETH, valid until the end of the month; the extra data below is the zone’s signed conditions.',
    extraData: `0x${'a1b2c3d4e5f60718'.repeat(24)}`,
    salt: 2n ** 255n + 12_345n,
  },
} as const

/** A long order: nested structs and an array under their names, values too long for a line wrapped, and the box scrolls. */
export const LongData: Story = {
  name: 'Long data',
  args: { request: { label: 'List for sale', kind: 'typedData', typedData: ORDER } },
  play: async ({ canvasElement }) => {
    const dialog = await openPrompt(canvasElement, 'List for sale')
    const message = within(dialog).getByRole('region', { name: 'Message' })
    expectDetail(message, 'salt', String(ORDER.message.salt))
    expectDetail(message, 'extraData', ORDER.message.extraData)
    if (message.scrollHeight <= message.clientHeight) throw new Error('the long message does not scroll')
  },
  parameters: {
    expectedState: [
      { role: 'dialog', name: 'Signature request' },
      { role: 'region', name: 'Message', text: 'consideration' },
      { role: 'button', name: 'Sign' },
    ],
  },
}

export const LongDataDark: Story = { ...LongData, name: 'Long data (dark)', args: { ...LongData.args, theme: 'dark' } }
