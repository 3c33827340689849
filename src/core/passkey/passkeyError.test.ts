import { afterEach, describe, expect, it, vi } from 'vitest'
import { toPasskeyError } from './passkeyError'

function onPage(href: string): void {
  const url = new URL(href)
  vi.stubGlobal('location', { href: url.href, hostname: url.hostname })
}

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

// @simplewebauthn/browser refuses an IP address as the relying party before asking the browser.
const invalidDomain = Object.assign(new Error('127.0.0.1 is an invalid domain'), {
  name: 'SecurityError',
  code: 'ERROR_INVALID_DOMAIN',
})

describe('toPasskeyError', () => {
  it('on 127.0.0.1, tells the developer (console and message) to open the page on localhost', () => {
    onPage('http://127.0.0.1:5173/login')
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {})
    const error = toPasskeyError(invalidDomain, 'loginWithPasskey')
    expect(error.code).toBe('PASSKEY_FAILED')
    expect(error.message).toContain('open it on localhost (http://localhost:5173)')
    expect(consoleError).toHaveBeenCalledWith(
      expect.stringContaining('Open the app at http://localhost:5173 instead of http://127.0.0.1:5173'),
    )
  })

  it('on a host name, says nothing more', () => {
    onPage('https://app.example.com/')
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {})
    const error = toPasskeyError(invalidDomain, 'loginWithPasskey')
    expect(error.message).not.toContain('localhost')
    expect(consoleError).not.toHaveBeenCalled()
  })

  it('a closed prompt is PASSKEY_CANCELLED, on an IP address too, without the hint', () => {
    onPage('http://127.0.0.1:5173/')
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {})
    expect(
      toPasskeyError(Object.assign(new Error('closed'), { name: 'NotAllowedError' }), 'signUpWithPasskey').code,
    ).toBe('PASSKEY_CANCELLED')
    expect(consoleError).not.toHaveBeenCalled()
  })
})
