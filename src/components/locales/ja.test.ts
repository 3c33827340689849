import { describe, expect, it } from 'vitest'
import { DEFAULT_USER_MESSAGES } from '../../core/errors'
import { signingEn } from '../signing/signingLabels'
import { dictionaryStrings } from './dictionaryStrings'
import { en } from './en'
import { ja } from './ja'

// English's whole copy: the page's, the signing prompt's (signingEn) and the kit's error messages.
const english = dictionaryStrings({ ...en, ...signingEn, errors: DEFAULT_USER_MESSAGES })
const japanese = dictionaryStrings(ja)
const placeholders = (text: string) => new Set(text.match(/\{\w+\}/g) ?? [])
/** Kanji, hiragana, katakana and the long-vowel mark (whose script is "Common"); not the punctuation. */
const JAPANESE = '[\\p{sc=Han}\\p{sc=Hiragana}\\p{sc=Katakana}ー]'

describe('ja', () => {
  it('has every string English has (error messages included), and no other', () => {
    expect([...japanese.keys()].sort()).toEqual([...english.keys()].sort())
  })

  it('leaves no string empty or in English', () => {
    for (const [path, value] of japanese) {
      expect(value.trim(), path).not.toBe('')
      expect(value, path).not.toBe(english.get(path))
    }
  })

  it("uses the same placeholders as English's string, in each string", () => {
    for (const [path, value] of japanese)
      expect(placeholders(value), path).toEqual(placeholders(english.get(path) ?? ''))
  })

  it('has a form for every plural category Intl.PluralRules has for Japanese (one: "other")', () => {
    for (const category of new Intl.PluralRules('ja').resolvedOptions().pluralCategories) {
      expect(ja.attemptsLeft).toHaveProperty(category)
      expect(ja.signingBytes).toHaveProperty(category)
    }
  })

  it('uses full-width punctuation (、。？！：（）), never ASCII, but in an e-mail address', () => {
    for (const [path, value] of japanese) {
      expect(value.replace(/[\w.]+@[\w.]+\w/g, ''), path).not.toMatch(/[!?:;,.()]/)
    }
    expect(ja.noPasskeyYet).toMatch(/？$/)
  })

  it('puts a space between Japanese and Latin letters, digits or a placeholder ("{provider} で続ける")', () => {
    const TIGHT = new RegExp(`${JAPANESE}[A-Za-z0-9{]|[A-Za-z0-9}]${JAPANESE}`, 'u')
    expect('SMSを確認').toMatch(TIGHT)
    expect('{provider}で続ける').toMatch(TIGHT)
    expect('SMS を確認、{message}').not.toMatch(TIGHT)
    for (const [path, value] of japanese) expect(value, path).not.toMatch(TIGHT)
  })

  it('quotes 「like this」, never with “” or typewriter quotes', () => {
    for (const [path, value] of japanese) {
      expect(value, path).not.toMatch(/["'“”‘’]/)
      expect(value.split('「').length, path).toBe(value.split('」').length)
    }
    expect(ja.codeAccepted).toContain('「確認」')
  })

  it('is polite: every sentence ends in です, ます or ください (an aside in （） aside)', () => {
    expect('コードが違う。').not.toMatch(/(です|でした|ます|ました|ません|ください)。$/)
    for (const [path, value] of japanese) {
      for (const sentence of value
        .replace(/（[^）]*）/gu, '')
        .split(/(?<=。)/)
        .filter((part) => part.endsWith('。')))
        expect(sentence, path).toMatch(/(です|でした|ます|ました|ません|ください)。$/)
    }
  })
})
