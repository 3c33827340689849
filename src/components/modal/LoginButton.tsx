'use client'
import {
  useEffect,
  useSyncExternalStore,
  type FocusEvent,
  type MouseEvent,
  type PointerEvent,
  type ReactNode,
} from 'react'
import {
  prefetchSignIn,
  prefetchWhenIdle,
  useLoginModalHost,
  useLogout,
  useOAuthCallback,
  useSession,
  type KitError,
  type Session,
  type SessionStatus,
} from '../../react'
import { prefetchLocale, useLocaleLabels } from '../labels/useLocaleLabels'
import { en } from '../locales/en'
import type { LoginLabels } from '../../appearance/LoginLabels'
import { chunks, prefetchChunk } from '../../chunks'
import { LoginModalView, type LoginModalContentProps } from './LoginModal'
import { useAppearance } from '../labels/useAppearance'
import { useThemeAttributes } from '../theme/useThemeAttributes'
import { useModuleSnapshot } from '../ui/useModuleSnapshot'

/** What both buttons pass on to the modal. */
export type LoginButtonModalProps = LoginModalContentProps

export interface LoginButtonProps extends LoginButtonModalProps {
  className?: string | undefined
}

/** The handlers the kit puts on a button; a host's own run first (see getButtonProps). */
export interface LoginButtonHandlers {
  onClick?: ((event: MouseEvent<HTMLButtonElement>) => void) | undefined
  onPointerEnter?: ((event: PointerEvent<HTMLButtonElement>) => void) | undefined
  onFocus?: ((event: FocusEvent<HTMLButtonElement>) => void) | undefined
}

/** What to spread on the button that opens the modal. */
export interface LoginButtonButtonProps extends Required<LoginButtonHandlers> {
  type: 'button'
  'aria-haspopup': 'dialog'
  'aria-expanded': boolean
}

/** Everything a custom button needs: the session, the modal's state and the actions. */
export interface LoginButtonRenderProps {
  /** 'loading' while a stored session is checked: show a neutral, busy button, not "Log in". */
  status: SessionStatus
  session: Session | null
  /** True from a minute before the session ends. */
  expiresSoon: boolean
  /**
   * False on the server and while the page hydrates, true after: render what depends on the browser
   * (the session, a stored preference) only once mounted, and the server's markup is matched exactly.
   */
  mounted: boolean
  isOpen: boolean
  open(): void
  close(): void
  /** Signs out: removes the session in every tab and deletes its key; the outcome is in `isLoggingOut`, `logoutError`. */
  logout(): void
  isLoggingOut: boolean
  /** Why the last sign-out failed; null otherwise. */
  logoutError: KitError | null
  /** Fetches the modal's code; call it on hover or focus so that opening is instant. */
  prefetch(): void
  /** Spread on your <button>: opens the modal, prefetches on hover and focus, says it opens a dialog. */
  buttonProps: LoginButtonButtonProps
  /**
   * buttonProps composed with your own handlers: `getButtonProps({ onClick, onFocus })` calls yours
   * first, then the kit's unless yours called `event.preventDefault()`. Other props pass through.
   */
  getButtonProps<P extends LoginButtonHandlers>(own?: P): Omit<P, keyof LoginButtonHandlers> & LoginButtonButtonProps
  /** The locale's copy ("Log in", "Account", ...); English while another language loads. */
  labels: LoginLabels
}

export interface LoginButtonCustomProps extends LoginButtonModalProps {
  children(props: LoginButtonRenderProps): ReactNode
}

const noSubscribe = () => () => undefined
const onClient = () => true
const onServer = () => false

/** Calls the host's handler, then the kit's unless the host prevented it. */
function compose<E extends { defaultPrevented: boolean }>(own: ((event: E) => void) | undefined, kit: () => void) {
  return (event: E) => {
    own?.(event)
    if (!event.defaultPrevented) kit()
  }
}

/**
 * The headless button: your own design, given all the state and actions (RainbowKit's
 * ConnectButton.Custom). The modal, the redirect return and the prefetching work as with LoginButton.
 */
