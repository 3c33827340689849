import { useQuery } from '@tanstack/react-query'
import { MOCK_PROXY_PATH } from './mockProxy'

interface OutboxMessage {
  otpId: string
  otpType: 'OTP_TYPE_EMAIL' | 'OTP_TYPE_SMS'
  contact: string
  code: string
  /** SMS: the text as sent. */
  text?: string
  createdAt: string
  expiresAt: string
  emailCustomization?: Record<string, string>
  sendFromEmailAddress?: string
  sendFromEmailSenderName?: string
  replyToEmailAddress?: string
}

async function fetchOutbox(): Promise<OutboxMessage[]> {
  const response = await fetch(`${MOCK_PROXY_PATH}/__mock/outbox`)
  if (!response.ok) throw new Error(`outbox: HTTP ${response.status}`)
  return (await response.json()) as OutboxMessage[]
}

/** What an email's customization asked for, in one line: what the real proxy would have applied. */
function emailDetails(message: OutboxMessage): string | undefined {
  const from = message.sendFromEmailAddress
    ? `from ${message.sendFromEmailSenderName ? `${message.sendFromEmailSenderName} <${message.sendFromEmailAddress}>` : message.sendFromEmailAddress}`
    : undefined
  const parts = [
    from,
    message.replyToEmailAddress ? `reply to ${message.replyToEmailAddress}` : undefined,
    ...Object.entries(message.emailCustomization ?? {}).map(([field, value]) => `${field}: ${value}`),
  ].filter((part) => part !== undefined)
  return parts.length > 0 ? parts.join(' · ') : undefined
}

/** Every code the mock "sent" by email or SMS, newest first: the inbox a developer would otherwise have to open. */
export function DevInbox() {
  const outbox = useQuery({ queryKey: ['playground', 'outbox'], queryFn: fetchOutbox, refetchInterval: 1000 })
  return (
    <section className="pg-panel" aria-labelledby="pg-inbox-title">
      <h2 id="pg-inbox-title">Dev inbox</h2>
      {outbox.isError && <p role="alert">Could not read the mock's outbox: {outbox.error.message}</p>}
      {outbox.data?.length === 0 && <p>No codes sent yet.</p>}
      <ul className="pg-inbox">
        {outbox.data?.map((message) => {
          const details = message.otpType === 'OTP_TYPE_SMS' ? message.text : emailDetails(message)
          return (
            <li key={message.otpId} aria-label={`Code for ${message.contact}`}>
              <span className="pg-channel">{message.otpType === 'OTP_TYPE_SMS' ? 'SMS' : 'Email'}</span>
              <span className="pg-contact">{message.contact}</span>
              <code className="pg-code">{message.code}</code>
              <time dateTime={message.createdAt}>{new Date(message.createdAt).toLocaleTimeString()}</time>
              {details ? <span className="pg-message">{details}</span> : null}
            </li>
          )
        })}
      </ul>
    </section>
  )
}
