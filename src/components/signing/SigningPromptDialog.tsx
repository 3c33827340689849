'use client'
import { useId, useRef } from 'react'
import type { SigningRequest } from '../../core'
import type { LoginLabels } from '../../appearance/LoginLabels'
import type { Theme } from '../../appearance/Theme'
import { AddressText } from '../account/AddressText'
import { Dialog } from '../dialog/Dialog'
import { useMountFocus } from '../flow/useMountFocus'
import { LabelsContext } from '../labels/LabelsContext'
import { PanelHeader } from '../panel/PanelHeader'
import { Detail } from './Detail'
import { MessageContent } from './MessageContent'
import { useSigningLabels, withSigningLabels } from './signingLabels'
import { TransactionContent } from './TransactionContent'
import { TypedDataContent } from './TypedDataContent'

export interface SigningPromptDialogProps {
  request: SigningRequest
  theme: Theme
  labels: LoginLabels
  /** Sign: the action goes on. */
  onSign(): void
  /** Cancel, Close, Escape or the backdrop: the action rejects (USER_REJECTED). */
  onCancel(): void
}

/**
 * "Signature request": which account signs and what, with Sign and Cancel, in the modal's dialog frame.
 * Its own chunk (chunks.signingPrompt), loaded when a signature is first asked. Cancel takes focus when
 * it opens, not Sign: a key pressed by habit must not sign.
 */
export function SigningPromptDialog({ request, theme, labels: given, onSign, onCancel }: SigningPromptDialogProps) {
  const titleId = useId()
  const labels = withSigningLabels(given)
  const account = (
    <Detail term={labels.account}>
      <AddressText className="apk-account-address" address={request.account.address} />
    </Detail>
  )
  return (
    <LabelsContext.Provider value={labels}>
      <Dialog labelledBy={titleId} onClose={onCancel} theme={theme} lang={labels.locale}>
        <PanelHeader titleId={titleId} title={labels.signatureRequest} onClose={onCancel} />
        <div className="apk-form">
          {request.kind === 'message' ? (
            <MessageContent message={request.message}>{account}</MessageContent>
          ) : request.kind === 'typedData' ? (
            <TypedDataContent typedData={request.typedData}>{account}</TypedDataContent>
          ) : (
            <TransactionContent request={request}>{account}</TransactionContent>
          )}
          <SigningButtons onSign={onSign} onCancel={onCancel} />
        </div>
      </Dialog>
    </LabelsContext.Provider>
  )
}

function SigningButtons({ onSign, onCancel }: Pick<SigningPromptDialogProps, 'onSign' | 'onCancel'>) {
  const labels = useSigningLabels()
  const cancel = useRef<HTMLButtonElement>(null)
  useMountFocus(cancel)
  return (
    <div className="apk-signing-actions">
      <button ref={cancel} type="button" className="apk-button apk-button-secondary" onClick={onCancel}>
        {labels.cancel}
      </button>
      <button type="button" className="apk-button apk-button-primary" onClick={onSign}>
        {labels.sign}
      </button>
    </div>
  )
}
