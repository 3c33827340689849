'use client'
import { useEffect, useMemo } from 'react'
import type { KitError } from '../../react'
import { chunks, prefetchChunk } from '../../chunks'
import type { Locale } from '../../appearance/Locale'
import type { LoginLabels, LoginLabelsOverride } from '../../appearance/LoginLabels'
import { useModuleSnapshot } from '../ui/useModuleSnapshot'
import { resolveLabels } from './resolveLabels'

// Where they have always been found; the types are the provider's too (src/appearance).
export { LOCALE_NAMES } from '../locales/localeNames'
export type { Locale, LocaleName } from '../../appearance/Locale'

/** The shipped languages' loaders; exported for the test that checks they load only when asked for. */
export const localeLoaders = { fr: chunks.localeFr }

/** Starts loading a shipped language (for prefetch handlers); a failure is reported where it is used. */
export function prefetchLocale(locale: Locale | undefined): void {
  if (typeof locale === 'string' && locale !== 'en') prefetchChunk(localeLoaders[locale])
}

export interface LocaleLabelsState {
  /** Undefined while a shipped language is loading (or failed to). */
  labels: LoginLabels | undefined
  error: KitError | null
  retry(): void
}

/**
 * The dictionary a component shows: `locale` (English by default) with the `labels` overrides on top.
 * A shipped language other than English is fetched when a component first asks for it.
 */
export function useLocaleLabels(
  locale: Locale | undefined,
  labels: LoginLabelsOverride | undefined,
): LocaleLabelsState {
  const loader = typeof locale === 'string' && locale !== 'en' ? localeLoaders[locale] : undefined
  const snapshot = useModuleSnapshot(loader)
  useEffect(() => prefetchLocale(locale), [locale])
  const dictionary = typeof locale === 'object' ? locale : loader ? snapshot.module : undefined
  const resolved = useMemo(
    () => (loader && !dictionary ? undefined : resolveLabels(dictionary, labels)),
    [loader, dictionary, labels],
  )
  return { labels: resolved, error: snapshot.error, retry: () => prefetchLocale(locale) }
}
