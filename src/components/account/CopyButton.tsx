'use client'
import { useEffect, useState } from 'react'
import { useLabels } from '../labels/LabelsContext'

export interface CopyButtonProps {
  /** What goes on the clipboard. */
  text: string
  /** The button's name ("Copy Ethereum address"): in a list of them, each says which it copies. */
  label: string
  /** The id of what is copied (the address), read after the button's name. */
  describedBy?: string | undefined
  /** How long "Copied" shows, in ms. */
  feedbackMs?: number | undefined
}

type CopyState = { kind: 'idle' } | { kind: 'copied' | 'failed'; at: number }

/**
 * "Copy Ethereum address": puts `text` on the clipboard and says "Copied" for about two seconds, in a tip above
 * the button (which does not move the row: the address keeps its room) and in a polite live region
 * (a button's changing name is not announced by screen readers). A
 * browser that refuses the clipboard (an insecure page, a denied permission) is said so beside it.
 * A fragment: the list it sits in lays the button, the live region and the failure out.
 */
export function CopyButton({ text, label, describedBy, feedbackMs = 2000 }: CopyButtonProps) {
  const labels = useLabels()
  const [state, setState] = useState<CopyState>({ kind: 'idle' })
  // Each copy restarts the delay: `at` changes even when the kind does not.
  useEffect(() => {
    if (state.kind === 'idle') return
    const timer = setTimeout(() => setState({ kind: 'idle' }), feedbackMs)
    return () => clearTimeout(timer)
  }, [state, feedbackMs])

  const copy = () => {
    const clipboard = typeof navigator === 'undefined' ? undefined : navigator.clipboard
    if (!clipboard) {
      setState({ kind: 'failed', at: Date.now() })
      return
    }
    clipboard.writeText(text).then(
      () => setState({ kind: 'copied', at: Date.now() }),
      () => setState({ kind: 'failed', at: Date.now() }),
    )
  }
  const copied = state.kind === 'copied'
  return (
    <>
      <span className="apk-copy">
        <button
          type="button"
          className={
            copied ? 'apk-icon-button apk-copy-button apk-copy-button-done' : 'apk-icon-button apk-copy-button'
          }
          onClick={copy}
          aria-describedby={describedBy}
        >
          {copied ? (
            <svg className="apk-icon" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
              <path d="M3 8.5l3.2 3L13 4.5" />
            </svg>
          ) : (
            <svg className="apk-icon" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
              <rect x="5.5" y="5.5" width="8" height="8" rx="1.5" />
              <path d="M10.5 3.5v-.5a1 1 0 0 0-1-1h-6a1 1 0 0 0-1 1v6a1 1 0 0 0 1 1h.5" />
            </svg>
          )}
          <span className="apk-visually-hidden">{copied ? labels.copied : label}</span>
        </button>
        {/* Seen above the button, without moving the row; heard through the live region below. */}
        {copied ? (
          <span className="apk-copy-tip" aria-hidden="true">
            {labels.copied}
          </span>
        ) : null}
      </span>
      <span className="apk-visually-hidden" role="status">
        {copied ? labels.copied : null}
      </span>
      {state.kind === 'failed' ? (
        <span className="apk-field-error apk-copy-failed" role="alert">
          {labels.copyFailed}
        </span>
      ) : null}
    </>
  )
}
