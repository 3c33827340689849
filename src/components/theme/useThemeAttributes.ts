'use client'
import { useSyncExternalStore } from 'react'
import type { Theme } from '../../appearance/Theme'
import { themeAttributes } from './Theme'

const DARK = '(prefers-color-scheme: dark)'

function subscribe(listener: () => void): () => void {
  const query = typeof matchMedia === 'function' ? matchMedia(DARK) : undefined
  query?.addEventListener('change', listener)
  return () => query?.removeEventListener('change', listener)
}

const prefersDark = () => typeof matchMedia === 'function' && matchMedia(DARK).matches

/**
 * themeAttributes for a component, following the system's color scheme when the theme is a pair
 * (`{ lightMode, darkMode }`); a string or single theme needs no listener (CSS handles `auto`).
 */
export function useThemeAttributes(theme: Theme): ReturnType<typeof themeAttributes> {
  const isPair = typeof theme === 'object' && !('mode' in theme)
  const dark = useSyncExternalStore(isPair ? subscribe : noSubscribe, isPair ? prefersDark : never, never)
  return themeAttributes(theme, dark)
}

const noSubscribe = () => () => undefined
const never = () => false
