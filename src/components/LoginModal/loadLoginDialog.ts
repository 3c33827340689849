import type { ComponentType } from 'react'
import type { LoginDialogProps } from './LoginDialog'

let loading: Promise<{ default: ComponentType<LoginDialogProps> }> | undefined

/**
 * Loads the dialog's code once: the button's first load stays small, and hovering or focusing the button
 * starts the download before the click. A failed download is forgotten so that the next try fetches again.
 */
export function loadLoginDialog(): Promise<{ default: ComponentType<LoginDialogProps> }> {
  loading ??= import('./LoginDialog').then(
    (module) => ({ default: module.LoginDialog }),
    (error: unknown) => {
      loading = undefined
      throw error
    },
  )
  return loading
}
