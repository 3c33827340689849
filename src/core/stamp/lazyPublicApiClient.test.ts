import { describe, expect, it, vi } from 'vitest'
import { lazyPublicApiClient } from './lazyPublicApiClient'

describe('lazyPublicApiClient', () => {
  it('answers apiUrl and timeoutMs at once, and loads the client with the first request', async () => {
    const fetch = vi.fn(async () =>
      Response.json({ organizationId: 'org', organizationName: '', userId: 'u', username: '' }),
    )
    const client = lazyPublicApiClient({ apiUrl: 'https://api.example', timeoutMs: 1000, fetch })
    expect({ apiUrl: client.apiUrl, timeoutMs: client.timeoutMs }).toEqual({
      apiUrl: 'https://api.example',
      timeoutMs: 1000,
    })
    expect(fetch).not.toHaveBeenCalled()
    const stamper = async () => ({ stampHeaderName: 'X-Stamp' as const, stampHeaderValue: 'stamp' })
    await expect(client.query('whoami', { organizationId: 'org' }, stamper)).resolves.toMatchObject({ userId: 'u' })
    expect(fetch).toHaveBeenCalledWith('https://api.example/public/v1/query/whoami', expect.anything())
  })

  it('is LOAD_FAILED when its code cannot be fetched, and fetches again on the next request', async () => {
    let fetched = 0
    vi.resetModules()
    vi.doMock('./publicApiClient', () => {
      fetched += 1
      throw new Error('Failed to fetch dynamically imported module')
    })
    const { lazyPublicApiClient: lazy } = await import('./lazyPublicApiClient')
    const client = lazy({ apiUrl: 'https://api.example', timeoutMs: 1000 })
    const stamper = async () => ({ stampHeaderName: 'X-Stamp' as const, stampHeaderValue: 'stamp' })
    const whoami = () => client.query('whoami', { organizationId: 'org' }, stamper).catch((error: unknown) => error)
    expect(await whoami()).toMatchObject({
      code: 'LOAD_FAILED',
      message: expect.stringMatching(/^public API client: its code could not be loaded/),
    })
    expect(await whoami()).toMatchObject({ code: 'LOAD_FAILED' })
    expect(fetched).toBe(2)
    vi.doUnmock('./publicApiClient')
  })
})
