// The modal in French on the mock: a wrong code says, in French, how many tries are left; the phone
// step names and sorts the countries in French; the dialog says its language for screen readers.
import { screen, waitFor, within } from '@testing-library/react'
import type { UserEvent } from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { DEFAULT_USER_MESSAGES } from '../../core/errors'
import { latestCode, renderWithProxy, wrongCode } from '../../react/test/renderWithProxy'
import { en } from '../locales/en'
import { fr } from '../locales/fr'
import type { LoginLabels } from '../../appearance/LoginLabels'
import { LoginButton } from './LoginButton'

async function openModal(user: UserEvent, name: string, title: string): Promise<HTMLElement> {
  const button = await screen.findByRole('button', { name })
  // The button speaks its own language too, as the dialog it opens does.
  expect(button).toHaveAttribute('lang', name === 'Log in' ? 'en' : 'fr')
  await user.click(button)
  return screen.findByRole('dialog', { name: title })
}

type EmailFormLabels = Pick<LoginLabels, 'emailLabel' | 'continueWithEmail' | 'codeLabel'>

async function requestCode(
  user: UserEvent,
  dialog: HTMLElement,
  email: string,
  labels: EmailFormLabels = fr,
): Promise<HTMLElement> {
  await user.type(await within(dialog).findByRole('textbox', { name: labels.emailLabel }), email)
  await user.click(within(dialog).getByRole('button', { name: labels.continueWithEmail }))
  return within(dialog).findByRole('textbox', { name: labels.codeLabel })
}

afterEach(() => {
  document.documentElement.lang = ''
})

describe('LoginModal in French', () => {
  it('says how many tries are left after a wrong code, in French, then says "1 essai"', async () => {
    const { user, proxy } = renderWithProxy(<LoginButton locale="fr" />)
    const dialog = await openModal(user, 'Se connecter', 'Connexion ou inscription')
    expect(dialog).toHaveAttribute('lang', 'fr')
    const email = 'essai@example.com'
    const codeField = await requestCode(user, dialog, email)
    const code = latestCode(proxy, email)

    await user.type(codeField, wrongCode(code))
    const alert = await within(dialog).findByRole('alert')
    expect(alert).toHaveTextContent(`${fr.errors.OTP_CODE_INVALID} Il vous reste 4 essais.`)
    expect(alert).not.toHaveTextContent(/attempt/)
    expect(codeField).toHaveAccessibleDescription(expect.stringContaining('Il vous reste 4 essais.'))

    // Another wrong code each time: the refused one is not sent again.
    const others = [...'0123456789'].filter((digit) => digit !== code[0] && digit !== wrongCode(code)[0])
    for (const left of [3, 2, 1]) {
      await waitFor(() => expect(within(dialog).getByRole('button', { name: fr.verify })).toBeDisabled())
      await user.clear(codeField)
      await user.type(codeField, `${others[3 - left]}${code.slice(1)}`)
      const said = left === 1 ? 'Il vous reste 1 essai.' : `Il vous reste ${left} essais.`
      await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent(said))
    }
  })

  it('in English, says the count once, as the kit always has', async () => {
    const { user, proxy } = renderWithProxy(<LoginButton />)
    const dialog = await openModal(user, 'Log in', 'Log in or sign up')
    expect(dialog).toHaveAttribute('lang', 'en')
    const email = 'twice@example.com'
    const codeField = await requestCode(user, dialog, email, en)
    await user.type(codeField, wrongCode(latestCode(proxy, email)))
    const alert = await within(dialog).findByRole('alert')
    expect(alert.textContent).toBe(`${DEFAULT_USER_MESSAGES.OTP_CODE_INVALID} 4 attempts left.`)
  })

  it('names the countries in French and sorts them the French way, on an English page', async () => {
    document.documentElement.lang = 'en'
    const { user } = renderWithProxy(<LoginButton locale="fr" />)
    const dialog = await openModal(user, 'Se connecter', 'Connexion ou inscription')
    await user.click(await within(dialog).findByRole('button', { name: fr.continueWithPhone }))
    const country = await within(dialog).findByRole('combobox', { name: fr.countryLabel })
    expect(within(country).getByRole('option', { name: 'Allemagne (+49)' })).toHaveValue('DE')
    expect(within(country).queryByRole('option', { name: 'Germany (+49)' })).not.toBeInTheDocument()
    const names = within(country)
      .getAllByRole('option')
      .map((option) => option.textContent?.replace(/ \(\+\d+\)$/, '') ?? '')
    expect(names).toEqual([...names].sort(new Intl.Collator('fr').compare))
    expect(names.indexOf('Égypte')).toBeLessThan(names.indexOf('Espagne'))
  })
})
