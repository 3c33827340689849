import type { LocaleName } from '../../appearance/Locale'

/** The languages the kit ships besides English, each loaded only when asked for. */
export const LOCALE_NAMES = ['en', 'fr', 'es', 'de', 'pt-BR', 'ja', 'zh-CN'] as const satisfies readonly LocaleName[]
