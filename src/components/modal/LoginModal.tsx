'use client'
import { useEffect, type ReactNode } from 'react'

import { useAuthProxyAppearance, useLoginModalHost, type EnabledProvider } from '../../react'
import { useAppearance } from '../labels/useAppearance'
import { resolveLabels } from '../labels/resolveLabels'
import { useLocaleLabels, type Locale } from '../labels/useLocaleLabels'
import type { LoginLabelsOverride } from '../../appearance/LoginLabels'
import type { Theme } from '../../appearance/Theme'
import { DialogLoading } from './DialogLoading'
import { chunks, prefetchChunk } from '../../chunks'
import { useModuleSnapshot } from '../ui/useModuleSnapshot'
import { useIsomorphicLayoutEffect } from '../ui/useIsomorphicLayoutEffect'
import { useModalPrompts } from './useModalPrompts'

/** What the modal shows, and in what style: LoginButton passes the same on to its modal. */
export interface LoginModalContentProps {
  /**
   * 'light', 'dark', 'auto', lightTheme({...}), darkTheme({...}) or { lightMode, darkMode }; default the
   * provider's `theme`, else 'light'.
   */
  theme?: Theme | undefined
  /** 'en', a language the kit ships ('fr', 'ja', …: loaded when asked for), 'auto' (the browser's), a whole dictionary, or some strings; default the provider's `locale`, else 'en'. */
  locale?: Locale | undefined
  /** Overrides of single strings, on top of `locale` and of the provider's `labels`. */
  labels?: LoginLabelsOverride | undefined
  /** Which methods to offer, in this order; default the provider's `methods`. The tenant's enabled ones bound it. */
  methods?: readonly EnabledProvider[] | undefined
  /** The sign-in's title; default the locale's "Log in or sign up". Signed in, it is `labels.accountTitle` ("Your account"). */
  title?: ReactNode | undefined
  /** Shown before the title; decorative, so give an image `alt=""`. */
  logo?: ReactNode | undefined
  /**
   * Ask the person before each signature (signMessage, signTypedData, signTransaction, sendTransaction and
   * their hooks): a dialog shows what is signed, with Sign and Cancel (USER_REJECTED). Default true, while
   * the modal (or LoginButton) is mounted, open or not; false leaves the kit's prompt as it was.
   */
  signingPrompt?: boolean | undefined
  /**
   * Close by itself once a sign-in completes in it (focus goes back to what opened it, the app shows the
   * person signed in); default true. false: it goes on to "Your account" (who, how, the wallet's
   * addresses) until "Done". Opened while signed in, it shows "Your account" either way.
   */
  closeOnSignIn?: boolean | undefined
}

export interface LoginModalProps extends LoginModalContentProps {
  /** Controlled: whether the modal shows (with `onOpenChange`). Leave it out for an uncontrolled modal. */
  open?: boolean | undefined
  /**
   * Controlled: called when the modal asks to close (its close button, Escape, "Done"). Uncontrolled: called
   * whenever it opens or closes, by its own controls or by useLoginModal().
   */
  onOpenChange?: ((open: boolean) => void) | undefined
  /**
   * Uncontrolled: whether the modal shows at first; default false. Ignored when `open` is given. An
   * uncontrolled modal is one useLoginModal() opens and closes.
   */
  defaultOpen?: boolean | undefined
}

/**
 * The sign-in dialog: the AuthPanel's flow in a modal, controlled (`open` + `onOpenChange`) or not
 * (`defaultOpen`; useLoginModal() opens it). Its code is loaded the first time it opens, or before
 * (LoginButton prefetches it when the browser is idle, and on hover and focus): once loaded, it renders
 * in the very commit that opens it.
 */
export function LoginModal({ open: controlledOpen, onOpenChange, defaultOpen = false, ...content }: LoginModalProps) {
  // Uncontrolled, the modal opens and closes from its own controls and from useLoginModal() alike:
  // onOpenChange hears every change of the host's state. Controlled, the owner's `open` is the state.
  const uncontrolled = controlledOpen === undefined
  // Outside AuthProxyProvider, the error names this component, the one the developer wrote.
  useAuthProxyAppearance('<LoginModal>')
  const host = useLoginModalHost(uncontrolled, onOpenChange)
  const { open: openHost } = host
  const opensAtFirst = uncontrolled && defaultOpen
  // Before paint: the first frame already shows it (a server has no modal to render either way).
  useIsomorphicLayoutEffect(() => {
    if (opensAtFirst) openHost()
    // Once, at mount: `defaultOpen` is read once, as React's uncontrolled inputs read defaultValue.
  }, [])
  const open = controlledOpen ?? host.isOpen
  const setOpen = (next: boolean) => {
    if (!uncontrolled) onOpenChange?.(next)
    else if (next) host.open()
    else host.close()
  }
  return <LoginModalView open={open} setOpen={setOpen} {...content} />
}

/** The modal's content, open or not, for LoginModal and LoginButton (whose open state is their host's). */
export function LoginModalView({
  open,
  setOpen,
  ...props
}: LoginModalContentProps & { open: boolean; setOpen(open: boolean): void }) {
  const { theme, locale, labels } = useAppearance(props, '<LoginModal>')
  const { methods, title, logo, closeOnSignIn = true } = props
  const { module, error } = useModuleSnapshot(chunks.dialog)
  const copy = useLocaleLabels(locale, labels)
  // A signature asked while this is mounted, open or not (its code is here once asked), and a caller
  // that needs someone signed in (the wagmi connector's connect), which opens it.
  const question = useModalPrompts(open, setOpen, props.signingPrompt !== false)
  useEffect(() => {
    // The failure is shown from the loader's state, with a way to try again.
    if (open) prefetchChunk(chunks.dialog)
  }, [open])
  return (
    <>
      {!open ? null : module && copy.labels ? (
        <module.LoginDialog
          onOpenChange={setOpen}
          theme={theme}
          labels={copy.labels}
          methods={methods}
          title={title}
          logo={logo}
          closeOnSignIn={closeOnSignIn}
        />
      ) : (
        <DialogLoading
          theme={theme}
          // Until a language's copy is here, the wait and its failure read in English.
          labels={copy.labels ?? resolveLabels()}
          error={error ?? copy.error}
          onRetry={() => {
            prefetchChunk(chunks.dialog)
            copy.retry()
          }}
          onClose={() => setOpen(false)}
        />
      )}
      {question?.dialog(theme, copy.labels)}
    </>
  )
}
