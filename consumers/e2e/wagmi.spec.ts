// App C (consumers/wagmi): a wagmi 3 app whose one connector is authProxyKit({ kit }), its kit shared with
// its AuthProxyProvider, on the mock its Vite serves and a local EVM node this spec starts (ganache, an npm
// package the consumers stage installed: nothing is downloaded). What the page shows is checked against
// the node in Node with viem: the signature, the receipt, the balances.
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Locator, Page } from '@playwright/test'
import {
  createPublicClient,
  createWalletClient,
  formatEther,
  getAddress,
  http,
  parseEther,
  verifyTypedData,
  type Address,
  type Hex,
} from 'viem'
import { expectSignedInAndClosed, openAccount, readCode, uniqueEmail } from '../../e2e/helpers'
import { startEvmNode } from '../../scripts/consumers/evmNode'
import { permit, RECIPIENT } from '../wagmi/src/permit'
import { expect, test as base } from './test'

/** A local EVM node: its URL, a viem client on it, and a way to give an address ether. */
interface LocalNode {
  url: string
  client: ReturnType<typeof createPublicClient>
  fund(to: Address, value: bigint): Promise<void>
}

const VALUE = parseEther('0.01')
// When set, a screenshot of each step is written there (to look at the app, not to compare with anything).
const SCREENSHOTS = process.env.E2E_SCREENSHOTS

const test = base.extend<object, { node: LocalNode }>({
  node: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern: none
    async ({}, use) => {
      const started = performance.now()
      const node = await startEvmNode()
      const { url } = node
      // What App C's spec adds to the end-to-end run before its first page: printed, to keep it small.
      console.log(`local EVM node (ganache) on ${url} in ${((performance.now() - started) / 1000).toFixed(1)} s`)
      const client = createPublicClient({ transport: http(url) })
      const wallet = createWalletClient({ transport: http(url) })
      const [funder] = await wallet.getAddresses()
      if (!funder) throw new Error('ganache has no unlocked account')
      const fund = async (to: Address, value: bigint) => {
        const hash = await wallet.sendTransaction({ account: funder, to, value, chain: null })
        expect((await client.waitForTransactionReceipt({ hash, pollingInterval: 100 })).status).toBe('success')
      }
      try {
        await use({ url, client, fund })
      } finally {
        await node.close()
      }
    },
    { scope: 'worker' },
  ],
})

async function screenshot(page: Page, name: string): Promise<void> {
  if (!SCREENSHOTS) return
  mkdirSync(SCREENSHOTS, { recursive: true })
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true, animations: 'disabled' })
}

/** The app's parts (each a labelled section) and what they show. */
function app(page: Page) {
  const connection = page.getByRole('region', { name: 'Connection' })
  const typedData = page.getByRole('region', { name: 'Typed data' })
  const send = page.getByRole('region', { name: 'Send' })
  return {
    connection,
    status: connection.getByRole('status', { name: 'Status' }),
    address: connection.getByRole('status', { name: 'Address' }),
    typedData,
    signature: typedData.getByRole('status', { name: 'Signature' }),
    send,
    transaction: send.getByRole('status', { name: 'Transaction' }),
    receipt: send.getByRole('status', { name: 'Receipt' }),
    senderBalance: send.getByRole('status', { name: 'Sender balance' }),
    recipientBalance: send.getByRole('status', { name: 'Recipient balance' }),
  }
}

/** The kit's signing prompt (the drop-in modal's): "Signature request", with Sign and Cancel. */
function signingPrompt(page: Page): Locator {
  return page.getByRole('dialog', { name: 'Signature request' })
}

/**
 * Opens the app on `node`, presses Connect and signs up by email in the login modal it opens; returns the
 * address wagmi reports, once it reports it connected.
 */
async function connectBySigningUp(page: Page, node: LocalNode, label: string): Promise<Address> {
  const { connection, status, address } = app(page)
  const email = uniqueEmail(label)
  await page.goto(`/?rpc=${encodeURIComponent(node.url)}`)
  await expect(status).toHaveText('disconnected')
  await screenshot(page, `${label}-1-disconnected`)

  await connection.getByRole('button', { name: 'Connect', exact: true }).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog).toHaveAccessibleName('Log in or sign up')
  await dialog.getByRole('textbox', { name: 'Email address' }).fill(email)
  await dialog.getByRole('button', { name: 'Continue with email' }).click()
  await expect(dialog.getByText(`We sent a code to ${email}`)).toBeVisible()
  await screenshot(page, `${label}-2-login-modal`)
  await dialog.getByRole('textbox', { name: 'Verification code' }).fill(await readCode(page.request, email))

  // Signed in, the modal closes by itself and wagmi connects. "Account" opens the kit's account, its
  // Ethereum address whole under "Show full Ethereum address": what wagmi must report.
  await expectSignedInAndClosed(page)
  await expect(status).toHaveText('connected')
  const account = await openAccount(page, email)
  const showFull = account.getByRole('button', { name: 'Show full Ethereum address' })
  await showFull.click()
  const full = page.locator(`[id="${await showFull.getAttribute('aria-controls')}"]`)
  await expect(full).toHaveText(/^0x[0-9a-fA-F]{40}$/)
  const ethereum = ((await full.textContent()) ?? '') as Address
  await screenshot(page, `${label}-3-signed-in`)
  await account.getByRole('button', { name: 'Done' }).click()
  await expect(account).toBeHidden()
  // wagmi checksums it; the kit shows it as the API gave it.
  await expect(address).toHaveText(new RegExp(`^${ethereum}$`, 'i'))
  await screenshot(page, `${label}-4-connected`)
  return (await address.textContent()) as Address
}

