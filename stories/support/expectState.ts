import { within } from '@testing-library/dom'
import type { ExpectedState, StoryParameters } from './csf'

/**
 * After a story's play function (Storybook's afterEach, .storybook/preview.tsx): the states the story
 * claims (`parameters.expectedState`) are on the page, so a story that no longer shows what it says fails
 * e2e/stories.spec.ts (Storybook shows the error and logs it) instead of rotting. A story must claim one.
 */
export async function expectStoryState(parameters: StoryParameters | undefined): Promise<void> {
  const expected = parameters?.expectedState ?? []
  if (expected.length === 0) throw new Error('a story must claim a state (parameters.expectedState)')
  for (const state of expected) await expectState(state)
}

async function expectState(expected: ExpectedState): Promise<void> {
  const page = within(document.body)
  if (!('role' in expected)) {
    await page.findByText(expected.text)
    return
  }
  const element = await page.findByRole(expected.role, expected.name === undefined ? {} : { name: expected.name })
  if (expected.text === undefined) return
  const text = element.textContent ?? ''
  const shows = typeof expected.text === 'string' ? text.includes(expected.text) : expected.text.test(text)
  if (!shows)
    throw new Error(`the ${expected.role} ${String(expected.name ?? '')} reads "${text}", not ${String(expected.text)}`)
}
