'use client'
import { useEffect, useRef } from 'react'
import { chunks } from '../chunks'
import type { Kit } from '../core'
import type { KitError } from '../core/errors'

/** The provider's `autoRefresh` prop. */
export type AutoRefreshProp = boolean | { beforeMs?: number; onError?(error: KitError): void } | undefined

/**
 * Runs core startAutoRefresh while mounted and `autoRefresh` is on. The wallet chunk (which holds it)
 * loads only once someone is signed in: a signed-out visitor's page loads nothing more. A failed load is
 * tried again at the next session change.
 */
export function useAutoRefresh(kit: Kit, autoRefresh: AutoRefreshProp): void {
  const enabled = autoRefresh !== undefined && autoRefresh !== false
  const beforeMs = typeof autoRefresh === 'object' ? autoRefresh.beforeMs : undefined
  // The latest onError without restarting the timers when an inline function changes identity.
  const onError = useRef<((error: KitError) => void) | undefined>(undefined)
  onError.current = typeof autoRefresh === 'object' ? autoRefresh.onError : undefined

  useEffect(() => {
    if (!enabled) return
    let stop: (() => void) | undefined
    let cancelled = false
    let loading = false
    const start = () => {
      if (stop !== undefined || loading || kit.session.getSnapshot().session === null) return
      loading = true
      chunks.wallet.load().then(
        ({ startAutoRefresh }) => {
          loading = false
          if (cancelled || stop !== undefined) return
          stop = startAutoRefresh(kit, {
            ...(beforeMs === undefined ? {} : { beforeMs }),
            onError: (error) => onError.current?.(error),
          })
        },
        (error: KitError) => {
          loading = false
          onError.current?.(error)
        },
      )
    }
    const unsubscribe = kit.session.subscribe(start)
    start()
    return () => {
      cancelled = true
      unsubscribe()
      stop?.()
    }
  }, [kit, enabled, beforeMs])
}
