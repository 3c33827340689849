'use client'
import { useEffect, useMemo } from 'react'
import type { KitError } from '../../react'
import { chunks, prefetchChunk } from '../../chunks'
import type { LoginLabels, LoginLabelsOverride } from '../locales/LoginLabels'
import { useModuleSnapshot } from '../ui/useModuleSnapshot'
import { resolveLabels } from './resolveLabels'

/** The languages the kit ships besides English, each loaded only when asked for. */
export const LOCALE_NAMES = ['en', 'fr'] as const
export type LocaleName = (typeof LOCALE_NAMES)[number]

/** What a component's `locale` prop takes: a language the kit ships, a whole dictionary, or some strings. */
export type Locale = LocaleName | LoginLabels | LoginLabelsOverride

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
export function useLocaleLabels(locale: Locale | undefined, labels: LoginLabelsOverride | undefined): LocaleLabelsState {
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
