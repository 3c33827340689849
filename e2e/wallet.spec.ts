import { expect, test, type Page } from '@playwright/test'
import { recoverMessageAddress } from 'viem'
import {
  expectSignedInAndClosed,
  openAccount,
  requestCode,
  sessionPanel,
  storedKeys,
  storedSessionClaims,
  uniqueEmail,
} from './helpers'

const SHOTS = 'test-results/screenshots'

/** Signs up by email through the modal (which closes by itself), then opens "Your account" with "Account". */
async function signUpByEmail(page: Page, email: string) {
  const code = await requestCode(page, email)
  await page.getByRole('dialog').getByRole('textbox', { name: 'Verification code' }).fill(code)
  await expectSignedInAndClosed(page)
  return openAccount(page, email)
}

function walletPanel(page: Page) {
  return page.getByRole('region', { name: 'Wallet' })
}

test.describe('the wallet on the playground', () => {
  test('a new user sees their address, copies it, signs a message, and viem recovers that address', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    const email = uniqueEmail('wallet')
    await page.goto('/')
    const account = await signUpByEmail(page, email)

    // The demo tenant's default wallet: one Ethereum and one Solana account, derived by the mock.
    const ethereumRow = account.getByRole('listitem').filter({ hasText: 'Ethereum' })
    const solanaRow = account.getByRole('listitem').filter({ hasText: 'Solana' })
    const shown = await ethereumRow.locator('[title]').first().getAttribute('title')
    expect(shown).toMatch(/^0x[0-9a-fA-F]{40}$/)
    await expect(solanaRow.locator('[title]').first()).toHaveAttribute('title', /^[1-9A-HJ-NP-Za-km-z]{32,44}$/)
    // The short form is what shows; the whole address is there for a screen reader.
    await expect(ethereumRow).toContainText(`${shown?.slice(0, 6)}…${shown?.slice(-4)}`)

    await ethereumRow.getByRole('button', { name: 'Copy Ethereum address' }).click()
    await expect(ethereumRow.getByRole('button', { name: 'Copied' })).toBeVisible()
    await expect(ethereumRow.getByRole('status')).toHaveText('Copied')
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shown)
    await page.screenshot({ path: `${SHOTS}/wallet-1-your-account.png`, animations: 'disabled' })

    await account.getByRole('button', { name: 'Done' }).click()
    await expect(account).toBeHidden()

    const message = `Signed by ${email} at ${Date.now()}`
    const panel = walletPanel(page)
    await panel.getByRole('textbox', { name: 'Message' }).fill(message)
    await panel.getByRole('combobox', { name: 'Account' }).selectOption(String(shown))
    await panel.getByRole('button', { name: 'Sign', exact: true }).click()
    // The drop-in modal's signing prompt shows the message first; signing waits for the person.
    const prompt = page.getByRole('dialog', { name: 'Signature request' })
    await expect(prompt).toContainText(message)
    await prompt.getByRole('button', { name: 'Sign', exact: true }).click()
    const signature = (await panel.getByTestId('signature').textContent())?.trim() as `0x${string}`
    expect(signature).toMatch(/^0x[0-9a-f]{130}$/)
    // Recovered here, with viem, not with the kit's or the mock's code.
    const signer = await recoverMessageAddress({ message, signature })
    expect(signer).toBe(shown)
    await expect(panel.getByTestId('verification')).toHaveText(`Verified: signed by ${shown}`)
    await page.screenshot({ path: `${SHOTS}/wallet-2-signed.png`, animations: 'disabled' })
  })

  test('refreshing the session keeps the user and the key, and a second tab follows it', async ({ page, context }) => {
    const email = uniqueEmail('refresh')
    await page.goto('/')
    const account = await signUpByEmail(page, email)
    await account.getByRole('button', { name: 'Done' }).click()
    await expect(account).toBeHidden()
    const before = await storedSessionClaims(page)
    const keysBefore = (await storedKeys(page)).map((key) => key.publicKey)

    const second = await context.newPage()
    await second.goto('/')
    await expect(sessionPanel(second).getByText(String(before?.user_id), { exact: true })).toBeVisible()
    // The session the second tab holds, by its id (jti), in its decoded claims.
    await sessionPanel(second).getByText('Decoded claims').click()
    const secondClaims = sessionPanel(second).locator('pre')
    await expect(secondClaims).toContainText(`"jti": "${String(before?.jti)}"`)

    await sessionPanel(page).getByRole('button', { name: 'Refresh session' }).click()
    await expect(sessionPanel(page).getByText(/^Refreshed: the session now ends at/)).toBeVisible()

    // A new session, told by its id: its exp and iat are in seconds, the old one's when issued in the same second.
    const after = await storedSessionClaims(page)
    expect(after?.jti).toEqual(expect.any(String))
    expect(after?.jti).not.toBe(before?.jti)
    expect(after?.user_id).toBe(before?.user_id)
    expect(after?.organization_id).toBe(before?.organization_id)
    expect(after?.public_key).toBe(before?.public_key)
    expect(Number(after?.exp)).toBeGreaterThanOrEqual(Number(before?.exp))
    // Same key, nothing new in IndexedDB.
    expect((await storedKeys(page)).map((key) => key.publicKey).sort()).toEqual([...keysBefore].sort())

    // The other tab follows the stored session without a reload: it holds the new one and shows its expiry.
    await expect(secondClaims).toContainText(`"jti": "${String(after?.jti)}"`)
    const expires = (
      await sessionPanel(page)
        .getByText(/^Expires$/)
        .locator('xpath=following-sibling::dd[1]')
        .textContent()
    )?.trim()
    expect(expires).toBeTruthy()
    await expect(
      sessionPanel(second)
        .getByText(/^Expires$/)
        .locator('xpath=following-sibling::dd[1]'),
    ).toHaveText(String(expires))
    // And it can still act: its wallet panel reads the wallet with the refreshed session.
    await expect(walletPanel(second).getByTestId('wallet-address').first()).toBeVisible()
    await second.close()
  })
})
