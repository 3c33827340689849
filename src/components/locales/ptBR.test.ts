import { describe, expect, it } from 'vitest'
import { DEFAULT_USER_MESSAGES } from '../../core/errors'
import { signingEn } from '../signing/signingLabels'
import { dictionaryStrings } from './dictionaryStrings'
import { en } from './en'
import { ptBR } from './ptBR'

// English's whole copy: the page's, the signing prompt's (signingEn) and the kit's error messages.
const english = dictionaryStrings({ ...en, ...signingEn, errors: DEFAULT_USER_MESSAGES })
const portuguese = dictionaryStrings(ptBR)
const placeholders = (text: string) => new Set(text.match(/\{\w+\}/g) ?? [])
// Forms the English does not have: Intl's `many` (a million and beyond: "1.000.000 de bytes").
const ownForms = (path: string) => path.endsWith('.many')

describe('pt-BR', () => {
  it('has every string English has (error messages included), and no other', () => {
    const own = [...portuguese.keys()].filter((path) => !ownForms(path))
    expect(own.sort()).toEqual([...english.keys()].sort())
  })

  it('leaves no string empty or in English, but the byte, which Portuguese names as English does', () => {
    const same = new Set(['signingBytes.one', 'signingBytes.other'])
    for (const [path, value] of portuguese) {
      expect(value.trim(), path).not.toBe('')
      if (!same.has(path)) expect(value, path).not.toBe(english.get(path))
    }
  })

  it("uses the same placeholders as English's string, in each string", () => {
    for (const [path, value] of portuguese) {
      const source = english.get(path.replace(/\.many$/, '.other'))
      expect(placeholders(value), path).toEqual(placeholders(source ?? ''))
    }
  })

  it('has a form for every plural category Intl.PluralRules has for Brazilian Portuguese', () => {
    const categories = new Intl.PluralRules('pt-BR').resolvedOptions().pluralCategories
    for (const label of [ptBR.attemptsLeft, ptBR.signingBytes])
      expect(Object.keys(label ?? {}).sort()).toEqual([...categories].sort())
  })

  it('says nothing that assumes the gender of the person signing in', () => {
    // `\b` is ASCII only in JavaScript (no boundary after "í"), hence letters by Unicode property.
    const GENDERED = /(?<!\p{L})(bem-vind|conectad|desconectad|logad|cadastrad|pront|obrigad)[oa]s?(?!\p{L})/iu
    expect('Bem-vindo de volta').toMatch(GENDERED)
    expect('Você está conectada').toMatch(GENDERED)
    expect('Você entrou na sua conta').not.toMatch(GENDERED)
    for (const [path, value] of portuguese) expect(value, path).not.toMatch(GENDERED)
  })

  it('is Brazilian: você, never tu, and none of the words only Portugal uses', () => {
    const PORTUGAL =
      /(?<!\p{L})(tu|teu|tua|vós|ecrã|telemóvel|registo|utilizador|ficheiro|transferir|definições)(?!\p{L})/iu
    expect('Verifica o teu telemóvel').toMatch(PORTUGAL)
    expect('Confira seu celular').not.toMatch(PORTUGAL)
    for (const [path, value] of portuguese) expect(value, path).not.toMatch(PORTUGAL)
  })

  it('never says a word twice in a row', () => {
    for (const [path, value] of portuguese) expect(value, path).not.toMatch(/(?<!\p{L})(\p{L}+) \1(?!\p{L})/iu)
  })
})
