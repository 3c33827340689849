'use client'
import { useEffect, useRef } from 'react'
import { chunks } from '../chunks'
import type { Kit } from '../core'
import type { KitError } from '../core/errors'
import type { AuthProxyEvents } from './context'

/** The provider's `autoRefresh` prop. */
export type AutoRefreshProp =
  boolean | { beforeMs?: number | undefined; onError?: ((error: KitError) => void) | undefined } | undefined

/**
 * Runs core startAutoRefresh while mounted and `autoRefresh` is on. The wallet chunk (which holds it)
 * loads once someone is signed in: a signed-out visitor's page loads nothing more.
 */
export function useAutoRefresh(kit: Kit, autoRefresh: AutoRefreshProp, events?: AuthProxyEvents): void {
  const on = autoRefresh !== undefined && autoRefresh !== false
  const beforeMs = typeof autoRefresh === 'object' ? autoRefresh.beforeMs : undefined
  // The latest onError, without restarting the timers when an inline function changes identity.
  const onError = useRef<AutoRefreshProp>(autoRefresh)
  onError.current = autoRefresh
  useEffect(() => {
    if (!on) return
    let live = true
    let stop: (() => void) | undefined
    const report = (error: KitError) => {
      if (typeof onError.current === 'object') onError.current.onError?.(error)
      // The provider's onError hears every failed attempt too: a refresh is one of the kit's actions.
      events?.error(error)
    }
    const start = () => {
      if (kit.session.getSnapshot().session === null) return
      unsubscribe()
      chunks.wallet.load().then(({ startAutoRefresh }) => {
        if (live)
          stop = startAutoRefresh(kit, beforeMs === undefined ? { onError: report } : { beforeMs, onError: report })
      }, report)
    }
    const unsubscribe = kit.session.subscribe(start)
    start()
    return () => {
      live = false
      unsubscribe()
      stop?.()
    }
  }, [kit, on, beforeMs, events])
}
