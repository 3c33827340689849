import { useQuery } from '@tanstack/react-query'
import { MOCK_PROXY_PATH } from './mockProxy'

interface OutboxMessage {
  otpId: string
  otpType: string
  contact: string
  code: string
  createdAt: string
  expiresAt: string
}

async function fetchOutbox(): Promise<OutboxMessage[]> {
  const response = await fetch(`${MOCK_PROXY_PATH}/__mock/outbox`)
  if (!response.ok) throw new Error(`outbox: HTTP ${response.status}`)
  return (await response.json()) as OutboxMessage[]
}

/** Every code the mock "sent", newest first: the inbox a developer would otherwise have to open. */
export function DevInbox() {
  const outbox = useQuery({ queryKey: ['playground', 'outbox'], queryFn: fetchOutbox, refetchInterval: 1000 })
  return (
    <section className="pg-panel" aria-labelledby="pg-inbox-title">
      <h2 id="pg-inbox-title">Dev inbox</h2>
      {outbox.isError && <p role="alert">Could not read the mock's outbox: {outbox.error.message}</p>}
      {outbox.data?.length === 0 && <p>No codes sent yet.</p>}
      <ul className="pg-inbox">
        {outbox.data?.map((message) => (
          <li key={message.otpId} aria-label={`Code for ${message.contact}`}>
            <span className="pg-contact">{message.contact}</span>
            <code className="pg-code">{message.code}</code>
            <time dateTime={message.createdAt}>{new Date(message.createdAt).toLocaleTimeString()}</time>
          </li>
        ))}
      </ul>
    </section>
  )
}
