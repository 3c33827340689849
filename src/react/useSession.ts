'use client'
import { useSyncExternalStore } from 'react'
import type { SessionSnapshot } from '../core'
import { useAuthProxyContext } from './useAuthProxyContext'

/**
 * The server's session: not known yet. A page rendered on the server and hydrated in the browser shows
 * the same thing on both until the browser's store has read its storage (no hydration mismatch).
 */
const SERVER_SNAPSHOT: SessionSnapshot = Object.freeze({ status: 'loading', session: null, expiresSoon: false })
const getServerSnapshot = () => SERVER_SNAPSHOT

/** The session as the core store holds it; re-renders only the components that call it. */
export function useSession(): SessionSnapshot {
  const { session } = useAuthProxyContext('useSession').kit
  // The store's subscribe and getSnapshot are bound, and the snapshot is stable between changes.
  return useSyncExternalStore(session.subscribe, session.getSnapshot, getServerSnapshot)
}
