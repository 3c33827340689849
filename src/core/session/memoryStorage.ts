import type { SessionStorage } from './sessionStore'

/** A Storage that lives as long as the page: the fallback where localStorage is missing or blocked. */
export function memoryStorage(): SessionStorage {
  const items = new Map<string, string>()
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => {
      items.set(key, String(value))
    },
    removeItem: (key) => {
      items.delete(key)
    },
  }
}
