import { lazyModule } from '../../core/lazyModule'
import { moduleLoader } from '../ui/moduleLoader'

/**
 * The dialog's code, loaded once: the button's first load stays small, and hovering or focusing the
 * button starts the download before the click. A failed download is forgotten so that the next try
 * fetches again.
 */
export const loginDialogLoader = moduleLoader(lazyModule('sign-in dialog', () => import('./LoginDialog')))

export function loadLoginDialog(): Promise<unknown> {
  return loginDialogLoader.load()
}
