'use client'
import type { ReactNode } from 'react'
import { useAuthProxyAppearance, useSession } from '../../react'

/** Renders its children only while someone is signed in (nothing while the stored session is read). */
export function SignedIn({ children }: { children?: ReactNode | undefined }) {
  // Outside AuthProxyProvider, the error names this component, the one the developer wrote.
  useAuthProxyAppearance('<SignedIn>')
  return useSession().status === 'signedIn' ? <>{children}</> : null
}
