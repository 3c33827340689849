'use client'
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react'
import { lazyModule } from '../../chunks'
import type { UseCaptchaSiteKeyReturnType } from '../../react'
import { useLabels } from '../labels/LabelsContext'
import { Progress } from '../ui/Progress'
import { RetryableError } from '../ui/RetryableError'
import { useLoadedModule } from '../ui/useLoadedModule'

/**
 * The captcha widget's chunk (its script loader and its element), loaded when a captcha tenant's form
 * first shows. Defined here, beside its one user, not in the chunk registry (chunkLoaders.ts): there, the
 * edge from this form back to the registry made Vite's bundler keep every loader, and the dialog's whole
 * graph, in a headless app that shows no form (+1.2 KB on its first load, `npm run bench`).
 */
const captchaWidget = /* @__PURE__ */ lazyModule('captcha widget', () => import('../captcha/TurnstileWidget'))

/**
 * The tenant's captcha, asked once by the flow (LoginFlow, useCaptchaSiteKey) for every form under it:
 * the forms' shared chunk then holds no query of its own (one there split react-query out of a CommonJS
 * host's first load, +1.3 KB, `npm run bench`). No value: no captcha.
 */
export const CaptchaSiteKeyContext = createContext<UseCaptchaSiteKeyReturnType | undefined>(undefined)

export interface CaptchaGate {
  /** The widget, for a captcha tenant (null otherwise, while a send is under way, or while `show` is false). */
  widget: ReactNode
  /** The send waits for the widget's token (a captcha tenant with none yet). */
  waiting: boolean
  /** The options for the send: the widget's token on a captcha tenant, else none. */
  options: { captchaToken: string } | undefined
}

/**
 * A send-code form's captcha: the tenant's widget when it has a site key, and its token for the send.
 * The token is kept until a request goes out (`sending`): an address or number refused before any
 * request keeps it for the next try. A send unmounts the widget, which takes its spent token with it,
 * and a fresh one shows once the send is over.
 */
export function useCaptchaGate(sending: boolean, show = true): CaptchaGate {
  const { siteKey, scriptUrl = '' } = useContext(CaptchaSiteKeyContext) ?? {}
  const [token, setToken] = useState<string | undefined>()
  const widget =
    siteKey === undefined || !show || sending ? null : (
      <LazyTurnstile siteKey={siteKey} scriptUrl={scriptUrl} onToken={setToken} />
    )
  return {
    widget,
    waiting: siteKey !== undefined && token === undefined,
    options: siteKey === undefined || token === undefined ? undefined : { captchaToken: token },
  }
}

interface LazyTurnstileProps {
  siteKey: string
  scriptUrl: string
  onToken(token: string | undefined): void
}

/** The widget once its chunk is here; progress while it loads, and a retry if the download failed. */
function LazyTurnstile(props: LazyTurnstileProps) {
  const labels = useLabels()
  const { module, error, retry } = useLoadedModule(captchaWidget)
  // Unmounted (a send spent the token), the widget's token is gone with it.
  const { onToken } = props
  useEffect(() => () => onToken(undefined), [onToken])
  if (error) return <RetryableError error={error} onRetry={retry} />
  if (!module) return <Progress label={labels.loading} />
  return <module.TurnstileWidget {...props} />
}
