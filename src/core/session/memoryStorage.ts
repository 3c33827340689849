/** A Storage kept in memory: enumerable (key, length) like the real one, so any of the kit's uses fits. */
export type MemoryStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>

/** A Storage that lives as long as the page: the fallback where localStorage or sessionStorage is missing or blocked. */
export function memoryStorage(): MemoryStorage {
  const items = new Map<string, string>()
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => {
      items.set(key, String(value))
    },
    removeItem: (key) => {
      items.delete(key)
    },
    key: (index) => [...items.keys()][index] ?? null,
    get length() {
      return items.size
    },
  }
}
