import { within } from '@testing-library/dom'
import userEvent from '@testing-library/user-event'
import type { MockAuthProxy } from '../../src/mock'
import { dialogOf } from './steps'
import { wholeText } from '../../src/react/test/wholeText'

// Steps of the phone stories, as a person takes them: "Continue with phone", a number, "Send code".

export const STORY_PHONE = '+447700900123'
/** How the code step shows STORY_PHONE. */
export const STORY_PHONE_SHOWN = '+44 7700 900123'

export async function openPhoneStep(canvasElement: HTMLElement): Promise<HTMLElement> {
  const user = userEvent.setup()
  const dialog = await dialogOf(canvasElement)
  await user.click(await within(dialog).findByRole('button', { name: 'Continue with phone' }))
  await within(dialog).findByRole('textbox', { name: 'Phone number' })
  return dialog
}

export async function submitPhone(dialog: HTMLElement, number = '07700 900123', country = 'GB'): Promise<void> {
  const user = userEvent.setup()
  await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Country or region' }), country)
  const field = within(dialog).getByRole('textbox', { name: 'Phone number' })
  await user.clear(field)
  await user.type(field, number)
  await user.click(within(dialog).getByRole('button', { name: 'Send code' }))
}

export async function requestPhoneCode(canvasElement: HTMLElement): Promise<HTMLElement> {
  const dialog = await openPhoneStep(canvasElement)
  await submitPhone(dialog)
  await within(dialog).findByText(wholeText(`We sent a code to ${STORY_PHONE_SHOWN}`), undefined)
  return dialog
}

export function sentPhoneCode(proxy: MockAuthProxy): string {
  const code = proxy.outbox(STORY_PHONE)[0]?.code
  if (code === undefined) throw new Error(`the mock sent no code to ${STORY_PHONE}`)
  return code
}
