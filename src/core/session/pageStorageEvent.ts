import type { SessionEventTarget } from '../contracts'

/**
 * A browser tells the other tabs of a localStorage write (a `storage` event) but never the page that
 * made it: two kits on one page (two React roots, two islands) would not see each other's sign-in. So
 * the kit announces its own writes to its page with this event, which carries the key as a `storage`
 * event does; its readers listen to both.
 */
export const PAGE_STORAGE_EVENT = 'auth-proxy-kit:storage'

/**
 * Tells the page's other kits that `key` was written. `source` names the writer, which ignores its own
 * announcement: re-reading a storage that refused the write would undo what it holds in memory.
 */
export function announceWrite(window: SessionEventTarget | undefined, key: string, source: object): void {
  window?.dispatchEvent?.(Object.assign(new Event(PAGE_STORAGE_EVENT), { key, source }))
}

/** The key of a `storage` event or an announcement, or undefined when it is `source`'s own announcement. */
export function writtenKey(event: Event, source: object): string | null | undefined {
  const { key, source: writer } = event as Partial<StorageEvent> & { source?: unknown }
  // `key` is null when another tab called localStorage.clear().
  return writer === source ? undefined : key
}
