'use client'
import type { ReactNode } from 'react'
import { useSession } from '../../react'

/** Renders its children only while no one is signed in (nothing while the stored session is read). */
export function SignedOut({ children }: { children?: ReactNode | undefined }) {
  return useSession().status === 'signedOut' ? <>{children}</> : null
}
