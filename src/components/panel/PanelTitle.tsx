'use client'
import type { ReactNode } from 'react'
import type { LoginLabels } from '../locales/LoginLabels'
import { PanelHeader } from './PanelHeader'
import { usePanelTitle } from './usePanelTitle'

export interface PanelTitleProps {
  titleId: string
  /** The app's sign-in title, if any. */
  title: ReactNode
  logo: ReactNode
  labels: LoginLabels
  onClose?(): void
}

/** The header with the title for the state. It reads the session itself, so that signing in re-renders the header, not the dialog. */
export function PanelTitle({ titleId, title, logo, labels, onClose }: PanelTitleProps) {
  return <PanelHeader titleId={titleId} title={usePanelTitle(title, labels)} logo={logo} onClose={onClose} />
}
