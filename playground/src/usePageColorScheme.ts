import { useLayoutEffect } from 'react'
import type { ThemeChoice } from './useLookChoice'

/**
 * The page follows the Theme choice, not only the kit: dark means a dark playground around a dark modal.
 * System and the typed theme (light or dark with the system) leave it to the system. Set before paint.
 */
export function usePageColorScheme(theme: ThemeChoice): void {
  useLayoutEffect(() => {
    const root = document.documentElement
    root.dataset.scheme = theme === 'light' || theme === 'dark' ? theme : 'system'
  }, [theme])
}
