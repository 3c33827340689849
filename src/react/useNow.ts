'use client'
import { useEffect, useReducer } from 'react'
import type { Kit } from '../core'

/**
 * The kit's clock, with a re-render every `intervalMs` while `active` (countdowns). The clock is read
 * during render so that the first render after a change is already right, not one tick late.
 */
export function useNow(kit: Kit, active: boolean, intervalMs = 1000): number {
  const [, tick] = useReducer((count: number) => count + 1, 0)
  useEffect(() => {
    if (!active) return
    const timer = setInterval(tick, intervalMs)
    return () => clearInterval(timer)
  }, [active, intervalMs])
  return kit.now()
}
