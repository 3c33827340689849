// A page that is a provider's answer, whose completion code cannot be fetched (offline, or replaced by a deploy).
import { renderHook, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { fakeOAuthWindow } from './test/fakeOAuthWindow'
import { createTestProviders } from './test/renderWithProxy'
import { useOAuthCallback } from './useOAuthCallback'

vi.mock('../core/oauth/oauthRedirect', () => {
  throw new TypeError('Failed to fetch dynamically imported module: /assets/oauthRedirect.js')
})

describe('AuthProxyProvider on a provider answer', () => {
  it("given the completion's code cannot be loaded, useOAuthCallback reports LOAD_FAILED with its copy", async () => {
    const page = fakeOAuthWindow({ href: 'https://app.test/login?code=abc&state=def' })
    const { Providers } = createTestProviders({ oauthWindow: page })
    const { result } = renderHook(() => useOAuthCallback(), { wrapper: Providers })
    await waitFor(() => expect(result.current.status).toBe('error'))
    expect(result.current.error?.code).toBe('LOAD_FAILED')
    expect(result.current.error?.message).toMatch(/OAuth redirect: its code could not be loaded/)
    expect(result.current.error?.userMessage).toBe(
      'Part of the sign-in could not be loaded. Check your connection and try again.',
    )
    // The page is left as it was: nothing checked the answer, so nothing may clean or spend it.
    expect(page.replaced).toEqual([])
  })
})
