'use client'
import type { ReactNode } from 'react'
import { useSession } from '../../react'

/** Renders its children only while someone is signed in (nothing while the stored session is read). */
export function SignedIn({ children }: { children?: ReactNode | undefined }) {
  return useSession().status === 'signedIn' ? <>{children}</> : null
}