/**
 * Signs what the app asked: presses Sign in the kit's signing prompt when it shows one (the drop-in modal
 * asks before each signature, showing `shows`; a kit without it signs at once), then waits for `done` on
 * the page.
 */
async function approve(page: Page, done: Locator, shows: string[], shot: string): Promise<void> {
  const prompt = signingPrompt(page)
  await expect(prompt.or(done)).toBeVisible()
  if (await prompt.isVisible()) {
    for (const text of shows) await expect(prompt).toContainText(text)
    await screenshot(page, shot)
    await prompt.getByRole('button', { name: 'Sign', exact: true }).click()
    await expect(prompt).toBeHidden()
  }
  await expect(done).toBeVisible()
}

test('wagmi connects through the login modal, signs a permit and sends 0.01 ETH on a local node, then disconnects', async ({
  page,
  node,
}) => {
  const ui = app(page)
  const address = await connectBySigningUp(page, node, 'wagmi')

  // useSignTypedData: an EIP-2612 permit, verified in Node against the very typed data the app signed.
  await ui.typedData.getByRole('button', { name: 'Sign typed data' }).click()
  const signed = ui.signature.filter({ hasText: /^0x[0-9a-f]{130}$/ })
  await approve(page, signed, ['Example Token', 'Permit'], 'wagmi-5-typed-data-prompt')
  const signature = (await ui.signature.textContent()) as Hex
  expect(await verifyTypedData({ ...permit(address), address, signature })).toBe(true)
  await screenshot(page, 'wagmi-6-signed')

  // The kit's account has nothing on a new node: 1 ETH from one of ganache's, which the page then shows
  // (its balances follow new blocks).
  await node.fund(address, parseEther('1'))
  await expect(ui.senderBalance).toHaveText('1 ETH')
  const senderBefore = await node.client.getBalance({ address })
  const recipientBefore = await node.client.getBalance({ address: RECIPIENT })

  // useSendTransaction, then useWaitForTransactionReceipt: the page shows the receipt's status.
  await ui.send.getByRole('button', { name: 'Send 0.01 ETH' }).click()
  await approve(page, ui.receipt.filter({ hasText: 'success' }), ['0.01 ETH', RECIPIENT], 'wagmi-7-send-prompt')
  const hash = (await ui.transaction.textContent()) as Hex
  const receipt = await node.client.getTransactionReceipt({ hash })
  expect(receipt.status).toBe('success')
  expect([getAddress(receipt.from), receipt.to && getAddress(receipt.to)]).toEqual([address, RECIPIENT])
  // The recipient got exactly 0.01 ETH; the sender paid it and the gas.
  expect((await node.client.getBalance({ address: RECIPIENT })) - recipientBefore).toBe(VALUE)
  expect(senderBefore - (await node.client.getBalance({ address }))).toBe(
    VALUE + receipt.gasUsed * receipt.effectiveGasPrice,
  )
  await expect(ui.recipientBalance).toHaveText(`${formatEther(recipientBefore + VALUE)} ETH`)
  await expect(ui.senderBalance).toHaveText(
    `${formatEther(senderBefore - VALUE - receipt.gasUsed * receipt.effectiveGasPrice)} ETH`,
  )
  await screenshot(page, 'wagmi-8-sent')

  // useDisconnect: wagmi disconnects, and the kit signs out (the connector's default).
  await ui.connection.getByRole('button', { name: 'Disconnect' }).click()
  await expect(ui.status).toHaveText('disconnected')
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible()
  await screenshot(page, 'wagmi-9-disconnected')
})

test("Cancel in the signing prompt rejects wagmi's signTypedData, and the app shows it", async ({ page, node }) => {
  const ui = app(page)
  await connectBySigningUp(page, node, 'wagmi-cancel')
  await ui.typedData.getByRole('button', { name: 'Sign typed data' }).click()
  const prompt = signingPrompt(page)
  await expect(prompt).toBeVisible()
  await prompt.getByRole('button', { name: 'Cancel' }).click()
  await expect(prompt).toBeHidden()
  await expect(ui.typedData.getByRole('alert')).toHaveText('Not signed: User rejected the request.')
  await expect(ui.signature).toHaveText('')
  await screenshot(page, 'wagmi-cancel-5-rejected')
})
