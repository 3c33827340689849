'use client'
import type { AuthProxyAppearance } from './context'
import { useAuthProxyContext } from './useAuthProxyContext'

/**
 * The provider's `theme`, `locale` and `labels`: the defaults of every kit component (their own props win).
 * `caller` is what the error outside the provider names: a component built on this passes its own name
 * (`useAuthProxyAppearance('<MyButton>')`), the one the developer wrote, rather than this hook's.
 */
export function useAuthProxyAppearance(caller = 'useAuthProxyAppearance'): AuthProxyAppearance {
  return useAuthProxyContext(caller).appearance
}
