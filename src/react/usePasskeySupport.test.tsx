// What the OAuth and passkey bindings render on the server, and then in the browser: the server
// snapshots are constants (idle, unsupported), so hydration never mismatches.
import { renderHook, waitFor } from '@testing-library/react'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { chunks } from '../chunks'
import { fakeOAuthWindow } from './test/fakeOAuthWindow'
import { fakePasskeyBrowser } from './test/fakePasskeyBrowser'
import { createTestProviders } from './test/renderWithProxy'
import { useOAuthCallback } from './useOAuthCallback'
import { usePasskeySupport } from './usePasskeySupport'

function Probe() {
  const { isSupported } = usePasskeySupport()
  const { status } = useOAuthCallback()
  return <output>{`passkeys:${String(isSupported)} callback:${status}`}</output>
}

describe('usePasskeySupport and useOAuthCallback on the server', () => {
  it('render unsupported and idle, whatever the browser would say', () => {
    const { Providers } = createTestProviders({
      webauthn: fakePasskeyBrowser().webauthn,
      oauthWindow: fakeOAuthWindow(),
    })
    expect(
      renderToString(
        <Providers>
          <Probe />
        </Providers>,
      ),
    ).toContain('passkeys:false callback:idle')
  })
})

describe('usePasskeySupport in the browser', () => {
  it('says what the injected WebAuthn module says, without loading the passkey code', async () => {
    const supported = createTestProviders({ webauthn: fakePasskeyBrowser().webauthn })
    expect(renderHook(() => usePasskeySupport(), { wrapper: supported.Providers }).result.current).toEqual({
      isSupported: true,
    })
    const unsupported = createTestProviders({ webauthn: fakePasskeyBrowser({ supported: false }).webauthn })
    expect(renderHook(() => usePasskeySupport(), { wrapper: unsupported.Providers }).result.current).toEqual({
      isSupported: false,
    })
    expect(chunks.passkey.getSnapshot().status).toBe('idle')
  })

  it('useOAuthCallback is idle on a page that is no provider’s answer, without loading the redirect code', async () => {
    const { Providers, requests } = createTestProviders({ oauthWindow: fakeOAuthWindow() })
    const { result } = renderHook(() => useOAuthCallback(), { wrapper: Providers })
    await waitFor(() => expect(requests).toContain('wallet_kit_config'))
    expect(result.current.status).toBe('idle')
    expect(result.current.error).toBeNull()
    expect(chunks.oauthRedirect.getSnapshot().status).toBe('idle')
  })
})
