import { useEffect, useState } from 'react'
import { prefetchSignIn } from '../../core/prefetchSignIn'
import { useOAuthCallback, useSession } from '../../react'
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

function prefetch() {
  // A failed prefetch is retried by the click; nothing to report here.
  loadLoginDialog().catch(() => undefined)
  // And the first step's code: a key and otp_init for the email the person is about to type.
  void prefetchSignIn()
}

/**
 * "Log in" when signed out, "Account" when signed in; either opens the sign-in modal. It also opens by
 * itself when the page comes back from a provider (redirect sign-in), to show the progress and then
 * the result: signed in, or what went wrong (cancelled at the provider, ...) with a way to try again.
 */
export function LoginButton({ theme = 'light', locale, labels, className }: LoginButtonProps) {
  const { status } = useSession()
  const callback = useOAuthCallback()
  const [open, setOpen] = useState(false)
  const resolved = resolveLabels(locale, labels)
  const returned = callback.status !== 'idle'
  useEffect(() => {
    if (returned) setOpen(true)
  }, [returned])
  const onOpenChange = (next: boolean) => {
    setOpen(next)
    // Seen: closing the modal puts the outcome of the return away, so that it does not open again.
    if (!next) callback.reset()
  }
  return (
    <>
      <button
        type="button"
        className={['apk-root', 'apk-button', 'apk-button-primary', 'apk-login-button', className].filter(Boolean).join(' ')}
        data-apk-theme={theme}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
        onPointerEnter={prefetch}
        onFocus={prefetch}
      >
        {status === 'signedIn' ? resolved.account : resolved.logIn}
      </button>
      <LoginModal open={open} onOpenChange={onOpenChange} theme={theme} locale={locale} labels={labels} />
    </>
  )
}
