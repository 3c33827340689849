import { describe, expect, it } from 'vitest'
import { signingEn } from '../signing/signingLabels'
import { dictionaryStrings } from './dictionaryStrings'
import { en } from './en'

describe('en', () => {
  it('never says a word twice in a row ("Finish signing in in the window")', () => {
    expect('Finish signing in in the window').toMatch(/\b(\w+) \1\b/i)
    for (const [path, value] of dictionaryStrings({ ...en, ...signingEn }))
      expect(value, path).not.toMatch(/\b(\w+) \1\b/i)
  })
})
