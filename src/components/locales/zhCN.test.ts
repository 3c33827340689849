import { describe, expect, it } from 'vitest'
import { DEFAULT_USER_MESSAGES } from '../../core/errors'
import { signingEn } from '../signing/signingLabels'
import { dictionaryStrings } from './dictionaryStrings'
import { en } from './en'
import { zhCN } from './zhCN'

// English's whole copy: the page's, the signing prompt's (signingEn) and the kit's error messages.
const english = dictionaryStrings({ ...en, ...signingEn, errors: DEFAULT_USER_MESSAGES })
const chinese = dictionaryStrings(zhCN)
const placeholders = (text: string) => new Set(text.match(/\{\w+\}/g) ?? [])

describe('zh-CN', () => {
  it('has every string English has (error messages included), and no other', () => {
    expect([...chinese.keys()].sort()).toEqual([...english.keys()].sort())
  })

  it('leaves no string empty or in English', () => {
    for (const [path, value] of chinese) {
      expect(value.trim(), path).not.toBe('')
      expect(value, path).not.toBe(english.get(path))
    }
  })

  it("uses the same placeholders as English's string, in each string", () => {
    for (const [path, value] of chinese)
      expect(placeholders(value), path).toEqual(placeholders(english.get(path) ?? ''))
  })

  it('has a form for every plural category Intl.PluralRules has for Chinese (one: "other")', () => {
    for (const category of new Intl.PluralRules('zh-CN').resolvedOptions().pluralCategories) {
      expect(zhCN.attemptsLeft).toHaveProperty(category)
      expect(zhCN.signingBytes).toHaveProperty(category)
    }
  })

  it('is written in Simplified characters, none of the Traditional ones', () => {
    const TRADITIONAL = /[說碼電郵帳號會將為這個與認證話錢簽網絡設請輸錄關閉驗發載試選擇時間後過無開頁記]/u
    expect('請輸入驗證碼').toMatch(TRADITIONAL)
    expect('请输入验证码').not.toMatch(TRADITIONAL)
    for (const [path, value] of chinese) expect(value, path).not.toMatch(TRADITIONAL)
  })

  it('uses full-width punctuation (，。？！：“”), never ASCII, but in an e-mail address', () => {
    for (const [path, value] of chinese) {
      expect(value.replace(/[\w.]+@[\w.]+\w/g, ''), path).not.toMatch(/[!?:;,.()"']/)
    }
    expect(zhCN.noPasskeyYet).toMatch(/？$/)
  })

  it('puts a space between Chinese and Latin letters, digits or a placeholder ("使用 {provider} 继续")', () => {
    const TIGHT = /\p{sc=Han}[A-Za-z0-9{]|[A-Za-z0-9}]\p{sc=Han}/u
    expect('使用{provider}继续').toMatch(TIGHT)
    expect('使用 {provider} 继续。{message}').not.toMatch(TIGHT)
    for (const [path, value] of chinese) expect(value, path).not.toMatch(TIGHT)
  })

  it('writes the ellipsis as ……, and quotes “like this”, never 「」', () => {
    for (const [path, value] of chinese) {
      expect(value, path).not.toMatch(/(?<!…)…(?!…)/u)
      expect(value, path).not.toMatch(/[「」‘’]/u)
      expect(value.split('“').length, path).toBe(value.split('”').length)
    }
    expect(zhCN.loading).toBe('正在加载……')
    expect(zhCN.codeAccepted).toContain('“验证”')
  })
})
