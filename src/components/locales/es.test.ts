import { describe, expect, it } from 'vitest'
import { DEFAULT_USER_MESSAGES } from '../../core/errors'
import { signingEn } from '../signing/signingLabels'
import { dictionaryStrings } from './dictionaryStrings'
import { en } from './en'
import { es } from './es'

// English's whole copy: the page's, the signing prompt's (signingEn) and the kit's error messages.
const english = dictionaryStrings({ ...en, ...signingEn, errors: DEFAULT_USER_MESSAGES })
const spanish = dictionaryStrings(es)
const placeholders = (text: string) => new Set(text.match(/\{\w+\}/g) ?? [])
// Forms the English does not have: Intl's `many` (a million and beyond: "1.000.000 de bytes").
const ownForms = (path: string) => path.endsWith('.many')

// Words that agree with the person's gender ("Bienvenido", "Estás conectado"). `\b` is ASCII only in
// JavaScript (no boundary after "ó"), hence letters by Unicode property.
const GENDERED = /(?<!\p{L})(bienvenid|conectad|desconectad|registrad|identificad)[oa]s?(?!\p{L})/iu

describe('es', () => {
  it('has every string English has (error messages included), and no other', () => {
    const own = [...spanish.keys()].filter((path) => !ownForms(path))
    expect(own.sort()).toEqual([...english.keys()].sort())
  })

  it('leaves no string empty or in English, but the byte, which Spanish names as English does', () => {
    const same = new Set(['signingBytes.one', 'signingBytes.other'])
    for (const [path, value] of spanish) {
      expect(value.trim(), path).not.toBe('')
      if (!same.has(path)) expect(value, path).not.toBe(english.get(path))
    }
  })

  it("uses the same placeholders as English's string, in each string", () => {
    for (const [path, value] of spanish) {
      const source = english.get(path.replace(/\.many$/, '.other'))
      expect(placeholders(value), path).toEqual(placeholders(source ?? ''))
    }
  })

  it('has a form for every plural category Intl.PluralRules has for Spanish', () => {
    const categories = new Intl.PluralRules('es').resolvedOptions().pluralCategories
    for (const label of [es.attemptsLeft, es.signingBytes])
      expect(Object.keys(label ?? {}).sort()).toEqual([...categories].sort())
  })

  it('says nothing that assumes the gender of the person signing in', () => {
    expect('Bienvenida de nuevo').toMatch(GENDERED)
    expect('Estás conectado').toMatch(GENDERED)
    expect('Sesión iniciada, Cerrar sesión').not.toMatch(GENDERED)
    for (const [path, value] of spanish) expect(value, path).not.toMatch(GENDERED)
  })

  it('opens every question with ¿ and every exclamation with ¡', () => {
    for (const [path, value] of spanish) {
      expect(value.split('?').length, path).toBe(value.split('¿').length)
      expect(value.split('!').length, path).toBe(value.split('¡').length)
    }
  })

  it('says tú throughout, never usted (nor its imperatives: "Ingrese", "Vuelva a intentarlo")', () => {
    const USTED =
      /(?<!\p{L})(usted|ustedes|ingrese|introduzca|escriba|seleccione|intente|vuelva|espere|revise|permita)(?!\p{L})/iu
    expect('Vuelva a intentarlo').toMatch(USTED)
    expect('Vuelve a intentarlo').not.toMatch(USTED)
    for (const [path, value] of spanish) expect(value, path).not.toMatch(USTED)
  })

  it('never says a word twice in a row', () => {
    for (const [path, value] of spanish) expect(value, path).not.toMatch(/(?<!\p{L})(\p{L}+) \1(?!\p{L})/iu)
  })
})
