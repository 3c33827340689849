import { afterEach, describe, expect, it, vi } from 'vitest'
import { passkeysSupported } from './passkeysSupported'
import type { WebAuthnModule } from './webAuthnModule'

function injected(supported: boolean): WebAuthnModule {
  const fail = async () => {
    throw new Error('not expected')
  }
  return { browserSupportsWebAuthn: () => supported, startRegistration: fail, startAuthentication: fail }
}

describe('passkeysSupported', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('asks the injected module when there is one, whatever the page has', () => {
    vi.stubGlobal('PublicKeyCredential', class {})
    expect(passkeysSupported(injected(false))).toBe(false)
    vi.unstubAllGlobals()
    expect(passkeysSupported(injected(true))).toBe(true)
  })

  it('without one, is true only where the page has a PublicKeyCredential constructor', () => {
    expect('PublicKeyCredential' in globalThis).toBe(false)
    expect(passkeysSupported()).toBe(false)
    vi.stubGlobal('PublicKeyCredential', {})
    expect(passkeysSupported()).toBe(false)
    vi.stubGlobal('PublicKeyCredential', class {})
    expect(passkeysSupported()).toBe(true)
  })
})
