// How productionReactKit.spec.ts drives the page of reactKitHarness.tsx: as a person does, through
// production's own modal, code boxes and OAuth popup, and what it reads back (the calls the page made to
// the mock, the session the kit holds, what the kit reported).
import { expect, type Page } from '@playwright/test'
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
 * Opens the kit's modal and passes its captcha when it asks, as a person does before choosing how to
 * sign in. It asks unless the kit still holds a token it took and never used (a passkey log-in takes
 * none).
 */
export async function openModal(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Log in or sign up' }).click()
  // The modal renders its methods and its captcha's box together; the box is the one with the id the
  // kit gives it (the provider renders a widget of its own too, in a 0×0 box no one can click).
  await expect(page.getByRole('textbox', { name: 'Enter your email' })).toBeVisible()
  const captcha = page.locator('#auth-component-turnstile')
  if ((await captcha.count()) === 0) return
  await captcha.getByRole('checkbox', { name: "I'm not a robot (test captcha)" }).check()
  await expect(captcha.getByRole('status')).toHaveText('Verified')
}

/**
 * Types the code into the kit's code boxes once it asks for the code it sent to `shownContact`;
 * `readCode` reads it from the message, which exists only by then.
 */
export async function typeCode(page: Page, shownContact: string, readCode: () => string): Promise<void> {
  await expect(page.getByText(/^Enter the \d-digit code we sent to$/)).toBeVisible()
  await expect(page.getByText(shownContact, { exact: true })).toBeVisible()
  // Each box hands the focus to the next as a character lands in it, as a person types.
  await page.getByRole('textbox').first().click()
  await page.keyboard.type(readCode())
}

/**
 * Presses "Continue as <identity>" on the provider's page in the popup `open` makes the kit open;
 * answers once the popup is on its way back to the kit.
 */
export async function consentInPopup(page: Page, open: () => Promise<void>, identity: string): Promise<void> {
  const popupOpened = page.waitForEvent('popup')
  await open()
  const popup = await popupOpened
  await popup.getByRole('button', { name: `Continue as ${identity}` }).click()
}

export interface ShownSession {
  userId: string
  organizationId: string
}

/** Waits for the signed-in page; answers the session the kit holds, which the page shows. */
export async function signedInSession(page: Page): Promise<ShownSession> {
  await expect(page.getByRole('heading', { name: 'Signed in' })).toBeVisible()
  const session = await page.evaluate(() => window.productionReactKit?.session)
  if (session === undefined) throw new Error('the kit shows the signed-in page with no session')
  await expect(page.getByRole('region', { name: 'Account', exact: true })).toContainText(`User ${session.userId}`)
  return { userId: session.userId, organizationId: session.organizationId }
}

export async function logOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Log out' }).click()
  await expect(page.getByRole('heading', { name: 'Signed out' })).toBeVisible()
}

/**
 * Waits for the kit to have reported `expected` (onAuthenticationSuccess, which it calls once it has
 * read the user and wallets, after it shows the session), then forgets them.
 */
export async function expectReported(page: Page, expected: AuthEvent[]): Promise<void> {
  await expect.poll(() => page.evaluate(() => window.productionReactKitEvents)).toEqual(expected)
  await page.evaluate(() => window.productionReactKitEvents.splice(0))
}
