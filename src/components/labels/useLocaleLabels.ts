'use client'
import { useEffect, useMemo, useSyncExternalStore } from 'react'
import type { KitError } from '../../react'
import { chunks, prefetchChunk } from '../../chunks'
import type { Locale, LocaleName } from '../../appearance/Locale'
import type { LoginLabels, LoginLabelsOverride } from '../../appearance/LoginLabels'
import { useModuleSnapshot } from '../ui/useModuleSnapshot'
import { matchLocale } from './matchLocale'
import { resolveLabels } from './resolveLabels'

// Where they have always been found; the types are the provider's too (src/appearance).
export { LOCALE_NAMES } from '../locales/localeNames'
export type { Locale, LocaleName } from '../../appearance/Locale'

/** The shipped languages' loaders; exported for the test that checks they load only when asked for. */
export const localeLoaders = {
  fr: chunks.localeFr,
  es: chunks.localeEs,
  de: chunks.localeDe,
  'pt-BR': chunks.localePtBR,
  ja: chunks.localeJa,
  'zh-CN': chunks.localeZhCN,
}

/** Starts loading a shipped language (for prefetch handlers); a failure is reported where it is used. */
export function prefetchLocale(locale: Locale | undefined): void {
  const name = locale === 'auto' ? browserLocale() : locale
  if (typeof name === 'string' && name !== 'en') prefetchChunk(localeLoaders[name])
}

const english = (): LocaleName => 'en'
// Read in the browser only: a server render, and hydration after it, read `english` (the server snapshot).
const browserLocale = () => matchLocale(navigator.languages)
// The person changed their languages in the browser's settings: Chromium and Firefox tell open pages.
const onLanguageChange = (changed: () => void) => {
  window.addEventListener('languagechange', changed)
  return () => window.removeEventListener('languagechange', changed)
}

/**
 * `locale`, with 'auto' read from the browser. The server knows no browser: it renders English, and so
 * does hydration (React's server snapshot), then the browser's language follows with no mismatch.
 */
function useLocaleName(locale: Locale | undefined): Exclude<Locale, 'auto'> | undefined {
  const auto = locale === 'auto'
  // Subscribed whatever the locale (a hook runs on every render); only 'auto' reads the browser.
  const browser = useSyncExternalStore(onLanguageChange, auto ? browserLocale : english, english)
  return auto ? browser : locale
}

export interface LocaleLabelsState {
  /** Undefined while a shipped language is loading (or failed to). */
  labels: LoginLabels | undefined
  error: KitError | null
  retry(): void
}

/**
 * The dictionary a component shows: `locale` (English by default) with the `labels` overrides on top.
 * A shipped language other than English is fetched when a component first asks for it; 'auto' picks
 * one from the browser's languages (matchLocale).
 */
export function useLocaleLabels(
  requested: Locale | undefined,
  labels: LoginLabelsOverride | undefined,
): LocaleLabelsState {
  const locale = useLocaleName(requested)
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
