// The signing prompt the drop-in modal puts in kit.signingPrompt: real signing actions (core's
// signMessage, signTypedData, signTransaction, sendTransaction) against walletApi, which signs for real,
// asked through the dialog a person sees.
import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent, { type UserEvent } from '@testing-library/user-event'
import { recoverTransactionAddress, serializeTransaction, verifyMessage, verifyTypedData } from 'viem'
import { describe, expect, it, vi } from 'vitest'
import type { Kit, SigningPrompt } from '../../core'
import { KitError } from '../../core/errors'
import { sendTransaction } from '../../core/signing/sendTransaction'
import { signMessage } from '../../core/signing/signMessage'
import { signTransaction } from '../../core/signing/signTransaction'
import { signTypedData } from '../../core/signing/signTypedData'
import { json } from '../../core/test/fakeFetch'
import { WALLET_NOW, walletApi, walletKeys } from '../../core/test/walletApi'
import { createTestProviders } from '../../react/test/renderWithProxy'
import { setTestSession } from '../../react/test/walletSession'
import { MAIL, PERMIT } from '../../core/test/typedDataExamples'
import { LoginButton } from './LoginButton'
import { LoginModal } from './LoginModal'

const CONFIG = { enabledProviders: ['email'], organizationId: 'org-parent' }
const SIGNING = ['submit/sign_raw_payload', 'submit/sign_transaction']

/**
 * A signed-in page with `ui` (the modal, closed, by default) on walletApi. `before` runs on the kit
 * before the page renders (an app's own prompt already in the slot).
 */
async function signedInPage(
  ui = <LoginModal />,
  { before, waitForSlot = true }: { before?(kit: Kit): void; waitForSlot?: boolean } = {},
) {
  const clock = { now: WALLET_NOW }
  const keys = walletKeys()
  const fake = walletApi(keys, clock, { wallet_kit_config: json(CONFIG) })
  const { Providers, kit } = createTestProviders({ fetch: fake.fetch, now: () => clock.now })
  await setTestSession(kit)
  before?.(kit)
  const page = render(ui, { wrapper: Providers })
  // The modal fills the slot once mounted.
  if (waitForSlot) await waitFor(() => expect(kit.signingPrompt.current).toBeTypeOf('function'))
  /** The signing requests the API received (the wallet reads of the signed-in view left out). */
  const signed = () => fake.endpoints().filter((endpoint) => SIGNING.includes(endpoint))
  return { ...page, kit, keys, fake, signed, user: userEvent.setup() }
}

type Decline = (dialog: HTMLElement, user: UserEvent) => Promise<void>

async function promptDialog(name = 'Signature request'): Promise<HTMLElement> {
  return screen.findByRole('dialog', { name })
}

/** The value a row of the dialog gives for `term` ("To", "Amount"), as it reads. */
function detail(within: HTMLElement, term: string): HTMLElement {
  const row = withinTerms(within).find((element) => element.textContent === term)
  if (!row?.nextElementSibling) throw new Error(`no row "${term}"`)
  return row.nextElementSibling as HTMLElement
}

function withinTerms(element: HTMLElement): HTMLElement[] {
  return within(element).getAllByRole('term')
}

/** How an action settled: its value or its KitError. */
function settled<T>(promise: Promise<T>): Promise<{ value?: T; error?: KitError }> {
  return promise.then(
    (value) => ({ value }),
    (error: KitError) => ({ error }),
  )
}

const TO = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const TRANSFER = {
  type: 'eip1559',
  chainId: 1,
  nonce: 3,
  to: TO,
  // 1.000000000000000001 ETH: a float would show 1.
  value: 10n ** 18n + 1n,
  // 68 bytes of call data: an ERC-20 transfer's.
  data: `0xa9059cbb${'00'.repeat(64)}`,
  gas: 60_000n,
  maxFeePerGas: 30_500_000_000n,
  maxPriorityFeePerGas: 1_500_000_000n,
} as const

