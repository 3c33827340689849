'use client'
import type { AuthProxyAppearance } from './context'
import { useAuthProxyContext } from './useAuthProxyContext'

/** The provider's `theme`, `locale` and `labels`: the defaults of every kit component (their own props win). */
export function useAuthProxyAppearance(): AuthProxyAppearance {
  return useAuthProxyContext('useAuthProxyAppearance').appearance
}
