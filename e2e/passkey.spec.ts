import { expect, test, type Page } from '@playwright/test'
import {
  expectSignedInAndClosed,
  openAccount,
  sessionPanel,
  signIn,
  storedKeys,
  storedSessionClaims,
  uniqueEmail,
} from './helpers'
import { addVirtualAuthenticator, onLocalhost } from './virtualAuthenticator'

const SHOTS = 'test-results/screenshots'

async function openModal(page: Page) {
  await page.getByRole('button', { name: 'Log in' }).click()
  await expect(
    page.getByRole('dialog', { name: 'Log in or sign up' }).getByRole('button', { name: 'Create one' }),
  ).toBeVisible()
  // Named by its step from here on ("Create a passkey", ...): found by role alone.
  return page.getByRole('dialog')
}

async function signOut(page: Page) {
  await sessionPanel(page).getByRole('button', { name: 'Sign out' }).click()
  await expect(sessionPanel(page).getByText(/Signed out/)).toBeVisible()
}

test.describe('passkeys on the playground (Chromium, virtual authenticator)', () => {
  test('signs up with a passkey and no email, logs out, and logs in with the passkey into the same organization', async ({
    page,
    baseURL,
  }) => {
    await page.goto(onLocalhost(baseURL))
    const authenticator = await addVirtualAuthenticator(page)
    let dialog = await openModal(page)
    await expect(dialog.getByRole('button', { name: 'Sign in with a passkey' })).toBeVisible()
    await page.screenshot({ path: `${SHOTS}/passkey-1-method-list.png`, animations: 'disabled' })

    // The sign-up request is held, so that the wait after the prompt can be seen.
    let releaseSignup = () => {}
    const signupHeld = new Promise<void>((resolve) => {
      releaseSignup = resolve
    })
    await page.route('**/auth-proxy/v1/signup_v2', async (route) => {
      await signupHeld
      await route.continue()
    })
    await dialog.getByRole('button', { name: 'Create one' }).click()
    // The passkey is named after the person: the step asks for the name first (no email was typed).
    const nameField = dialog.getByRole('textbox', { name: 'Name for this passkey' })
    await expect(nameField).toBeFocused()
    await expect(nameField).toHaveValue('')
    await nameField.fill('Ada Lovelace')
    await page.screenshot({ path: `${SHOTS}/passkey-1b-name.png`, animations: 'disabled' })
    await dialog.getByRole('button', { name: 'Continue' }).click()
    await expect(dialog.getByRole('status')).toHaveText('Waiting for your passkey…')
    await page.screenshot({ path: `${SHOTS}/passkey-2-waiting.png`, animations: 'disabled' })
    releaseSignup()

    // Signed in, the modal closes by itself; "Account" opens the signed-in view.
    await expectSignedInAndClosed(page)
    await page.unroute('**/auth-proxy/v1/signup_v2')
    const first = await storedSessionClaims(page)
    expect(first).not.toBeNull()
    dialog = await openAccount(page, 'Ada Lovelace')
    await expect(dialog.getByRole('button', { name: 'Add a passkey' })).toBeVisible()
    await page.screenshot({ path: `${SHOTS}/passkey-3-signed-in.png`, animations: 'disabled' })
    // The sign-up's short-lived client key is gone: only the session's key is left.
    expect((await storedKeys(page)).map((key) => key.publicKey)).toEqual([first?.public_key])
    const credentials = await authenticator.credentials()
    expect(credentials).toHaveLength(1)
    // What the person's passkey list shows: the name they gave, not a UUID or a date.
    expect(credentials[0]?.userName).toBe('Ada Lovelace')
    expect(credentials[0]).toMatchObject({ rpId: 'localhost', isResidentCredential: true })
    await dialog.getByRole('button', { name: 'Done' }).click()
    await expect(dialog).toBeHidden()

    await signOut(page)
    expect(await storedKeys(page)).toEqual([])
    dialog = await openModal(page)
    await dialog.getByRole('button', { name: 'Sign in with a passkey' }).click()
    await expectSignedInAndClosed(page)
    const second = await storedSessionClaims(page)
    expect(second?.organization_id).toBe(first?.organization_id)
    expect(second?.user_id).toBe(first?.user_id)
    expect(second?.public_key).not.toBe(first?.public_key)
    expect((await storedKeys(page)).map((key) => key.publicKey)).toEqual([second?.public_key])
    expect((await authenticator.credentials())[0]?.signCount).toBeGreaterThan(0)
  })

  test('a signed-in email user adds a passkey, and then logs in with it alone', async ({ page, baseURL }) => {
    await page.goto(onLocalhost(baseURL))
    const authenticator = await addVirtualAuthenticator(page)
    const email = uniqueEmail('passkey')
    await signIn(page, email)
    const byEmail = await storedSessionClaims(page)

    await page.getByRole('button', { name: 'Account' }).click()
    let dialog = page.getByRole('dialog', { name: 'Your account' })
    await dialog.getByRole('button', { name: 'Add a passkey' }).click()
    await expect(dialog.getByText('Passkey added. Next time, you can sign in with it.')).toBeVisible()
    await page.screenshot({ path: `${SHOTS}/passkey-4-added.png`, animations: 'disabled' })
    const added = await authenticator.credentials()
    expect(added).toHaveLength(1)
    // Named after the person: the email they signed in with.
    expect(added[0]?.userName).toBe(email)
    await dialog.getByRole('button', { name: 'Done' }).click()

    await signOut(page)
    dialog = await openModal(page)
    await dialog.getByRole('button', { name: 'Sign in with a passkey' }).click()
    await expectSignedInAndClosed(page)
    const byPasskey = await storedSessionClaims(page)
    expect(byPasskey?.organization_id).toBe(byEmail?.organization_id)
    expect(byPasskey?.user_id).toBe(byEmail?.user_id)
  })

  test('cancelling the browser prompt leaves no session and no orphan key', async ({ page, baseURL }) => {
    await page.goto(onLocalhost(baseURL))
    const authenticator = await addVirtualAuthenticator(page)
    // The person fails (cancels) the device's check: Chromium answers NotAllowedError at once.
    await authenticator.setUserVerified(false)
    const dialog = await openModal(page)

    await dialog.getByRole('button', { name: 'Create one' }).click()
    await dialog.getByRole('textbox', { name: 'Name for this passkey' }).fill('Cancelling person')
    await dialog.getByRole('button', { name: 'Continue' }).click()
    await expect(dialog.getByRole('status').filter({ hasText: 'Passkey request was cancelled.' })).toBeVisible()
    await expect(dialog.getByRole('alert')).toHaveCount(0)
    await expect(dialog.getByRole('button', { name: 'Create one' })).toBeFocused()
    await page.screenshot({ path: `${SHOTS}/passkey-5-cancelled.png`, animations: 'disabled' })
    expect(await storedKeys(page)).toEqual([])
    expect(await storedSessionClaims(page)).toBeNull()
    expect(await authenticator.credentials()).toEqual([])

    // Sign-in makes its session key before the prompt: cancelling deletes it.
    await dialog.getByRole('button', { name: 'Sign in with a passkey' }).click()
    await expect(dialog.getByRole('button', { name: 'Sign in with a passkey' })).toBeFocused()
    await expect(dialog.getByText('Passkey request was cancelled.')).toBeVisible()
    expect(await storedKeys(page)).toEqual([])
    expect(await storedSessionClaims(page)).toBeNull()
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(sessionPanel(page).getByText(/Signed out/)).toBeVisible()
  })

  test('a passkey the proxy does not know is refused with a message and Try again', async ({ page, baseURL }) => {
    await page.goto(onLocalhost(baseURL))
    const authenticator = await addVirtualAuthenticator(page)
    await authenticator.addUnknownPasskey('localhost')
    const dialog = await openModal(page)
    await dialog.getByRole('button', { name: 'Sign in with a passkey' }).click()
    await expect(dialog.getByRole('alert')).toContainText('This passkey is not registered here')
    await expect(dialog.getByRole('button', { name: 'Try again' })).toBeFocused()
    await page.screenshot({ path: `${SHOTS}/passkey-6-not-registered.png`, animations: 'disabled' })
    expect(await storedKeys(page)).toEqual([])
    expect(await storedSessionClaims(page)).toBeNull()
  })

  test('a sign-up whose stamp_login is lost offers the passkey just created, which signs in to the one account', async ({
    page,
    baseURL,
  }) => {
    await page.goto(onLocalhost(baseURL))
    const authenticator = await addVirtualAuthenticator(page)
    const name = uniqueEmail('passkey-recovery')
    const signups: string[] = []
    page.on('request', (request) => {
      if (request.url().endsWith('/auth-proxy/v1/signup_v2')) signups.push(request.url())
    })
    // The connection drops on the sign-up's stamp_login, and on the kit's one identical resend: the
    // account exists, the kit has no session.
    await page.route('**/auth-proxy/public/v1/submit/stamp_login', (route) => route.abort('connectionreset'), {
      times: 2,
    })
    let dialog = await openModal(page)
    await dialog.getByRole('button', { name: 'Create one' }).click()
    await dialog.getByRole('textbox', { name: 'Name for this passkey' }).fill(name)
    await dialog.getByRole('button', { name: 'Continue' }).click()

    await expect(dialog.getByRole('alert')).toHaveText(
      'Your passkey was created, but signing in did not finish. Sign in with the passkey you just created.',
    )
    const recover = dialog.getByRole('button', { name: 'Sign in with the passkey you just created' })
    await expect(recover).toBeFocused()
    await expect(dialog.getByRole('button', { name: 'Start over' })).toBeVisible()
    await expect(dialog.getByRole('button', { name: 'Try again' })).toHaveCount(0)
    await page.screenshot({ path: `${SHOTS}/passkey-8-signup-incomplete.png`, animations: 'disabled' })
    // Its keys are gone: the sign-up's client key and its session key.
    expect(await storedKeys(page)).toEqual([])

    await recover.click()
    await expectSignedInAndClosed(page)
    const recovered = await storedSessionClaims(page)
    expect(recovered).not.toBeNull()
    expect((await storedKeys(page)).map((key) => key.publicKey)).toEqual([recovered?.public_key])
    // One sign-up, one passkey: no second account.
    expect(signups).toHaveLength(1)
    expect(await authenticator.credentials()).toHaveLength(1)
    // The account is the passkey's, named as the sign-up named it.
    const account = await openAccount(page, name)
    await account.getByRole('button', { name: 'Done' }).click()
    await expect(account).toBeHidden()

    // The plain passkey sign-in later lands in the same account.
    await signOut(page)
    dialog = await openModal(page)
    await dialog.getByRole('button', { name: 'Sign in with a passkey' }).click()
    await expectSignedInAndClosed(page)
    const again = await storedSessionClaims(page)
    expect(again?.organization_id).toBe(recovered?.organization_id)
    expect(again?.user_id).toBe(recovered?.user_id)
  })

  test('a sign-up whose stamp_login answer is lost once completes by itself: the same request read again, one prompt', async ({
    page,
    baseURL,
  }) => {
    await page.goto(onLocalhost(baseURL))
    const authenticator = await addVirtualAuthenticator(page)
    const name = uniqueEmail('passkey-lost-answer')
    const stampLogins: string[] = []
    // The API makes the session, then the connection drops before the answer arrives.
    await page.route(
      '**/auth-proxy/public/v1/submit/stamp_login',
      async (route) => {
        stampLogins.push(route.request().postData() ?? '')
        await route.fetch()
        await route.abort('connectionreset')
      },
      { times: 1 },
    )
    page.on('request', (request) => {
      if (request.url().endsWith('/public/v1/submit/stamp_login') && stampLogins.length > 0)
        stampLogins.push(request.postData() ?? '')
    })
    const dialog = await openModal(page)
    await dialog.getByRole('button', { name: 'Create one' }).click()
    await dialog.getByRole('textbox', { name: 'Name for this passkey' }).fill(name)
    await dialog.getByRole('button', { name: 'Continue' }).click()
    await expectSignedInAndClosed(page)
    await openAccount(page, name)
    // The very same body was sent again and answered with the session the lost answer carried.
    expect(new Set(stampLogins.filter((body) => body !== '')).size).toBe(1)
    expect(await authenticator.credentials()).toHaveLength(1)
    const claims = await storedSessionClaims(page)
    expect((await storedKeys(page)).map((key) => key.publicKey)).toEqual([claims?.public_key])
  })

  test('a browser without WebAuthn is told so, with no passkey button', async ({ page, baseURL }) => {
    await page.addInitScript(() => {
      delete (window as { PublicKeyCredential?: unknown }).PublicKeyCredential
    })
    await page.goto(onLocalhost(baseURL))
    await page.getByRole('button', { name: 'Log in' }).click()
    const dialog = page.getByRole('dialog')
    await expect(dialog.getByText('This browser does not support passkeys.', { exact: false })).toBeVisible()
    await expect(dialog.getByRole('button', { name: /passkey/ })).toHaveCount(0)
    await page.screenshot({ path: `${SHOTS}/passkey-7-unsupported.png`, animations: 'disabled' })
  })
})
