import type { LoginLabels, LoginLabelsOverride } from './LoginLabels'

/**
 * The languages the kit ships (LOCALE_NAMES lists them): English bundled, each other loaded when asked
 * for. Portuguese is Brazil's (as the wallets' and the platforms' sign-in screens mostly are), Chinese
 * the Simplified script of the mainland (and Singapore); a name carries its region where the language
 * has more than one written standard.
 */
export type LocaleName = 'en' | 'fr' | 'es' | 'de' | 'pt-BR' | 'ja' | 'zh-CN'

/**
 * What a component's `locale` prop takes: a language the kit ships, `'auto'` (the first of the browser's
 * languages the kit ships, else English), a whole dictionary, or some strings.
 */
export type Locale = LocaleName | 'auto' | LoginLabels | LoginLabelsOverride
