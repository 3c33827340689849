import { describe, expect, it } from 'vitest'
import type { PluralLabel } from '../../appearance/PluralLabel'
import { pluralLabel } from './pluralLabel'

const EN: PluralLabel = { one: 'one', other: 'other' }

describe('pluralLabel', () => {
  it.each([
    ['en', 1, 'one'],
    ['en', 2, 'other'],
    ['en', 0, 'other'],
    ['fr', 0, 'one'],
    ['fr', 1, 'one'],
    ['fr', 2, 'other'],
  ] as const)('%s %i → %s', (locale, count, form) => {
    expect(pluralLabel(EN, locale, count)).toBe(form)
  })

  it("uses a language's further categories when the label has them, else other", () => {
    const polish: PluralLabel = { one: 'one', few: 'few', many: 'many', other: 'other' }
    expect(pluralLabel(polish, 'pl', 3)).toBe('few')
    expect(pluralLabel(polish, 'pl', 5)).toBe('many')
    expect(pluralLabel(EN, 'pl', 3)).toBe('other')
  })

  it("reads a tag Intl refuses with English's rule", () => {
    expect(pluralLabel(EN, 'not a tag!', 1)).toBe('one')
    expect(pluralLabel(EN, 'not a tag!', 2)).toBe('other')
  })
})
