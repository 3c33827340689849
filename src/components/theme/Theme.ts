import type { CSSProperties } from 'react'
import type { KitTheme, Theme, ThemeMode } from '../../appearance/Theme'

/** What an app may set of the kit's look; anything left out keeps the built-in palette's value. */
export interface ThemeOptions {
  /** Primary buttons, links and the focus ring. */
  accent?: string | undefined
  /** Text on the accent color (keep a 4.5:1 contrast with it). */
  accentText?: string | undefined
  /** The dialog or panel itself. */
  background?: string | undefined
  /** Inputs, secondary buttons, code boxes. */
  surface?: string | undefined
  text?: string | undefined
  /** Hints and secondary text (keep a 4.5:1 contrast with `background`). */
  textMuted?: string | undefined
  border?: string | undefined
  danger?: string | undefined
  /** Behind an open dialog. */
  overlay?: string | undefined
  /** Corner radius of fields and buttons in px; smaller and larger corners scale with it. */
  radius?: number | undefined
  /** A CSS font-family list. */
  fontFamily?: string | undefined
}

const COLOR_VARIABLES = {
  accent: ['--apk-color-accent', '--apk-color-focus'],
  accentText: ['--apk-color-accent-text'],
  background: ['--apk-color-background'],
  surface: ['--apk-color-surface'],
  text: ['--apk-color-text'],
  textMuted: ['--apk-color-text-muted'],
  border: ['--apk-color-border'],
  danger: ['--apk-color-danger'],
  overlay: ['--apk-color-overlay'],
  fontFamily: ['--apk-font-family'],
} as const satisfies Record<Exclude<keyof ThemeOptions, 'radius'>, readonly string[]>

function theme(mode: KitTheme['mode'], options: ThemeOptions): KitTheme {
  const variables: Record<`--apk-${string}`, string> = {}
  for (const [option, names] of Object.entries(COLOR_VARIABLES) as Array<
    [keyof typeof COLOR_VARIABLES, readonly `--apk-${string}`[]]
  >) {
    const value = options[option]
    if (value !== undefined) for (const name of names) variables[name] = value
  }
  if (options.radius !== undefined) {
    const radius = Math.max(0, options.radius)
    variables['--apk-radius-small'] = `${Math.round(radius * 0.6)}px`
    variables['--apk-radius-medium'] = `${radius}px`
    variables['--apk-radius-large'] = `${Math.round(radius * 1.6)}px`
  }
  return Object.freeze({ mode, variables: Object.freeze(variables) })
}

/** The light palette, with the app's changes. */
export function lightTheme(options: ThemeOptions = {}): KitTheme {
  return theme('light', options)
}

/** The dark palette, with the app's changes. */
export function darkTheme(options: ThemeOptions = {}): KitTheme {
  return theme('dark', options)
}

/**
 * The attributes that put a theme on one of the kit's root elements: `data-apk-theme` picks the
 * palette in styles.css, and a typed theme's variables go in `style`. React sets them through the
 * CSSOM (style.setProperty), which a `style-src 'self'` policy allows: no stylesheet is injected.
 * `prefersDark` chooses between a pair of themes.
 */
export function themeAttributes(
  value: Theme,
  prefersDark: boolean,
): { 'data-apk-theme': ThemeMode; style?: CSSProperties | undefined } {
  if (typeof value === 'string') return { 'data-apk-theme': value }
  const chosen = 'mode' in value ? value : prefersDark ? value.darkMode : value.lightMode
  return { 'data-apk-theme': chosen.mode, style: chosen.variables as CSSProperties }
}
