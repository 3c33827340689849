'use client'
import { useSyncExternalStore } from 'react'
import { kitClock } from '../core/clock'
import { useAuthProxyContext } from './useAuthProxyContext'
import { useSession } from './useSession'

const unknown = () => null

/**
 * Whole seconds until the session ends, ticking once a second while a component shows it; null when no
 * one is signed in, on the server, and before the first tick. The time is read by the kit's clock store
 * (when the first reader subscribes, then once a second), never during a render.
 */
export function useSessionTimeLeft(): number | null {
  const { kit } = useAuthProxyContext('useSessionTimeLeft')
  const { session } = useSession()
  const clock = kitClock(kit)
  const now = useSyncExternalStore(clock.subscribe, clock.getSnapshot, unknown)
  if (!session || now === null) return null
  return Math.max(0, Math.ceil((session.expiresAt - now) / 1000))
}
