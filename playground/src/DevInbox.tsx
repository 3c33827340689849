import type { OutboxMessage } from 'auth-proxy-kit/mock'
import type { OutboxQuery } from './useOutbox'

/** An email as the tenant's settings made it, in one line: subject, sender, reply-to, template, logo. */
function emailDetails(message: OutboxMessage): string {
  const sender = message.senderName ? `${message.senderName} <${message.senderAddress}>` : message.senderAddress
  const parts = [
    message.subject === undefined ? undefined : `“${message.subject}”`,
    sender === undefined ? undefined : `from ${sender}`,
    message.replyToAddress === undefined ? undefined : `reply to ${message.replyToAddress}`,
    message.templateId === undefined ? undefined : `template ${message.templateId}`,
    message.logoUrl === undefined ? undefined : `logo ${message.logoUrl}`,
  ]
  return parts.filter((part) => part !== undefined).join(' · ')
}

/** Every code the mock "sent" by email or SMS, newest first: the inbox a developer would otherwise have to open. */
export function DevInbox({ outbox }: { outbox: OutboxQuery }) {
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
