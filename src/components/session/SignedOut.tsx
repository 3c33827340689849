'use client'
import type { ReactNode } from 'react'
import { useAuthProxyAppearance, useSession } from '../../react'

/** Renders its children only while no one is signed in (nothing while the stored session is read). */
export function SignedOut({ children }: { children?: ReactNode | undefined }) {
  // Outside AuthProxyProvider, the error names this component, the one the developer wrote.
  useAuthProxyAppearance('<SignedOut>')
  return useSession().status === 'signedOut' ? <>{children}</> : null
}
