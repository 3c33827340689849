import { within } from '@testing-library/dom'
import userEvent from '@testing-library/user-event'
import { createSoftAuthenticator } from '../../src/mock/testing/softAuthenticator'
import { fakePasskeyBrowser, type FakePasskeyBrowserOptions } from '../../src/react/test/fakePasskeyBrowser'
import type { StoryLoader } from './csf'
import { dialogOf } from './steps'

// Passkeys in stories: the browser's prompt is a software authenticator (a story cannot press a real
// one), whose credentials the story's mock verifies for real; a play function decides how the
// person answers the next prompt.

/** A page whose passkey prompts the story drives. */
export function loadPasskeyBrowser(options: FakePasskeyBrowserOptions = {}): StoryLoader {
  return async () => ({ passkeys: fakePasskeyBrowser(options) })
}

/** A device holding a passkey the story's mock has never seen (made for this site, on another proxy). */
export function loadStrangerPasskey(): StoryLoader {
  return async () => {
    const device = createSoftAuthenticator({ origin: globalThis.location.origin })
    await device.register()
    return { passkeys: fakePasskeyBrowser({ device }) }
  }
}

/** Clicks a button of the open dialog ("Create one", "Sign in with a passkey", "Add a passkey"). */
export async function clickInDialog(canvasElement: HTMLElement, name: string): Promise<HTMLElement> {
  const dialog = await dialogOf(canvasElement)
  const button = await within(dialog).findByRole('button', { name })
  await userEvent.setup().click(button)
  return dialog
}

/** The name the stories give a new passkey. */
export const STORY_PASSKEY_NAME = 'Ada Lovelace'

/** Create one → the name step, filled with `name` → Continue: the prompt opens. */
export async function createPasskeyNamed(canvasElement: HTMLElement, name = STORY_PASSKEY_NAME): Promise<HTMLElement> {
  const user = userEvent.setup()
  const dialog = await clickInDialog(canvasElement, 'Create one')
  const field = await within(dialog).findByRole('textbox', { name: 'Name for this passkey' })
  await user.clear(field)
  await user.type(field, name)
  await user.click(within(dialog).getByRole('button', { name: 'Continue' }))
  return dialog
}
