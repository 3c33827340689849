import { renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import * as entry from './index'

// Every hook the entry exports, found by name: a hook added later is checked without editing this list.
const hooks = Object.entries(entry).filter(
  ([name, value]) => /^use[A-Z]/.test(name) && typeof value === 'function',
) as [string, () => unknown][]

describe('a public hook outside AuthProxyProvider', () => {
  // React logs the error a render throws; the test reads it from the throw instead.
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
  })
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it('finds every hook of the entry', () => {
    expect(hooks.map(([name]) => name).sort()).toEqual([
      'useAddPasskey',
      'useAuthProxyAppearance',
      'useCaptchaSiteKey',
      'useEmailOtp',
      'useKit',
      'useLoginMethods',
      'useLoginModal',
      'useLoginModalHost',
      'useLoginWithOAuth',
      'useLoginWithPasskey',
      'useLogout',
      'useOAuthCallback',
      'useOAuthProviders',
      'usePasskeyName',
      'usePasskeySupport',
      'useRefreshSession',
      'useSendTransaction',
      'useSession',
      'useSessionTimeLeft',
      'useSignMessage',
      'useSignTransaction',
      'useSignTypedData',
      'useSignUpWithPasskey',
      'useSmsOtp',
      'useUser',
      'useWalletKitConfig',
      'useWallets',
    ])
  })

  it.each(hooks)('%s throws an error that names it and the fix', (name, hook) => {
    expect(() => renderHook(() => hook())).toThrow(
      new Error(
        `${name} must be used inside <AuthProxyProvider>: wrap your app in <AuthProxyProvider proxyUrl="…" configId="…"> (inside a <QueryClientProvider>).`,
      ),
    )
  })
})
