/** `auto` follows the system's `prefers-color-scheme`. */
export type Theme = 'light' | 'dark' | 'auto'
