import { describe, expect, it } from 'vitest'
import { signingEn } from '../signing/signingLabels'
import { en } from './en'

/** Every string of a dictionary by its path ('signedInAs', 'attemptsLeft.one'). */
function strings(dictionary: object, prefix = ''): Map<string, string> {
  const found = new Map<string, string>()
  for (const [key, value] of Object.entries(dictionary)) {
    if (typeof value === 'string') found.set(prefix + key, value)
    else if (typeof value === 'object' && value !== null)
      for (const entry of strings(value as object, `${prefix}${key}.`)) found.set(...entry)
  }
  return found
}

describe('en', () => {
  it('never says a word twice in a row ("Finish signing in in the window")', () => {
    expect('Finish signing in in the window').toMatch(/\b(\w+) \1\b/i)
    for (const [path, value] of strings({ ...en, ...signingEn })) expect(value, path).not.toMatch(/\b(\w+) \1\b/i)
  })
})