function LoginButtonCustom({ children, ...modalProps }: LoginButtonCustomProps) {
  const appearance = useAppearance(modalProps, '<LoginButton.Custom>')
  const { status, session, expiresSoon } = useSession()
  const signingOut = useLogout()
  const callback = useOAuthCallback()
  const mounted = useSyncExternalStore(noSubscribe, onClient, onServer)
  // The provider's modal state: useLoginModal() opens it here too, and sees it open when this button does.
  const host = useLoginModalHost()
  const { isOpen, open: openHost } = host
  const copy = useLocaleLabels(appearance.locale, appearance.labels)
  const returned = callback.status !== 'idle'
  // Back from a provider (redirect sign-in): the modal opens to show the progress, then the outcome, once
  // its code is here (or could not be), so that the first thing shown is the dialog, not a loading pill.
  const dialogCode = useModuleSnapshot(chunks.dialog)
  const dialogSettled = dialogCode.module !== undefined || dialogCode.error !== null
  useEffect(() => {
    if (returned) prefetchChunk(chunks.dialog)
  }, [returned])
  useEffect(() => {
    if (returned && dialogSettled) openHost()
  }, [returned, dialogSettled, openHost])
  // The modal's code and its first form's (the OTP flow), once the page has loaded and the browser has
  // nothing better to do: the first click then opens it at once and fetches nothing, on a slow network too.
  useEffect(() => prefetchWhenIdle(chunks.dialog, chunks.otpFlow), [])
  const onOpenChange = (next: boolean) => {
    if (next) host.open()
    else host.close()
    // Seen: closing the modal puts the outcome of the return away, so that it does not open again.
    if (!next) callback.reset()
  }
  const prefetch = () => {
    // A failed prefetch is retried by the click; nothing to report here.
    prefetchChunk(chunks.dialog)
    // And the first step's code (the OTP flow, email's or the phone's).
    void prefetchSignIn()
    prefetchLocale(appearance.locale)
  }
  const open = host.open
  const getButtonProps = <P extends LoginButtonHandlers>(own: P = {} as P) => {
    const { onClick, onPointerEnter, onFocus, ...rest } = own
    return {
      ...rest,
      type: 'button' as const,
      'aria-haspopup': 'dialog' as const,
      'aria-expanded': isOpen,
      onClick: compose(onClick, open),
      onPointerEnter: compose(onPointerEnter, prefetch),
      onFocus: compose(onFocus, prefetch),
    }
  }
  return (
    <>
      {children({
        status,
        session,
        expiresSoon,
        mounted,
        isOpen,
        open,
        close: () => onOpenChange(false),
        logout: signingOut.logout,
        isLoggingOut: signingOut.isPending,
        logoutError: signingOut.error,
        prefetch,
        buttonProps: getButtonProps(),
        getButtonProps,
        labels: copy.labels ?? en,
      })}
      <LoginModalView open={isOpen} setOpen={onOpenChange} {...modalProps} />
    </>
  )
}

/**
 * "Log in" when signed out, "Account" when signed in, and a busy button of the same size while a stored
 * session is being checked (a returning user is never told to log in); each opens the sign-in modal.
 * It also opens by itself when the page comes back from a provider (redirect sign-in), to show the
 * progress and then the result: signed in, or what went wrong (cancelled at the provider, ...) with a
 * way to try again. `LoginButton.Custom` gives the same behaviour to a button of your own.
 */
export function LoginButton({ className, ...modalProps }: LoginButtonProps) {
  const themeAttributes = useThemeAttributes(useAppearance(modalProps, '<LoginButton>').theme)
  return (
    <LoginButtonCustom {...modalProps}>
      {({ status, buttonProps, labels }) => {
        const busy = status === 'loading'
        const classes = [
          'apk-root',
          'apk-button',
          'apk-button-primary',
          'apk-login-button',
          busy && 'apk-login-button-busy',
          className,
        ]
        return (
          <button
            {...buttonProps}
            className={classes.filter(Boolean).join(' ')}
            aria-busy={busy || undefined}
            aria-label={busy ? labels.checkingSession : undefined}
            lang={labels.locale}
            {...themeAttributes}
          >
            {busy ? (
              <>
                <span className="apk-login-button-placeholder" aria-hidden="true">
                  {labels.logIn}
                </span>
                <span className="apk-spinner" aria-hidden="true" />
              </>
            ) : status === 'signedIn' ? (
              labels.account
            ) : (
              labels.logIn
            )}
          </button>
        )
      }}
    </LoginButtonCustom>
  )
}

LoginButton.Custom = LoginButtonCustom
