import { QueryClient } from '@tanstack/react-query'
import { render, screen, within } from '@testing-library/react'
import { StrictMode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createMockAuthProxy } from '../../src/mock'
import { App } from './App'
import { MOCK_PROXY_PATH } from './mockProxy'

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('the playground app', () => {
  it('reads the mock’s outbox with one query observer, every second, for the dev inbox and the toast', async () => {
    // The page's own fetch (the kit's, the outbox's, the identities') reaches a mock in memory.
    const proxy = createMockAuthProxy({ strictFields: true, basePath: MOCK_PROXY_PATH })
    await proxy.ready
    vi.stubGlobal('fetch', proxy.fetch)
    const queryClient = new QueryClient()
    render(
      <StrictMode>
        <App queryClient={queryClient} />
      </StrictMode>,
    )
    // Everything that reads the outbox is on screen, with its first answer.
    const inbox = await screen.findByRole('region', { name: 'Dev inbox' })
    await within(inbox).findByText('No codes sent yet.')

    // react-query runs one refetch interval per observer: a second observer would be a second poller (its
    // reads deduplicated only when they happen to overlap).
    const outbox = queryClient.getQueryCache().find({ queryKey: ['playground', 'outbox'], exact: true })
    expect(outbox?.getObserversCount()).toBe(1)
    expect(outbox?.observers[0]?.options.refetchInterval).toBe(1000)
  })
})
