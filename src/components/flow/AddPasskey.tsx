'use client'
import { useAddPasskey, useLoginMethods, usePasskeySupport } from '../../react'
import { errorMessage } from '../labels/errorMessage'
import { useLabels } from '../labels/LabelsContext'
import { PasskeyMark } from '../marks/PasskeyMark'
import { ErrorAlert } from '../ui/ErrorAlert'
import { prefetchPasskey } from './prefetchPasskey'
import { prefetchProps } from './prefetchProps'

/**
 * "Add a passkey" for the signed-in user, where the tenant enables passkeys and the browser has them;
 * nothing otherwise. The outcome is said beside the button, which stays: a person may add a passkey
 * on each of their devices.
 */
export function AddPasskey() {
  const labels = useLabels()
  const methods = useLoginMethods()
  const passkey = useAddPasskey()
  const { isSupported } = usePasskeySupport()
  const { status, error } = passkey
  const offered = isSupported && methods?.includes('passkey') === true
  if (!offered) return null

  const cancelled = error?.code === 'PASSKEY_CANCELLED'
  const failed = error !== null && !cancelled
  return (
    <div className="apk-form">
      {failed ? <ErrorAlert message={errorMessage(labels, error)} /> : null}
      {/* Not disabled while pending: a disabled button drops the focus the prompt hands back to it. */}
      <button
        type="button"
        className="apk-button apk-button-social"
        onClick={() => passkey.addPasskey()}
        {...prefetchProps(prefetchPasskey)}
      >
        <PasskeyMark />
        <span className="apk-button-label">{failed ? labels.tryAgain : labels.addPasskey}</span>
      </button>
      <p className="apk-status" role="status">
        {status === 'pending' ? (
          <>
            <span className="apk-spinner" aria-hidden="true" />
            {labels.waitingForPasskey}
          </>
        ) : status === 'success' ? (
          labels.passkeyAdded
        ) : cancelled ? (
          labels.passkeyCancelled
        ) : null}
      </p>
    </div>
  )
}
