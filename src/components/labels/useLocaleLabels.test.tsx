import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { KitErrorCode } from '../../core/errors'
import { DEFAULT_USER_MESSAGES } from '../../core/errors'
import { expectNoAxeViolations } from '../../react/test/expectNoAxeViolations'
import { renderWithProxy } from '../../react/test/renderWithProxy'
import { AuthPanel } from '../panel/AuthPanel'
import { LoginButton } from '../modal/LoginButton'
import { en } from '../locales/en'
import { fr } from '../locales/fr'
import { signingEn } from '../signing/signingLabels'

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
