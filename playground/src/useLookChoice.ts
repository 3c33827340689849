import { darkTheme, LOCALE_NAMES, lightTheme, type Locale, type Theme } from 'auth-proxy-kit'
import { useState } from 'react'

export const THEME_CHOICES = ['light', 'dark', 'auto', 'brand'] as const
export type ThemeChoice = (typeof THEME_CHOICES)[number]
// Every language the kit ships, and the browser's own.
export const LOCALE_CHOICES = ['auto', ...LOCALE_NAMES] as const
export const VIEW_CHOICES = ['modal', 'panel'] as const
export type ViewChoice = (typeof VIEW_CHOICES)[number]

export interface LookChoice {
  theme: ThemeChoice
  locale: Extract<Locale, string>
  view: ViewChoice
}

// A typed theme as an app would write one: its own green, square corners, light or dark with the system.
const BRAND: Theme = {
  lightMode: lightTheme({ accent: '#0b7a4b', radius: 4 }),
  darkMode: darkTheme({ accent: '#5fd4a0', accentText: '#062016', radius: 4 }),
}

export function themeOf(choice: ThemeChoice): Theme {
  return choice === 'brand' ? BRAND : choice
}

function pick<T extends string>(value: string | null, choices: readonly T[], fallback: T): T {
  return choices.find((choice) => choice === value) ?? fallback
}

/** The kit's look in the playground, in the address (?theme=dark&locale=fr&view=panel) so a link or a reload keeps it. */
export function useLookChoice(): [LookChoice, (next: Partial<LookChoice>) => void] {
  const [look, setLook] = useState<LookChoice>(() => {
    const params = new URLSearchParams(window.location.search)
    return {
      theme: pick(params.get('theme'), THEME_CHOICES, 'light'),
      locale: pick(params.get('locale'), LOCALE_CHOICES, 'en'),
      view: pick(params.get('view'), VIEW_CHOICES, 'modal'),
    }
  })
  const choose = (next: Partial<LookChoice>) => {
    const merged = { ...look, ...next }
    const url = new URL(window.location.href)
    for (const [key, value] of Object.entries(merged)) url.searchParams.set(key, value)
    window.history.replaceState(window.history.state, '', url)
    setLook(merged)
  }
  return [look, choose]
}
