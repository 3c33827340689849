import { describe, expect, it } from 'vitest'
import { darkTheme, lightTheme, themeAttributes } from './Theme'

describe('themes', () => {
  it('map typed options to the CSS variables of styles.css, leaving the rest to the palette', () => {
    const theme = lightTheme({
      accent: '#0a7',
      accentText: '#fff',
      background: '#fafafa',
      textMuted: '#555',
      radius: 10,
      fontFamily: 'Inter, sans-serif',
    })
    expect(theme.mode).toBe('light')
    expect(theme.variables).toEqual({
      '--apk-color-accent': '#0a7',
      '--apk-color-focus': '#0a7',
      '--apk-color-accent-text': '#fff',
      '--apk-color-background': '#fafafa',
      '--apk-color-text-muted': '#555',
      '--apk-radius-small': '6px',
      '--apk-radius-medium': '10px',
      '--apk-radius-large': '16px',
      '--apk-font-family': 'Inter, sans-serif',
    })
    expect(darkTheme()).toEqual({ mode: 'dark', variables: {} })
    expect(Object.isFrozen(theme.variables)).toBe(true)
  })

  it('give the attributes of a root element: the palette by name, a typed theme with its variables, a pair by the system scheme', () => {
    expect(themeAttributes('auto', false)).toEqual({ 'data-apk-theme': 'auto' })
    const light = lightTheme({ accent: 'green' })
    const dark = darkTheme({ accent: 'lime' })
    expect(themeAttributes(dark, false)).toEqual({
      'data-apk-theme': 'dark',
      style: { '--apk-color-accent': 'lime', '--apk-color-focus': 'lime' },
    })
    expect(themeAttributes({ lightMode: light, darkMode: dark }, false)['data-apk-theme']).toBe('light')
    expect(themeAttributes({ lightMode: light, darkMode: dark }, true)).toEqual(themeAttributes(dark, false))
  })
})
