'use client'
import { useCallback, useState, type ReactNode } from 'react'
import { chunks } from '../../chunks'
import { useCaptchaSiteKey } from '../../react'
import { useLabels } from '../labels/LabelsContext'
import { Progress } from '../ui/Progress'
import { RetryableError } from '../ui/RetryableError'
import { useLoadedModule } from '../ui/useLoadedModule'

export interface CaptchaGate {
  /** The widget, for a captcha tenant (null otherwise): above the send button. */
  widget: ReactNode
  /** The send waits for the widget's token (a captcha tenant with none yet). */
  waiting: boolean
  /**
   * The token for this send, and the widget anew for the next (a token is good for one call); undefined
   * for a tenant without a captcha.
   */
  take(): string | undefined
}

/** A send-code form's captcha: the tenant's widget when it has a site key, and its token for the start. */
export function useCaptchaGate(): CaptchaGate {
  const { siteKey, scriptUrl } = useCaptchaSiteKey()
  const [token, setToken] = useState<string | undefined>()
  // Each send remounts the widget: the token it gave is spent.
  const [round, setRound] = useState(0)
  const take = useCallback(() => {
    if (siteKey === undefined) return undefined
    setToken(undefined)
    setRound((count) => count + 1)
    return token
  }, [siteKey, token])
  const widget =
    siteKey === undefined ? null : (
      <LazyTurnstile key={round} siteKey={siteKey} scriptUrl={scriptUrl} onToken={setToken} />
    )
  return { widget, waiting: siteKey !== undefined && token === undefined, take }
}

interface LazyTurnstileProps {
  siteKey: string
  scriptUrl: string
  onToken(token: string | undefined): void
}

/** The widget once its chunk is here; progress while it loads, and a retry if the download failed. */
function LazyTurnstile(props: LazyTurnstileProps) {
  const labels = useLabels()
  const { module, error, retry } = useLoadedModule(chunks.captchaWidget)
  if (error) return <RetryableError error={error} onRetry={retry} />
  if (!module) return <Progress label={labels.loading} />
  return <module.TurnstileWidget {...props} />
}
