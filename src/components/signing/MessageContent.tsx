'use client'
import type { ReactNode } from 'react'
import { useSigningLabels } from './signingLabels'
import { messageText } from './messageText'
import { ScrollBox } from './ScrollBox'

/** A message to sign: the account's row (`children`), then its text, or the hex of bytes that are not text. */
export function MessageContent({ message, children }: { message: string | Uint8Array; children: ReactNode }) {
  const labels = useSigningLabels()
  const { text, hex } = messageText(message)
  return (
    <>
      <dl className="apk-details">{children}</dl>
      <ScrollBox title={labels.signingMessage}>
        <p className={hex ? 'apk-message-text apk-mono' : 'apk-message-text'}>{text}</p>
      </ScrollBox>
    </>
  )
}
