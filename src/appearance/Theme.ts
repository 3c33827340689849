// The theme an app hands to the provider and to each component: a type both layers read, so that the
// provider carries it without importing the components. The palettes themselves (lightTheme, darkTheme,
// themeAttributes) are components/theme/Theme.ts.

/** A built-in palette: `auto` follows the system's `prefers-color-scheme`. */
export type ThemeMode = 'light' | 'dark' | 'auto'

/** A typed theme, made by lightTheme() or darkTheme(): a palette and the CSS variables that change it. */
export interface KitTheme {
  readonly mode: 'light' | 'dark'
  /** `--apk-*` custom properties, set on the kit's root elements (see themeAttributes). */
  readonly variables: Readonly<Record<`--apk-${string}`, string>>
}

/** One theme, or one for each system color scheme (like `auto`, with the app's own colors). */
export type Theme = ThemeMode | KitTheme | { readonly lightMode: KitTheme; readonly darkMode: KitTheme }
