import { useSession } from 'auth-proxy-kit'
import type { OutboxMessage } from 'auth-proxy-kit/mock'
import { useEffect, useLayoutEffect, useState, useSyncExternalStore, type MouseEvent } from 'react'
import { createPortal } from 'react-dom'
import { newestCode, type PageCodes } from './pageCodes'
import { useCopy } from './useCopy'

export interface NewestCodeToastProps {
  /** The outbox as the app reads it (useOutbox), newest first; undefined until the first answer. */
  outbox: readonly OutboxMessage[] | undefined
  /** The codes this page asked for (recordOtpIds), and those dismissed. */
  codes: PageCodes
  /** Not shown now (the sign-in it is for is off screen); the code is kept for when it is back. */
  hidden?: boolean
}

function channelOf(message: OutboxMessage): string {
  return message.otpType === 'OTP_TYPE_SMS' ? 'SMS' : 'Email'
}

// Focus stays where it is (the modal's code field): a press on the toast must not take it, so that the
// person goes on typing (or pastes) where they were.
function keepFocus(event: MouseEvent) {
  event.preventDefault()
}

/**
 * The newest code this page asked for, above everything (the kit's modal included), until it is closed,
 * replaced by a newer one, or used to sign in. Rendered in its own child of <body>, which stays usable
 * while the modal is open.
 */
export function NewestCodeToast({ outbox, codes, hidden = false }: NewestCodeToastProps) {
  const state = useSyncExternalStore(codes.subscribe, codes.getSnapshot)
  const signedIn = useSession().status === 'signedIn'
  const { copy, result } = useCopy()
  const [layer] = useState(() => {
    const element = document.createElement('div')
    element.className = 'pg-toast-layer'
    // The kit's modal leaves it usable (not inert, not hidden): it is about what the modal is doing.
    element.setAttribute('data-apk-outside-modal', '')
    return element
  })

  useLayoutEffect(() => {
    document.body.append(layer)
    return () => layer.remove()
  }, [layer])

  const newest = newestCode(outbox, state)
  // A code that signed someone in has done its job.
  useEffect(() => {
    if (signedIn && newest) codes.dismiss(newest.otpId)
  }, [signedIn, newest, codes])
  const message = signedIn || hidden ? undefined : newest

  const copied = message === undefined ? undefined : result(message.otpId)

  // One polite live region, there before any code, so that a new code is read out when it comes (a
  // region added with its text is often not); the visible toast holds buttons, which a status must not.
  const announcement = !message
    ? ''
    : copied === 'copied'
      ? 'Copied'
      : copied === 'failed'
        ? 'Could not copy: the browser refused the clipboard'
        : `New ${channelOf(message).toLowerCase()} code for ${message.contact}: ${message.code.split('').join(' ')}`

  return createPortal(
    <>
      <p role="status" className="pg-visually-hidden">
        {announcement}
      </p>
      {message ? (
        <aside className="pg-toast" aria-label="Newest code" onMouseDown={keepFocus}>
          <p className="pg-toast-head">
            <span className="pg-channel">{channelOf(message)}</span>
            <span className="pg-toast-contact">{message.contact}</span>
          </p>
          <code className="pg-toast-code">{message.code}</code>
          <div className="pg-toast-actions">
            <button
              type="button"
              className="pg-button pg-button-small"
              onClick={() => copy(message.otpId, message.code)}
            >
              {copied === 'copied' ? 'Copied' : 'Copy'}
            </button>
            {copied === 'failed' ? <span className="pg-toast-error">Could not copy</span> : null}
          </div>
          <button
            type="button"
            className="pg-toast-close"
            aria-label="Dismiss code"
            title="Dismiss code"
            onClick={() => codes.dismiss(message.otpId)}
          >
            <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
              <path d="M4 4l8 8M12 4l-8 8" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" />
            </svg>
          </button>
        </aside>
      ) : null}
    </>,
    layer,
  )
}
