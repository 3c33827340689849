// How productionReactKit.spec.ts drives the page of reactKitHarness.tsx: as a person does, through
// production's own modal, code boxes and OAuth popup, and what it reads back (the calls the page made to
// the mock, the session the kit holds, what the kit reported).
import { expect, type Locator, type Page } from '@playwright/test'
import type { AuthEvent } from './reactKitPage'

/** One POST the page made to the mock, as the browser sent it. */
export interface SeenCall {
  /** /v1/… (the proxy's) or /public/v1/… (the public API's). */
  path: string
  captchaToken: string | undefined
  /** Which stamp header it carried, if any. */
  stamp: 'api-key' | 'webauthn' | 'attested' | undefined
}

/** Records every POST `page` (and its popups) makes to the mock at `mockUrl`. */
export function watchCalls(page: Page, mockUrl: string): SeenCall[] {
  const mockOrigin = new URL(mockUrl).origin
  const calls: SeenCall[] = []
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (url.origin !== mockOrigin || request.method() !== 'POST') return
    const headers = request.headers()
    const stamp =
      headers['x-stamp-attested'] !== undefined
        ? 'attested'
        : headers['x-stamp-webauthn'] !== undefined
          ? 'webauthn'
          : headers['x-stamp'] !== undefined
            ? 'api-key'
            : undefined
    calls.push({ path: url.pathname, captchaToken: headers['x-captcha-token'], stamp })
  })
  return calls
}

/** The calls recorded so far, the record emptied for the next step. */
export function takeCalls(calls: SeenCall[]): SeenCall[] {
  return calls.splice(0, calls.length)
}

/**
 * Activates a button from the keyboard, as a person tabbing through the page does: a click would wait
 * for the kit's modal to finish each of its animations, about half a second a time.
 */
export async function press(button: Locator): Promise<void> {
  await expect(button).toBeEnabled()
  await button.press('Enter')
}

/**
 * Opens the kit's modal and passes its captcha when it asks, as a person does before choosing how to
 * sign in. It asks unless the kit still holds a token it took and never used (a passkey log-in takes
 * none).
 */
export async function openModal(page: Page): Promise<void> {
  await press(page.getByRole('button', { name: 'Log in or sign up' }))
  // The modal renders its methods and its captcha's box together; the box is the one with the id the
  // kit gives it (the provider renders a widget of its own too, in a 0×0 box no one can click).
  await expect(page.getByRole('textbox', { name: 'Enter your email' })).toBeVisible()
  const captcha = page.locator('#auth-component-turnstile')
  if ((await captcha.count()) > 0) {
    await captcha.getByRole('checkbox', { name: "I'm not a robot (test captcha)" }).press('Space')
    await expect(captcha.getByRole('status')).toHaveText('Verified')
  }
  // The kit enables its methods' buttons once it holds a token.
  await expect(page.getByRole('button', { name: 'Sign up with passkey' })).toBeEnabled()
}

/**
 * Types the code into the kit's code boxes once it asks for the code it sent to `shownContact`;
 * `readCode` reads it from the message, which exists only by then.
 */
export async function typeCode(page: Page, shownContact: string, readCode: () => string): Promise<void> {
  await expect(page.getByText(/^Enter the \d-digit code we sent to$/)).toBeVisible()
  await expect(page.getByText(shownContact, { exact: true })).toBeVisible()
  // Into the first box: each hands the focus to the next as a character lands in it.
  await page.getByRole('textbox').first().pressSequentially(readCode())
}

/**
 * Presses "Continue as <identity>" on the provider's page in the popup `open` makes the kit open;
 * answers once the popup is on its way back to the kit.
 */
export async function consentInPopup(page: Page, open: () => Promise<void>, identity: string): Promise<void> {
  const popupOpened = page.waitForEvent('popup')
  await open()
  const popup = await popupOpened
  await press(popup.getByRole('button', { name: `Continue as ${identity}` }))
}

export interface ShownSession {
  userId: string
  organizationId: string
}

/** The kit's modal (its own class: the modal has no dialog role). */
export function kitModal(page: Page): Locator {
  return page.locator('.tk-modal')
}

/**
 * Waits for the kit to report the sign-in as `reported` (onAuthenticationSuccess, once it has read the
 * user and wallets) and to close its modal (after that: a modal opened before would close with it), then
 * for the signed-in page; answers the session the kit holds, which the page shows.
 */
export async function signedInSession(page: Page, reported: AuthEvent): Promise<ShownSession> {
  await expect.poll(() => page.evaluate(() => window.productionReactKitEvents.splice(0))).toEqual([reported])
  await expect(kitModal(page)).toBeHidden()
  await expect(page.getByRole('heading', { name: 'Signed in' })).toBeVisible()
  const session = await page.evaluate(() => window.productionReactKit?.session)
  if (session === undefined) throw new Error('the kit shows the signed-in page with no session')
  await expect(page.getByRole('region', { name: 'Account', exact: true })).toContainText(`User ${session.userId}`)
  return { userId: session.userId, organizationId: session.organizationId }
}

export async function logOut(page: Page): Promise<void> {
  await press(page.getByRole('button', { name: 'Log out' }))
  await expect(page.getByRole('heading', { name: 'Signed out' })).toBeVisible()
}
