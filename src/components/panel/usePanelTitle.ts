'use client'
import type { ReactNode } from 'react'
import { useSession } from '../../react'
import type { LoginLabels } from '../locales/LoginLabels'

/**
 * The title says where the person is: the sign-in's (the app's `title`, else "Log in or sign up"), then
 * "Your account" once signed in (`labels.accountTitle`; the app's sign-in title does not fit there).
 */
export function usePanelTitle(title: ReactNode | undefined, labels: LoginLabels): ReactNode {
  const { status } = useSession()
  return status === 'signedIn' ? labels.accountTitle : (title ?? labels.dialogTitle)
}
