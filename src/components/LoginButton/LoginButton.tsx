import { useState } from 'react'
import { useSession } from '../../react'
import { resolveLabels } from '../labels/resolveLabels'
import type { LoginLabels, LoginLabelsOverride } from '../locales/LoginLabels'
import { loadLoginDialog } from '../LoginModal/loadLoginDialog'
import { LoginModal } from '../LoginModal/LoginModal'
import type { Theme } from '../Theme'

export interface LoginButtonProps {
  theme?: Theme
  locale?: LoginLabels
  labels?: LoginLabelsOverride
  className?: string
}

function prefetchDialog() {
  // A failed prefetch is retried by the click; nothing to report here.
  loadLoginDialog().catch(() => undefined)
}

/** "Log in" when signed out, "Account" when signed in; either opens the sign-in modal. */
export function LoginButton({ theme = 'light', locale, labels, className }: LoginButtonProps) {
  const { status } = useSession()
  const [open, setOpen] = useState(false)
  const resolved = resolveLabels(locale, labels)
  return (
    <>
      <button
        type="button"
        className={['apk-root', 'apk-button', 'apk-button-primary', 'apk-login-button', className].filter(Boolean).join(' ')}
        data-apk-theme={theme}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
        onPointerEnter={prefetchDialog}
        onFocus={prefetchDialog}
      >
        {status === 'signedIn' ? resolved.account : resolved.logIn}
      </button>
      <LoginModal open={open} onOpenChange={setOpen} theme={theme} locale={locale} labels={labels} />
    </>
  )
}
