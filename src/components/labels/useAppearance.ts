'use client'
import { useMemo } from 'react'
import { useAuthProxyAppearance } from '../../react'
import type { LoginLabelsOverride } from '../../appearance/LoginLabels'
import type { Theme } from '../../appearance/Theme'
import type { Locale } from './useLocaleLabels'

export interface AppearanceProps {
  theme?: Theme | undefined
  locale?: Locale | undefined
  labels?: LoginLabelsOverride | undefined
}

export interface Appearance {
  theme: Theme
  locale: Locale | undefined
  labels: LoginLabelsOverride | undefined
}

/**
 * A component's theme, locale and labels: its own props, else AuthProxyProvider's, else 'light' and
 * English. Labels are merged string by string (and error by error), the component's on top. `component`
 * (`'<LoginButton>'`) is what the error outside AuthProxyProvider names: what the developer wrote.
 */
export function useAppearance(props: AppearanceProps, component: string): Appearance {
  const defaults = useAuthProxyAppearance(component)
  const own = props.labels
  const shared = defaults.labels
  // Stable while neither changes: the locale's dictionary is resolved again only when they do.
  const labels = useMemo(() => mergeLabels(shared, own), [shared, own])
  return { theme: props.theme ?? defaults.theme ?? 'light', locale: props.locale ?? defaults.locale, labels }
}

function mergeLabels(
  shared: LoginLabelsOverride | undefined,
  own: LoginLabelsOverride | undefined,
): LoginLabelsOverride | undefined {
  if (!shared || !own) return own ?? shared
  return { ...shared, ...own, errors: { ...shared.errors, ...own.errors } }
}
