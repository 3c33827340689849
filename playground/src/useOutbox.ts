import { useQuery } from '@tanstack/react-query'
import type { OutboxMessage } from 'auth-proxy-kit/mock'
import { MOCK_PROXY_PATH } from './mockProxy'

async function fetchOutbox(): Promise<OutboxMessage[]> {
  const response = await fetch(`${MOCK_PROXY_PATH}/__mock/outbox`)
  if (!response.ok) throw new Error(`outbox: HTTP ${response.status}`)
  return (await response.json()) as OutboxMessage[]
}

/**
 * Every code the mock "sent", newest first, read every second. Called once, by the app, which hands the
 * result to the dev inbox and the newest-code toast: react-query runs one interval per observer, so two
 * observers would poll twice.
 */
export function useOutbox() {
  return useQuery({ queryKey: ['playground', 'outbox'], queryFn: fetchOutbox, refetchInterval: 1000 })
}

export type OutboxQuery = ReturnType<typeof useOutbox>
