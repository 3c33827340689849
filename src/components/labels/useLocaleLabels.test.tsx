import { act, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { KitErrorCode } from '../../core/errors'
import { DEFAULT_USER_MESSAGES } from '../../core/errors'
import { expectNoAxeViolations } from '../../react/test/expectNoAxeViolations'
import { renderWithProxy } from '../../react/test/renderWithProxy'
import { AuthPanel } from '../panel/AuthPanel'
import { LoginButton } from '../modal/LoginButton'
import { en } from '../locales/en'
import { fr } from '../locales/fr'
import { signingEn } from '../signing/signingLabels'
import { localeLoaders } from './useLocaleLabels'

describe('locales', () => {
  it('French has every string of English and every error message, and none left in English', () => {
    // English's signing prompt copy comes with the prompt (signingEn); French carries its own.
    const english: Record<string, unknown> = { ...en, ...signingEn }
    expect(Object.keys(fr).sort()).toEqual(Object.keys(english).sort())
    expect(Object.keys(fr.errors).sort()).toEqual((Object.keys(DEFAULT_USER_MESSAGES) as KitErrorCode[]).sort())
    // Words French spells as English does ("Message", "Type" in the signing prompt) are translated too.
    const same = new Set(['errors', 'or', 'signingMessage', 'signingType'])
    for (const [key, value] of Object.entries(fr)) {
      if (!same.has(key)) expect(value, key).not.toBe(english[key])
    }
  })

  it('given locale="fr", the button and the modal read in French, errors included', async () => {
    const { user } = renderWithProxy(<LoginButton locale="fr" />)
    const button = await screen.findByRole('button', { name: 'Se connecter' })
    await user.click(button)
    const dialog = await screen.findByRole('dialog', { name: 'Connexion ou inscription' })
    const email = await within(dialog).findByRole('textbox', { name: 'Adresse e-mail' })
    await user.type(email, 'not-an-email')
    await user.click(within(dialog).getByRole('button', { name: 'Continuer avec l’e-mail' }))
    expect(await within(dialog).findByText(fr.errors.INVALID_EMAIL as string)).toBeInTheDocument()
    await expectNoAxeViolations(dialog)
  })

  it('given some strings or a whole dictionary, uses them over English, and `labels` over both', async () => {
    renderWithProxy(
      <>
        <AuthPanel locale={{ dialogTitle: 'Welcome back' }} />
        <AuthPanel locale={fr} labels={{ continueWithEmail: 'Recevoir un code' }} />
      </>,
    )
    const english = await screen.findByRole('region', { name: 'Welcome back' })
    expect(await within(english).findByRole('textbox', { name: 'Email address' })).toBeInTheDocument()
    const french = screen.getByRole('region', { name: 'Connexion ou inscription' })
    await waitFor(() => expect(within(french).getByRole('button', { name: 'Recevoir un code' })).toBeInTheDocument())
  })
})

describe('locale="auto"', () => {
  afterEach(() => vi.restoreAllMocks())
  /** The person's languages, in their order of preference, as the browser's settings list them. */
  const browserLanguages = (languages: string[]) => vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages)

  it('given a browser in Austrian German, then English, the button and the modal read in German', async () => {
    browserLanguages(['de-AT', 'en'])
    const { user } = renderWithProxy(<LoginButton locale="auto" />)
    await user.click(await screen.findByRole('button', { name: 'Anmelden' }))
    const dialog = await screen.findByRole('dialog', { name: 'Anmelden oder registrieren' })
    expect(dialog.closest('[lang]')).toHaveAttribute('lang', 'de')
    const email = await within(dialog).findByRole('textbox', { name: 'E-Mail-Adresse' })
    await user.type(email, 'not-an-email')
    await user.click(within(dialog).getByRole('button', { name: 'Weiter mit E-Mail' }))
    expect(await within(dialog).findByText(/^Gib eine gültige E-Mail-Adresse ein/)).toBeInTheDocument()
  })

  it('given the provider\'s locale="auto" and a browser in Simplified Chinese (zh-Hans), the panel reads in Chinese', async () => {
    browserLanguages(['zh-Hans'])
    renderWithProxy(<AuthPanel />, { provider: { locale: 'auto' } })
    const panel = await screen.findByRole('region', { name: '登录或注册' })
    expect(panel).toHaveAttribute('lang', 'zh-CN')
    expect(await within(panel).findByRole('textbox', { name: '邮箱地址' })).toBeInTheDocument()
  })

  it('given a browser in Traditional Chinese, then Korean, reads English and loads no language', async () => {
    browserLanguages(['zh-TW', 'ko'])
    const loads = Object.values(localeLoaders).map((loader) => vi.spyOn(loader, 'load'))
    renderWithProxy(<AuthPanel locale="auto" />)
    const panel = await screen.findByRole('region', { name: 'Log in or sign up' })
    expect(panel).toHaveAttribute('lang', 'en')
    expect(await within(panel).findByRole('textbox', { name: 'Email address' })).toBeInTheDocument()
    for (const load of loads) expect(load).not.toHaveBeenCalled()
  })

  it('follows the browser when the person changes their languages in its settings (languagechange)', async () => {
    const languages = browserLanguages(['ja'])
    renderWithProxy(<LoginButton locale="auto" />)
    expect(await screen.findByRole('button', { name: 'ログイン' })).toBeInTheDocument()
    languages.mockReturnValue(['es-MX', 'ja'])
    act(() => window.dispatchEvent(new Event('languagechange')))
    expect(await screen.findByRole('button', { name: 'Iniciar sesión' })).toBeInTheDocument()
  })
})
