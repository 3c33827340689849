'use client'
import { useId, type ReactNode } from 'react'
import type { EnabledProvider } from '../../react'
import { Dialog } from '../dialog/Dialog'
import { LabelsContext } from '../labels/LabelsContext'
import type { LoginLabels } from '../../appearance/LoginLabels'
import type { Theme } from '../../appearance/Theme'
import { LoginFlow } from '../flow/LoginFlow'

export interface LoginDialogProps {
  onOpenChange(open: boolean): void
  theme: Theme
  labels: LoginLabels
  methods: readonly EnabledProvider[] | undefined
  title: ReactNode | undefined
  logo: ReactNode | undefined
  closeOnSignIn: boolean
}

/** The open modal: the sign-in flow (under its title row, with a close button) in a dialog frame. Loaded lazily. */
export function LoginDialog({ onOpenChange, theme, labels, methods, title, logo, closeOnSignIn }: LoginDialogProps) {
  const titleId = useId()
  const close = () => onOpenChange(false)
  return (
    <LabelsContext.Provider value={labels}>
      <Dialog labelledBy={titleId} onClose={close} theme={theme} lang={labels.locale}>
        <LoginFlow
          header={{ titleId, title, logo, onClose: close }}
          onDone={close}
          methods={methods}
          closeOnSignIn={closeOnSignIn}
        />
      </Dialog>
    </LabelsContext.Provider>
  )
}
