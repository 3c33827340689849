// Signing through the drop-in modal's prompt on the playground, and the EIP-1193 provider following the
// session across tabs. Every signature is checked here, in Node, with viem: not with the kit's code.
import { expect, test, type Page } from '@playwright/test'
import { verifyTypedData, type Hex } from 'viem'
import { samplePermit } from '../playground/src/samplePermit'
import { expectSignedInAndClosed, requestCode, sessionPanel, uniqueEmail } from './helpers'

const SHOTS = 'test-results/screenshots'

async function signUp(page: Page, label: string): Promise<string> {
  const email = uniqueEmail(label)
  await page.goto('/')
  const code = await requestCode(page, email)
  await page.getByRole('dialog').getByRole('textbox', { name: 'Verification code' }).fill(code)
  await expectSignedInAndClosed(page)
  return email
}

function walletPanel(page: Page) {
  return page.getByRole('region', { name: 'Wallet' })
}

/** The Ethereum address the wallet panel lists. */
async function ethereumAddress(page: Page): Promise<Hex> {
  const address = (await walletPanel(page).getByTestId('wallet-address').first().textContent())?.trim()
  expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)
  return address as Hex
}

test.describe('signing through the prompt', () => {
  test('a new user signs typed data after reading it in the prompt; viem verifies the signature', async ({ page }) => {
    await signUp(page, 'typed')
    const address = await ethereumAddress(page)
    const form = page.getByRole('form', { name: 'Sign typed data' })
    await form.getByRole('button', { name: 'Sign the permit' }).click()

    const prompt = page.getByRole('dialog', { name: 'Signature request' })
    await expect(prompt).toBeVisible()
    // What the person reads before signing: the domain, the type, the fields.
    await expect(prompt).toContainText('Playground Token')
    await expect(prompt).toContainText('Permit')
    await expect(prompt).toContainText('25000000')
    await page.screenshot({ path: `${SHOTS}/signing-1-typed-data-prompt.png`, animations: 'disabled' })
    await prompt.getByRole('button', { name: 'Sign', exact: true }).click()
    await expect(prompt).toBeHidden()

    const signature = (await form.getByTestId('typed-data-signature').textContent())?.trim() as Hex
    expect(signature).toMatch(/^0x[0-9a-f]{130}$/)
    // The permit the playground signs, rebuilt here for the person's address, and checked with viem.
    const ok = await verifyTypedData({
      ...(samplePermit(address) as Parameters<typeof verifyTypedData>[0]),
      address,
      signature,
    })
    expect(ok).toBe(true)
    await expect(form.getByTestId('typed-data-verification')).toHaveText(`Verified: signed by ${address}`)
  })

  test('Cancel in the prompt: nothing is signed, and the app is told the person declined', async ({ page }) => {
    await signUp(page, 'decline')
    const form = page.getByRole('form', { name: 'Sign typed data' })
    const requests: string[] = []
    page.on('request', (request) => {
      if (request.url().includes('/public/v1/submit/sign_raw_payload')) requests.push(request.url())
    })
    await form.getByRole('button', { name: 'Sign the permit' }).click()
    const prompt = page.getByRole('dialog', { name: 'Signature request' })
    await prompt.getByRole('button', { name: 'Cancel' }).click()
    await expect(prompt).toBeHidden()
    await expect(form.getByRole('alert')).toHaveText('You declined the signature request.')
    expect(requests).toEqual([])
    await expect(form.getByTestId('typed-data-signature')).toHaveCount(0)
  })
})

test.describe('the EIP-1193 provider', () => {
  test('follows a sign-out in another tab: accountsChanged [] and disconnect, without a reload', async ({
    page,
    context,
  }) => {
    await signUp(page, 'provider')
    const address = await ethereumAddress(page)
    const panel = page.getByRole('region', { name: 'EIP-1193 provider' })
    await expect(panel.getByTestId('provider-accounts')).toHaveText(JSON.stringify([address]))

    const second = await context.newPage()
    await second.goto('/')
    await sessionPanel(second).getByRole('button', { name: 'Sign out' }).click()

    const events = panel.getByRole('list', { name: 'Provider events' }).getByRole('listitem')
    await expect(events.nth(0)).toHaveText('disconnect')
    await expect(events.nth(1)).toHaveText('accountsChanged []')
    await expect(panel.getByTestId('provider-accounts')).toHaveText('[]')
    await second.close()
  })
})
