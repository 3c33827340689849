'use client'
import type { Kit } from '../core'
import { useAuthProxyContext } from './useAuthProxyContext'

/** The core kit built by the nearest AuthProxyProvider, for calling core flows directly. */
export function useKit(): Kit {
  return useAuthProxyContext('useKit').kit
}
