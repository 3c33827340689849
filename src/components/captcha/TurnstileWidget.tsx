'use client'
import { useEffect, useRef, useState } from 'react'
import { useLabels } from '../labels/LabelsContext'
import { ErrorAlert } from '../ui/ErrorAlert'
import { Progress } from '../ui/Progress'
import { loadTurnstile } from './loadTurnstile'

export interface TurnstileWidgetProps {
  siteKey: string
  /** The script that defines `window.turnstile` (Cloudflare's, or the mock's test widget). */
  scriptUrl: string
  /** A token when the check passes; undefined when it expires or fails (the send button waits again). */
  onToken(token: string | undefined): void
}

/**
 * The tenant's Turnstile widget, rendered into its own element once the script is here, and removed on
 * unmount: the form remounts it after each send, since a token is good for one call.
 */
export function TurnstileWidget({ siteKey, scriptUrl, onToken }: TurnstileWidgetProps) {
  const labels = useLabels()
  const container = useRef<HTMLDivElement>(null)
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading')
  const [attempt, setAttempt] = useState(0)
  // The latest callback, read when the widget calls: a new function from the parent re-renders nothing.
  const latest = useRef(onToken)
  useEffect(() => {
    latest.current = onToken
  })

  useEffect(() => {
    let cancelled = false
    let widgetId: string | undefined
    let api: { remove(id: string): void } | undefined
    loadTurnstile(scriptUrl).then(
      (turnstile) => {
        if (cancelled || container.current === null) return
        api = turnstile
        setState('ready')
        widgetId =
          turnstile.render(container.current, {
            sitekey: siteKey,
            // The dialog's colors and language, not the page's: a dark modal on a light page gets a dark
            // widget (the theme is the attribute the kit's root carries: light, dark or auto).
            theme: themeOf(container.current),
            language: labels.locale,
            callback: (token) => latest.current(token),
            'expired-callback': () => latest.current(undefined),
            // Handled: the widget shows its own failure and offers to retry.
            'error-callback': () => (latest.current(undefined), true),
          }) ?? undefined
      },
      () => {
        if (!cancelled) setState('failed')
      },
    )
    return () => {
      cancelled = true
      if (widgetId !== undefined) api?.remove(widgetId)
    }
  }, [siteKey, scriptUrl, attempt, labels.locale])

  if (state === 'failed') {
    return (
      <ErrorAlert message={labels.captchaLoadFailed}>
        <button
          type="button"
          className="apk-button apk-button-primary"
          onClick={() => {
            setState('loading')
            setAttempt((count) => count + 1)
          }}
        >
          {labels.tryAgain}
        </button>
      </ErrorAlert>
    )
  }
  return (
    <div className="apk-captcha" role="group" aria-label={labels.captchaRegion}>
      {state === 'loading' ? <Progress label={labels.loading} /> : null}
      <div ref={container} />
    </div>
  )
}

/** The Turnstile theme of the kit's root around `element` (`data-apk-theme`), `auto` when none says. */
function themeOf(element: HTMLElement): 'light' | 'dark' | 'auto' {
  const mode = element.closest('[data-apk-theme]')?.getAttribute('data-apk-theme')
  return mode === 'light' || mode === 'dark' ? mode : 'auto'
}
