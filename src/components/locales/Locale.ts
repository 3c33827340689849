import type { LoginLabels, LoginLabelsOverride } from './LoginLabels'

/** The languages the kit ships besides English, each loaded only when asked for. */
export const LOCALE_NAMES = ['en', 'fr'] as const
export type LocaleName = (typeof LOCALE_NAMES)[number]

/** What a component's `locale` prop takes: a language the kit ships, a whole dictionary, or some strings. */
export type Locale = LocaleName | LoginLabels | LoginLabelsOverride
