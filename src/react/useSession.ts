import { useSyncExternalStore } from 'react'
import type { SessionSnapshot } from '../core'
import { useKit } from './useKit'

/** The session as the core store holds it; re-renders only the components that call it. */
export function useSession(): SessionSnapshot {
  const { session } = useKit()
  // The store's subscribe and getSnapshot are bound, and the snapshot is stable between changes.
  return useSyncExternalStore(session.subscribe, session.getSnapshot, session.getSnapshot)
}
