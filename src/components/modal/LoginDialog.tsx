'use client'
import { useId, type ReactNode } from 'react'
import type { EnabledProvider } from '../../react'
import { Dialog } from '../dialog/Dialog'
import { LabelsContext } from '../labels/LabelsContext'
import type { LoginLabels } from '../locales/LoginLabels'
import type { Theme } from '../theme/Theme'
import { LoginFlow } from '../flow/LoginFlow'
import { PanelTitle } from '../panel/PanelTitle'

export interface LoginDialogProps {
  onOpenChange(open: boolean): void
  theme: Theme
  labels: LoginLabels
  methods: readonly EnabledProvider[] | undefined
  title: ReactNode | undefined
  logo: ReactNode | undefined
}

/** The open modal: the sign-in panel (title, flow) in a dialog frame with a close button. Loaded lazily. */
export function LoginDialog({ onOpenChange, theme, labels, methods, title, logo }: LoginDialogProps) {
  const titleId = useId()
  const close = () => onOpenChange(false)
  return (
    <LabelsContext.Provider value={labels}>
      <Dialog labelledBy={titleId} onClose={close} theme={theme}>
        <PanelTitle titleId={titleId} title={title} logo={logo} labels={labels} onClose={close} />
        <LoginFlow onDone={close} methods={methods} />
      </Dialog>
    </LabelsContext.Provider>
  )
}
