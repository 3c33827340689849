import type { LoginLabels, LoginLabelsOverride } from './LoginLabels'

/** The languages the kit ships (LOCALE_NAMES lists them): English bundled, each other loaded when asked for. */
export type LocaleName = 'en' | 'fr'

/** What a component's `locale` prop takes: a language the kit ships, a whole dictionary, or some strings. */
export type Locale = LocaleName | LoginLabels | LoginLabelsOverride
