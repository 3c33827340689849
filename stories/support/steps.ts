import { within } from '@testing-library/dom'
import userEvent from '@testing-library/user-event'
import type { MockAuthProxy } from '../../src/mock'
import { wholeText } from '../../src/react/test/wholeText'

// Steps shared by play functions. The dialog is portalled to <body>, outside the canvas, so queries
// start from the document.

export const STORY_EMAIL = 'ada@example.com'
/** An address longer than the dialog is wide: "…@nor" / "thwind-traders.com" was how it broke. */
export const LONG_EMAIL = 'maximilian.alexander.featherstonehaugh@northwind-traders.com'

/** The open dialog, whatever its step's title ("Log in or sign up", "Check your email", "Your account"...). */
export function dialogOf(canvasElement: HTMLElement) {
  return within(canvasElement.ownerDocument.body).findByRole('dialog')
}

export async function submitEmail(canvasElement: HTMLElement, email = STORY_EMAIL): Promise<HTMLElement> {
  const user = userEvent.setup()
  const dialog = await dialogOf(canvasElement)
  const field = await within(dialog).findByRole('textbox', { name: 'Email address' })
  await user.type(field, email)
  await user.click(within(dialog).getByRole('button', { name: 'Continue with email' }))
  return dialog
}

export async function requestCode(canvasElement: HTMLElement, email = STORY_EMAIL): Promise<HTMLElement> {
  const dialog = await submitEmail(canvasElement, email)
  await within(dialog).findByText(wholeText(`We sent a code to ${email}`))
  return dialog
}

export async function typeCode(dialog: HTMLElement, code: string): Promise<void> {
  const user = userEvent.setup()
  const field = within(dialog).getByRole('textbox', { name: 'Verification code' })
  await user.clear(field)
  await user.type(field, code)
}

export function sentCode(proxy: MockAuthProxy, email = STORY_EMAIL): string {
  const code = proxy.outbox(email)[0]?.code
  if (code === undefined) throw new Error(`the mock sent no code to ${email}`)
  return code
}
