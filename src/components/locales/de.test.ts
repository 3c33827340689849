import { describe, expect, it } from 'vitest'
import { DEFAULT_USER_MESSAGES } from '../../core/errors'
import { signingEn } from '../signing/signingLabels'
import { dictionaryStrings } from './dictionaryStrings'
import { de } from './de'
import { en } from './en'

// English's whole copy: the page's, the signing prompt's (signingEn) and the kit's error messages.
const english = dictionaryStrings({ ...en, ...signingEn, errors: DEFAULT_USER_MESSAGES })
const german = dictionaryStrings(de)
const placeholders = (text: string) => new Set(text.match(/\{\w+\}/g) ?? [])

describe('de', () => {
  it('has every string English has (error messages included), and no other', () => {
    expect([...german.keys()].sort()).toEqual([...english.keys()].sort())
  })

  it('leaves no string empty or in English, but "Domain", which German spells as English does', () => {
    const same = new Set(['signingDomain'])
    for (const [path, value] of german) {
      expect(value.trim(), path).not.toBe('')
      if (!same.has(path)) expect(value, path).not.toBe(english.get(path))
    }
  })

  it("uses the same placeholders as English's string, in each string", () => {
    for (const [path, value] of german) expect(placeholders(value), path).toEqual(placeholders(english.get(path) ?? ''))
  })

  it('has a form for every plural category Intl.PluralRules has for German', () => {
    const categories = new Intl.PluralRules('de').resolvedOptions().pluralCategories
    for (const label of [de.attemptsLeft, de.signingBytes])
      expect(Object.keys(label ?? {}).sort()).toEqual([...categories].sort())
  })

  it('names no one by a gendered noun ("Benutzer", "Empfänger"): it speaks to the person', () => {
    // Nouns for people are masculine by default in German; the copy says "du" or names the thing instead.
    const GENDERED = /(benutzer|nutzer|empfänger|inhaber|kunde|anwender|teilnehmer)(in|innen)?(?!\p{L})/iu
    expect('Neuer Benutzer').toMatch(GENDERED)
    expect('Nutzerinnen').toMatch(GENDERED)
    expect('Dein Konto, An').not.toMatch(GENDERED)
    for (const [path, value] of german) expect(value, path).not.toMatch(GENDERED)
  })

  it('says du throughout, never Sie (no mix)', () => {
    // A capital "Sie"/"Ihr" inside a sentence is the formal address; the copy never starts one with "Sie" either.
    const FORMAL = /(?<!\p{L})(Sie|Ihnen|Ihre?[mnrs]?)(?!\p{L})/u
    expect('Prüfen Sie Ihre Verbindung').toMatch(FORMAL)
    expect('Prüfe deine Verbindung, damit sie klappt').not.toMatch(FORMAL)
    for (const [path, value] of german) expect(value, path).not.toMatch(FORMAL)
    expect(de.codeTitleEmail).toBe('Schau in dein Postfach')
  })

  it('puts a no-break space (U+00A0) before each ellipsis, and quotes „like this“', () => {
    for (const [path, value] of german) {
      expect(value, path).not.toMatch(/[^\u00a0]…|^…/u)
      // No typewriter quote nor English closing one; each „ closed by a “.
      expect(value, path).not.toMatch(/["”]/u)
      expect(value.split('„').length, path).toBe(value.split('“').length)
    }
    expect(de.loading).toBe('Wird geladen\u00a0…')
    expect(de.codeAccepted).toContain('„Bestätigen“')
  })

  it('never says a word twice in a row', () => {
    for (const [path, value] of german) expect(value, path).not.toMatch(/(?<!\p{L})(\p{L}+) \1(?!\p{L})/iu)
  })
})
