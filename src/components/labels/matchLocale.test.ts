import { describe, expect, it } from 'vitest'
import { matchLocale } from './matchLocale'

describe('matchLocale (what locale="auto" shows, from navigator.languages)', () => {
  it('takes the first of the languages the kit ships, by its exact tag', () => {
    expect(matchLocale(['de'])).toBe('de')
    expect(matchLocale(['pt-BR', 'en'])).toBe('pt-BR')
    expect(matchLocale(['ko', 'ja', 'fr'])).toBe('ja')
    expect(matchLocale(['ZH-cn'])).toBe('zh-CN')
  })

  it("else by its language: a region the kit has no copy of reads its language's", () => {
    expect(matchLocale(['de-AT'])).toBe('de')
    expect(matchLocale(['es-MX', 'en'])).toBe('es')
    expect(matchLocale(['pt-PT'])).toBe('pt-BR')
    expect(matchLocale(['fr-CA'])).toBe('fr')
    expect(matchLocale(['ja-JP'])).toBe('ja')
  })

  it('keeps the order of preference: a language the kit ships wins over a later one, English included', () => {
    expect(matchLocale(['en-GB', 'de'])).toBe('en')
    expect(matchLocale(['nl', 'de-CH', 'fr'])).toBe('de')
  })

  it('reads Simplified Chinese from its regions and script (zh-Hans, zh-CN, zh-SG, zh), and Traditional as not shipped', () => {
    expect(matchLocale(['zh-Hans'])).toBe('zh-CN')
    expect(matchLocale(['zh-SG'])).toBe('zh-CN')
    expect(matchLocale(['zh-Hans-HK'])).toBe('zh-CN')
    expect(matchLocale(['zh'])).toBe('zh-CN')
    // A reader of Traditional characters falls through to their next language, else English.
    expect(matchLocale(['zh-TW', 'ja'])).toBe('ja')
    expect(matchLocale(['zh-HK'])).toBe('en')
    expect(matchLocale(['zh-Hant'])).toBe('en')
  })

  it('falls back to English when no language is shipped, the list is empty, or a tag is malformed', () => {
    expect(matchLocale(['ko', 'nl-BE'])).toBe('en')
    expect(matchLocale([])).toBe('en')
    expect(matchLocale(['not a tag', 'es'])).toBe('es')
  })
})
