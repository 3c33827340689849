import { describe, expect, it } from 'vitest'
import { signingEn } from '../signing/signingLabels'
import { dictionaryStrings } from './dictionaryStrings'
import { en } from './en'
import { fr } from './fr'

const placeholders = (text: string) => new Set(text.match(/\{\w+\}/g) ?? [])

// Words that agree with the person's gender when said of them ("vous êtes connecté"). `\b` is ASCII
// only in JavaScript (no boundary after "é"), hence letters by Unicode property.
const GENDERED = /(?<!\p{L})(connecté|déconnecté|inscrit|prêt)e?s?(?!\p{L})/iu

describe('fr', () => {
  it('says nothing that assumes the gender of the person signing in', () => {
    expect('Vous êtes connecté').toMatch(GENDERED)
    expect('Réessayez quand vous êtes prête.').toMatch(GENDERED)
    expect('Se connecter, Connexion réussie, Reconnectez-vous').not.toMatch(GENDERED)
    for (const [path, value] of dictionaryStrings(fr)) expect(value, path).not.toMatch(GENDERED)
  })

  it('has every string English has (error messages included), and no other', () => {
    // English's signing prompt copy comes with the prompt (signingEn); French carries its own.
    const english = [...dictionaryStrings({ ...en, ...signingEn }).keys()].filter((path) => !path.startsWith('errors.'))
    const french = [...dictionaryStrings(fr).keys()].filter((path) => !path.startsWith('errors.'))
    expect(french.sort()).toEqual(english.sort())
  })

  it("uses the same placeholders as English's string, in each string", () => {
    const english = dictionaryStrings({ ...en, ...signingEn })
    for (const [path, value] of dictionaryStrings(fr)) {
      const source = english.get(path)
      if (source !== undefined) expect(placeholders(value), path).toEqual(placeholders(source))
    }
  })

  it('puts a narrow no-break space (U+202F) before ? ! : and ;, never a plain one or none', () => {
    for (const [path, value] of dictionaryStrings(fr)) {
      // A placeholder's colon ("{time}") and a URL's are not punctuation of the sentence.
      expect(value, path).not.toMatch(/[^\u202f][?!;]|[^\u202f\d]:(?!\/\/)/u)
    }
  })
})