describe('the signing prompt of the drop-in modal', () => {
  it('shows a message and the account that signs; Sign lets the action sign, and the signature verifies', async () => {
    const { kit, keys, signed, user } = await signedInPage()
    const action = signMessage(kit, { account: keys.ethereum, message: 'Sign in to example.com\nNonce: 42' })

    const dialog = await promptDialog()
    const account = detail(dialog, 'Account')
    expect(account).toHaveTextContent(`${keys.ethereum.address.slice(0, 6)}…${keys.ethereum.address.slice(-4)}`)
    // Whole on hover and for screen readers.
    expect(within(account).getByTitle(keys.ethereum.address)).toBeInTheDocument()
    expect(within(account).getByText(keys.ethereum.address)).toHaveClass('apk-visually-hidden')
    const message = within(dialog).getByRole('region', { name: 'Message' })
    expect(message.textContent).toBe('Sign in to example.com\nNonce: 42')
    // Cancel has focus, not Sign: a key pressed by habit declines.
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus()
    expect(signed()).toEqual([])

    await user.click(within(dialog).getByRole('button', { name: 'Sign' }))
    const { signature } = await action
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(signed()).toEqual(['submit/sign_raw_payload'])
    expect(
      await verifyMessage({
        address: keys.ethereum.address as `0x${string}`,
        message: 'Sign in to example.com\nNonce: 42',
        signature: signature as `0x${string}`,
      }),
    ).toBe(true)
  })

  it('shows bytes that are UTF-8 text as text, and other bytes as hex', async () => {
    const { kit, keys, user } = await signedInPage()
    // "Grüße" in UTF-8.
    const utf8 = new Uint8Array([0x47, 0x72, 0xc3, 0xbc, 0xc3, 0x9f, 0x65])
    const text = signMessage(kit, { account: keys.solana, message: utf8 })
    let dialog = await promptDialog()
    expect(within(dialog).getByRole('region', { name: 'Message' })).toHaveTextContent(/^Grüße$/)
    await user.click(within(dialog).getByRole('button', { name: 'Sign' }))
    await text

    const bytes = signMessage(kit, { account: keys.solana, message: new Uint8Array([0xde, 0xad, 0x00, 0xff]) })
    dialog = await promptDialog()
    expect(within(dialog).getByRole('region', { name: 'Message' })).toHaveTextContent(/^0xdead00ff$/)
    await user.click(within(dialog).getByRole('button', { name: 'Sign' }))
    await bytes
  })

  it('shows typed data: the domain, its chain and contract, the primary type and the fields in the type’s order', async () => {
    const { kit, keys, signed, user } = await signedInPage()
    const action = signTypedData(kit, { account: keys.ethereum, typedData: PERMIT })

    const dialog = await promptDialog()
    expect(detail(dialog, 'Domain')).toHaveTextContent('USD Coin')
    expect(detail(dialog, 'Network')).toHaveTextContent('Base (8453)')
    // Whole: a look-alike contract must not pass for the real one.
    expect(detail(dialog, 'Contract')).toHaveTextContent(PERMIT.domain.verifyingContract)
    expect(detail(dialog, 'Type')).toHaveTextContent('Permit')
    const message = within(dialog).getByRole('region', { name: 'Message' })
    expect(withinTerms(message).map((term) => term.textContent)).toEqual([
      'owner',
      'spender',
      'value',
      'nonce',
      'deadline',
    ])
    expect(detail(message, 'spender')).toHaveTextContent('0x1111111254EEB25477B68fb85Ed929f73A960582')
    expect(detail(message, 'value')).toHaveTextContent('2500000')

    await user.click(within(dialog).getByRole('button', { name: 'Sign' }))
    const { signature } = await action
    expect(signed()).toEqual(['submit/sign_raw_payload'])
    expect(await verifyTypedData({ ...PERMIT, address: keys.ethereum.address as `0x${string}`, signature })).toBe(true)
  })

  it('shows nested structs and arrays under their names, and a chain it does not know by its id', async () => {
    const { kit, keys, user } = await signedInPage()
    const action = signTypedData(kit, { account: keys.ethereum, typedData: MAIL })

    const dialog = await promptDialog()
    expect(detail(dialog, 'Network')).toHaveTextContent(/^77777$/)
    expect(within(dialog).queryByRole('term', { name: 'Contract' })).not.toBeInTheDocument()
    const message = within(dialog).getByRole('region', { name: 'Message' })
    const from = detail(message, 'from')
    expect(detail(from, 'name')).toHaveTextContent('Cow')
    expect(detail(from, 'wallet')).toHaveTextContent('0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826')
    const bob = detail(detail(message, 'to'), '0')
    expect(detail(bob, 'name')).toHaveTextContent('Bob')
    expect(detail(message, 'contents')).toHaveTextContent('Hello, Bob!')

    await user.click(within(dialog).getByRole('button', { name: 'Sign' }))
    await action
  })

  it('shows a transaction: chain, recipient in full, the value to the last wei, the data’s size and the fee caps in gwei', async () => {
    const { kit, keys, signed, user } = await signedInPage()
    const unsignedTransaction = serializeTransaction(TRANSFER)
    const action = signTransaction(kit, { account: keys.ethereum, unsignedTransaction, summary: TRANSFER })

    const dialog = await promptDialog()
    expect(detail(dialog, 'Network')).toHaveTextContent('Ethereum (1)')
    expect(detail(dialog, 'To')).toHaveTextContent(TO)
    expect(detail(dialog, 'Amount')).toHaveTextContent('1.000000000000000001 ETH')
    expect(detail(dialog, 'Data')).toHaveTextContent('68 bytes')
    expect(detail(dialog, 'Max fee')).toHaveTextContent('30.5 gwei')
    expect(detail(dialog, 'Priority fee')).toHaveTextContent('1.5 gwei')
    // Only signed: nothing says it will be sent.
    expect(within(dialog).queryByText('Once signed, it is sent to the network.')).not.toBeInTheDocument()

    await user.click(within(dialog).getByRole('button', { name: 'Sign' }))
    const { signedTransaction } = await action
    expect(signed()).toEqual(['submit/sign_transaction'])
    expect(await recoverTransactionAddress({ serializedTransaction: signedTransaction as never })).toBe(
      keys.ethereum.address,
    )
  })

  it('says a transaction sendTransaction signs is sent too; a legacy gas price shows as its max fee', async () => {
    const { kit, keys, user } = await signedInPage()
    const legacy = {
      type: 'legacy',
      chainId: 137,
      nonce: 0,
      to: TO,
      value: 5n * 10n ** 17n,
      gasPrice: 42n * 10n ** 9n,
    } as const
    const request = vi.fn(async () => `0x${'ab'.repeat(32)}`)
    const action = sendTransaction(kit, {
      account: keys.ethereum,
      unsignedTransaction: serializeTransaction(legacy),
      summary: legacy,
      transport: { request },
    })

    const dialog = await promptDialog()
    expect(detail(dialog, 'Network')).toHaveTextContent('Polygon (137)')
    expect(detail(dialog, 'Amount')).toHaveTextContent('0.5 POL')
    expect(detail(dialog, 'Max fee')).toHaveTextContent('42 gwei')
    expect(within(dialog).queryByRole('term', { name: 'Data' })).not.toBeInTheDocument()
    expect(within(dialog).getByText('Once signed, it is sent to the network.')).toBeInTheDocument()
    expect(request).not.toHaveBeenCalled()

    await user.click(within(dialog).getByRole('button', { name: 'Sign' }))
    expect((await action).hash).toBe(`0x${'ab'.repeat(32)}`)
    expect(request).toHaveBeenCalledTimes(1)
  })

  it('shows a Solana transaction, or one without a summary, by its chain and size', async () => {
    const { kit, keys, user } = await signedInPage()
    const solana = new Uint8Array([1, ...new Uint8Array(64), ...new Uint8Array(120).fill(7)])
    let action: Promise<unknown> = signTransaction(kit, { account: keys.solana, unsignedTransaction: solana })
    let dialog = await promptDialog()
    expect(within(dialog).getByText('Solana transaction, 185 bytes')).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Sign' }))
    await action

    const unsigned = serializeTransaction(TRANSFER)
    action = signTransaction(kit, { account: keys.ethereum, unsignedTransaction: unsigned })
    dialog = await promptDialog()
    expect(within(dialog).getByText(`Ethereum transaction, ${(unsigned.length - 2) / 2} bytes`)).toBeInTheDocument()
    expect(
      within(dialog)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual(['Account'])
    await user.click(within(dialog).getByRole('button', { name: 'Sign' }))
    await action
  })

  it.each<[string, Decline]>([
    ['Cancel', (dialog, user) => user.click(within(dialog).getByRole('button', { name: 'Cancel' }))],
    ['Escape', (_dialog, user) => user.keyboard('{Escape}')],
    ['the close button', (dialog, user) => user.click(within(dialog).getByRole('button', { name: 'Close' }))],
    // The backdrop has no role: it is the overlay's, around the dialog.
    ['a click on the backdrop', (dialog, user) => user.click(dialog.previousElementSibling as HTMLElement)],
  ])('declines with %s: USER_REJECTED, nothing sent, focus back where it was', async (_how, decline) => {
    const { kit, keys, signed, user } = await signedInPage(
      <>
        <button type="button">Sign the permit</button>
        <LoginModal />
      </>,
    )
    const trigger = screen.getByRole('button', { name: 'Sign the permit' })
    trigger.focus()
    const action = settled(signTypedData(kit, { account: keys.ethereum, typedData: PERMIT }))

    await decline(await promptDialog(), user)
    const { error } = await action
    expect(error).toBeInstanceOf(KitError)
    expect(error?.code).toBe('USER_REJECTED')
    expect(error?.userMessage).toBe('You declined the signature request.')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(trigger).toHaveFocus()
    expect(signed()).toEqual([])
  })

  it('closes when the action’s signal fires, which rejects it with ABORTED and sends nothing', async () => {
    const { kit, keys, signed } = await signedInPage()
    const controller = new AbortController()
    const action = settled(signMessage(kit, { account: keys.ethereum, message: 'gm', signal: controller.signal }))
    await promptDialog()

    act(() => controller.abort())
    expect((await action).error?.code).toBe('ABORTED')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(signed()).toEqual([])
  })

  it('asks one question at a time, in the order asked; a waiting one whose signal fires never shows', async () => {
    const { kit, keys, user } = await signedInPage()
    const controller = new AbortController()
    const first = signMessage(kit, { account: keys.ethereum, message: 'first' })
    const second = settled(signMessage(kit, { account: keys.ethereum, message: 'second', signal: controller.signal }))
    const third = signMessage(kit, { account: keys.ethereum, message: 'third' })

    let dialog = await promptDialog()
    expect(within(dialog).getByRole('region', { name: 'Message' })).toHaveTextContent('first')
    act(() => controller.abort())
    expect((await second).error?.code).toBe('ABORTED')
    await user.click(within(dialog).getByRole('button', { name: 'Sign' }))
    await first

    dialog = await promptDialog()
    expect(within(dialog).getByRole('region', { name: 'Message' })).toHaveTextContent('third')
    expect(screen.getAllByRole('dialog')).toHaveLength(1)
    await user.click(within(dialog).getByRole('button', { name: 'Sign' }))
    await third
  })

  it('opens over the open sign-in modal; Escape declines the signature and leaves the modal open', async () => {
    const { kit, keys, user } = await signedInPage(<LoginButton />)
    await user.click(await screen.findByRole('button', { name: 'Account' }))
    await screen.findByRole('dialog', { name: 'Your account' })
    const action = settled(signMessage(kit, { account: keys.ethereum, message: 'gm' }))

    await promptDialog()
    await user.keyboard('{Escape}')
    expect((await action).error?.code).toBe('USER_REJECTED')
    expect(screen.getByRole('dialog', { name: 'Your account' })).toBeInTheDocument()
  })

  it('speaks French with locale="fr": the title, the buttons, the rows and the numbers', async () => {
    const { kit, keys, user } = await signedInPage(<LoginModal locale="fr" />)
    const action = signTransaction(kit, {
      account: keys.ethereum,
      unsignedTransaction: serializeTransaction(TRANSFER),
      summary: { ...TRANSFER, value: 1_234_500_000_000_000_000_000n },
    })

    const dialog = await promptDialog('Demande de signature')
    expect(dialog).toHaveAttribute('lang', 'fr')
    expect(detail(dialog, 'Compte')).toBeInTheDocument()
    expect(detail(dialog, 'Réseau')).toHaveTextContent('Ethereum (1)')
    expect(detail(dialog, 'Destinataire')).toHaveTextContent(TO)
    // French groups thousands with a narrow no-break space (Intl's, from CLDR).
    expect(detail(dialog, 'Montant').textContent).toBe('1\u202f234,5 ETH')
    expect(detail(dialog, 'Données')).toHaveTextContent('68 octets')
    expect(detail(dialog, 'Frais maximum')).toHaveTextContent('30,5 gwei')
    expect(within(dialog).getByRole('button', { name: 'Annuler' })).toHaveFocus()
    await user.click(within(dialog).getByRole('button', { name: 'Signer' }))
    await action
  })

  it('given signingPrompt={false}, leaves the slot empty: the action signs without a dialog, as headless', async () => {
    const { kit, keys, signed } = await signedInPage(<LoginModal signingPrompt={false} />, { waitForSlot: false })
    expect(kit.signingPrompt.current).toBeUndefined()

    await signMessage(kit, { account: keys.ethereum, message: 'gm' })
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(signed()).toEqual(['submit/sign_raw_payload'])
  })

  it('puts back the prompt that was there when it unmounts, and declines the question still open', async () => {
    const app: SigningPrompt = vi.fn(async () => undefined)
    const { kit, keys, signed, unmount } = await signedInPage(<LoginModal />, {
      before: (kit) => void (kit.signingPrompt.current = app),
    })
    expect(kit.signingPrompt.current).not.toBe(app)
    const action = settled(signMessage(kit, { account: keys.ethereum, message: 'gm' }))
    await promptDialog()

    unmount()
    expect((await action).error?.code).toBe('USER_REJECTED')
    expect(kit.signingPrompt.current).toBe(app)
    await signMessage(kit, { account: keys.ethereum, message: 'gm' })
    expect(app).toHaveBeenCalledTimes(1)
    expect(signed()).toEqual(['submit/sign_raw_payload'])
  })
})
