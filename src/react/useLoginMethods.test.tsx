import { renderHook, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { createMockAuthProxy, type MockAuthProxy } from '../mock'
import { createTestProviders } from './test/renderWithProxy'
import { useLoginMethods } from './useLoginMethods'

/**
 * The mock refuses tenants with providers it does not know, so a proxy of a later version, listing a
 * method this kit has never heard of, is played by rewriting the mock's wallet_kit_config answer.
 */
function proxyListing(extra: string[]): MockAuthProxy {
  const proxy = createMockAuthProxy({ strictFields: true })
  const handle = async (request: Request): Promise<Response> => {
    const response = await proxy.handle(request)
    if (!new URL(request.url).pathname.endsWith('/v1/wallet_kit_config')) return response
    const body = (await response.json()) as { enabledProviders: string[] }
    return Response.json({ ...body, enabledProviders: [...extra, ...body.enabledProviders] })
  }
  return Object.assign(Object.create(proxy) as MockAuthProxy, {
    handle,
    fetch: (input: RequestInfo | URL, init?: RequestInit) =>
      handle(new Request(new URL(String(input), 'http://localhost'), init)),
  })
}

describe('useLoginMethods', () => {
  it("given a proxy that lists a method this kit does not know (production's list is string[]), it never offers it", async () => {
    const { Providers } = createTestProviders({ proxy: proxyListing(['telegram', 'constructor']) })
    const { result } = renderHook(() => useLoginMethods(), { wrapper: Providers })
    await waitFor(() => expect(result.current).toBeDefined())
    expect(result.current).toEqual(['email', 'sms', 'google', 'apple', 'passkey'])
  })

  it('given methods the tenant does not enable, it leaves them out and, while developing, says once which and how', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const { Providers } = createTestProviders()
    const { result, rerender } = renderHook(() => useLoginMethods(['email', 'x', 'discord']), { wrapper: Providers })
    await waitFor(() => expect(result.current).toEqual(['email']))
    rerender()
    expect(consoleError.mock.calls).toEqual([
      [
        'auth-proxy-kit: methods lists x, discord, which config "demo" does not enable (it enables email, sms, google, apple, passkey), so they are not shown. Enable x, discord for config "demo" in the proxy\'s dashboard, or take them out of methods.',
      ],
    ])
  })

  it('in a production build, leaves them out without a word', async () => {
    vi.stubEnv('NODE_ENV', 'production')
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const { Providers } = createTestProviders()
    const { result } = renderHook(() => useLoginMethods(['email', 'x']), { wrapper: Providers })
    await waitFor(() => expect(result.current).toEqual(['email']))
    expect(consoleError).not.toHaveBeenCalled()
  })
})
