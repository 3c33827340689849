import { createContext } from 'react'
import type { Kit } from '../core'
import type { EnabledProvider } from '../core/types'

/** Storage for state that must survive a reload of this tab only (an OTP challenge in progress). */
export type FlowStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

export interface AuthProxyContextValue {
  kit: Kit
  configId: string
  proxyUrl: string
  /** The app's choice and order of login methods; undefined means all the tenant enables. */
  methods: readonly EnabledProvider[] | undefined
  /** Where in-progress flows are kept; null when the platform has no sessionStorage (SSR, sandboxed frames). */
  flowStorage: FlowStorage | null
}

export const AuthProxyContext = createContext<AuthProxyContextValue | null>(null)
AuthProxyContext.displayName = 'AuthProxyContext'
