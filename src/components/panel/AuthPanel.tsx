'use client'
import { useCallback, useId, useRef, type ReactNode } from 'react'
import type { EnabledProvider } from '../../react'
import { LabelsContext } from '../labels/LabelsContext'
import { useAppearance } from '../labels/useAppearance'
import { useLocaleLabels, type Locale } from '../labels/useLocaleLabels'
import { en } from '../locales/en'
import type { LoginLabelsOverride } from '../../appearance/LoginLabels'
import { RetryableError } from '../ui/RetryableError'
import { LoginFlow } from '../flow/LoginFlow'
import { Progress } from '../ui/Progress'
import { MountFocusContext } from '../flow/useMountFocus'
import type { Theme } from '../../appearance/Theme'
import { useThemeAttributes } from '../theme/useThemeAttributes'

export interface AuthPanelProps {
  /** Which methods to offer, in this order; default the provider's `methods`. The tenant's enabled ones bound it. */
  methods?: readonly EnabledProvider[] | undefined
  /** The sign-in's title; default the locale's "Log in or sign up". Signed in, it is `labels.accountTitle` ("Your account"). */
  title?: ReactNode | undefined
  /** Shown before the title; decorative, so give an image `alt=""`. */
  logo?: ReactNode | undefined
  theme?: Theme | undefined
  /** 'en' (default), a language the kit ships ('fr', 'ja', …: loaded when asked for), 'auto', a whole dictionary, or some strings. */
  locale?: Locale | undefined
  /** Overrides of single strings, on top of `locale`. */
  labels?: LoginLabelsOverride | undefined
  className?: string | undefined
}

/**
 * The sign-in inline in a page: the same flow as the modal (LoginModal is this panel in a dialog), in a
 * labelled region. Its code is part of the page's load, since it shows at once. It takes focus only
 * once the person uses it, never on load.
 */
export function AuthPanel({ methods, title, logo, className, ...own }: AuthPanelProps) {
  // The panel's own theme, locale and labels, else the provider's.
  const { theme, locale, labels } = useAppearance(own, '<AuthPanel>')
  const titleId = useId()
  const themeAttributes = useThemeAttributes(theme)
  const copy = useLocaleLabels(locale, labels)
  const used = useRef(false)
  const mayFocus = useCallback(() => used.current, [])
  const markUsed = () => {
    used.current = true
  }
  return (
    <section
      className={['apk-root', 'apk-panel', className].filter(Boolean).join(' ')}
      aria-labelledby={copy.labels ? titleId : undefined}
      // A screen reader speaks French with a French voice; English while the language is on its way.
      lang={(copy.labels ?? en).locale}
      onFocus={markUsed}
      onPointerDown={markUsed}
      {...themeAttributes}
    >
      {copy.labels ? (
        <LabelsContext.Provider value={copy.labels}>
          <MountFocusContext.Provider value={mayFocus}>
            <LoginFlow header={{ titleId, title, logo }} methods={methods} />
          </MountFocusContext.Provider>
        </LabelsContext.Provider>
      ) : copy.error ? (
        <RetryableError error={copy.error} onRetry={copy.retry} />
      ) : (
        // The language's own copy is on its way; English says so meanwhile.
        <Progress label={en.loading} />
      )}
    </section>
  )
}
