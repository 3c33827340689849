import { describe, expect, expectTypeOf, it } from 'vitest'
import type { LocaleName } from '../../appearance/Locale'
import { LOCALE_NAMES } from './localeNames'

describe('LOCALE_NAMES', () => {
  // The type is declared below the UI layers (the provider names it too), the list beside the
  // dictionaries: a language added to one and not the other fails tsc here.
  it('lists every LocaleName, once', () => {
    expectTypeOf<(typeof LOCALE_NAMES)[number]>().toEqualTypeOf<LocaleName>()
    expect(new Set(LOCALE_NAMES).size).toBe(LOCALE_NAMES.length)
    expect(LOCALE_NAMES).toContain('en')
  })
})
