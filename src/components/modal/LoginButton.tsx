import { useEffect, useState, type ReactNode } from 'react'
import { logout, type Session, type SessionStatus } from '../../core'
import type { EnabledProvider } from '../../core/types'
import { prefetchSignIn, useKit, useOAuthCallback, useSession } from '../../react'
import { prefetchLocale, useLocaleLabels, type Locale } from '../labels/useLocaleLabels'
import { en } from '../locales/en'
import type { LoginLabels, LoginLabelsOverride } from '../locales/LoginLabels'
import { chunks, prefetchChunk } from '../../chunks'
import { LoginModal } from './LoginModal'
import type { Theme } from '../theme/Theme'
import { useThemeAttributes } from '../theme/useThemeAttributes'

/** What both buttons pass on to the modal. */
export interface LoginButtonModalProps {
  /** 'light' (default), 'dark', 'auto', lightTheme({...}), darkTheme({...}) or { lightMode, darkMode }. */
  theme?: Theme
  /** 'en' (default), 'fr' (loaded when asked for), a whole dictionary, or some strings. */
  locale?: Locale
  /** Overrides of single strings, on top of `locale`. */
  labels?: LoginLabelsOverride
  /** Which methods the modal offers, in this order; default the provider's `methods`. */
  methods?: readonly EnabledProvider[]
  /** The modal's title; default the locale's "Log in or sign up". */
  title?: ReactNode
  /** Shown before the modal's title; decorative, so give an image `alt=""`. */
  logo?: ReactNode
}

export interface LoginButtonProps extends LoginButtonModalProps {
  className?: string
}

/** Everything a custom button needs: the session, the modal's state and the actions. */
export interface LoginButtonRenderProps {
  status: SessionStatus
  session: Session | null
  /** True from a minute before the session ends. */
  expiresSoon: boolean
  isOpen: boolean
  open(): void
  close(): void
  /** Signs out: removes the session in every tab and deletes its key. Rejects with a KitError. */
  logout(): Promise<void>
  /** Fetches the modal's code; call it on hover or focus so that opening is instant. */
  prefetch(): void
  /** Spread on your <button>: opens the modal, prefetches on hover and focus, says it opens a dialog. */
  buttonProps: {
    type: 'button'
    'aria-haspopup': 'dialog'
    'aria-expanded': boolean
    onClick(): void
    onPointerEnter(): void
    onFocus(): void
  }
  /** The locale's copy ("Log in", "Account", ...); English while another language loads. */
  labels: LoginLabels
}

export interface LoginButtonCustomProps extends LoginButtonModalProps {
  children(props: LoginButtonRenderProps): ReactNode
}

/**
 * The headless button: your own design, given all the state and actions (RainbowKit's
 * ConnectButton.Custom). The modal, the redirect return and the prefetching work as with LoginButton.
 */
function LoginButtonCustom({ children, ...modalProps }: LoginButtonCustomProps) {
  const kit = useKit()
  const { status, session, expiresSoon } = useSession()
  const callback = useOAuthCallback()
  const [isOpen, setOpen] = useState(false)
  const copy = useLocaleLabels(modalProps.locale, modalProps.labels)
  const returned = callback.status !== 'idle'
  useEffect(() => {
    // Back from a provider (redirect sign-in): the modal opens to show the progress, then the outcome.
    if (returned) setOpen(true)
  }, [returned])
  const onOpenChange = (next: boolean) => {
    setOpen(next)
    // Seen: closing the modal puts the outcome of the return away, so that it does not open again.
    if (!next) callback.reset()
  }
  const prefetch = () => {
    // A failed prefetch is retried by the click; nothing to report here.
    prefetchChunk(chunks.dialog)
    // And the first step's code: a key and otp_init for the email the person is about to type.
    void prefetchSignIn()
    prefetchLocale(modalProps.locale)
  }
  const open = () => setOpen(true)
  return (
    <>
      {children({
        status,
        session,
        expiresSoon,
        isOpen,
        open,
        close: () => onOpenChange(false),
        logout: () => logout(kit),
        prefetch,
        buttonProps: { type: 'button', 'aria-haspopup': 'dialog', 'aria-expanded': isOpen, onClick: open, onPointerEnter: prefetch, onFocus: prefetch },
        labels: copy.labels ?? en,
      })}
      <LoginModal open={isOpen} onOpenChange={onOpenChange} {...modalProps} />
    </>
  )
}

/**
 * "Log in" when signed out, "Account" when signed in; either opens the sign-in modal. It also opens by
 * itself when the page comes back from a provider (redirect sign-in), to show the progress and then
 * the result: signed in, or what went wrong (cancelled at the provider, ...) with a way to try again.
 * `LoginButton.Custom` gives the same behaviour to a button of your own.
 */
export function LoginButton({ className, ...modalProps }: LoginButtonProps) {
  const themeAttributes = useThemeAttributes(modalProps.theme ?? 'light')
  return (
    <LoginButtonCustom {...modalProps}>
      {({ status, buttonProps, labels }) => (
        <button
          {...buttonProps}
          className={['apk-root', 'apk-button', 'apk-button-primary', 'apk-login-button', className].filter(Boolean).join(' ')}
          {...themeAttributes}
        >
          {status === 'signedIn' ? labels.account : labels.logIn}
        </button>
      )}
    </LoginButtonCustom>
  )
}

LoginButton.Custom = LoginButtonCustom
