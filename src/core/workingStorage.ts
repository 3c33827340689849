/**
 * The page's localStorage or sessionStorage if it can be written, else undefined. Reading the property
 * itself throws in Safari with all storage blocked and in sandboxed iframes, a write can throw (quota 0
 * in old private modes), and Node 22+ defines a localStorage that throws without --localstorage-file:
 * so a write is probed.
 */
export function workingStorage(name: 'localStorage' | 'sessionStorage'): Storage | undefined {
  try {
    const storage = globalThis[name]
    if (storage !== undefined) {
      const probe = 'auth-proxy-kit:probe'
      storage.setItem(probe, probe)
      storage.removeItem(probe)
      return storage
    }
  } catch {
    // Unusable: the caller falls back to memory.
  }
  return undefined
}
