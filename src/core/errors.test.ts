import { describe, expect, it } from 'vitest'
import { DEFAULT_USER_MESSAGES, KitError, isKitError, kitErrorCodeForGrpc, type KitErrorCode } from './errors'

describe('KitError', () => {
  it('gives every code its copy from the one table, whatever has loaded, unless the caller gives its own', () => {
    for (const [code, message] of Object.entries(DEFAULT_USER_MESSAGES)) {
      expect(message).not.toBe('')
      expect(new KitError(code as KitErrorCode, 'x').userMessage).toBe(message)
      expect(new KitError(code as KitErrorCode, 'x', { userMessage: 'mine' }).userMessage).toBe('mine')
    }
    // The same code built anywhere reads the same: there is no second copy to drift.
    expect(new KitError('OTP_EXPIRED', 'a').userMessage).toBe(new KitError('OTP_EXPIRED', 'b').userMessage)
  })

  it('keeps the developer message, status, proxy body, retry hint and cause apart from the copy', () => {
    const cause = new Error('underlying')
    const error = new KitError('RATE_LIMITED', 'otp_init: too many', { status: 429, retryAfterSeconds: 30, cause })
    expect(error).toMatchObject({
      name: 'KitError',
      code: 'RATE_LIMITED',
      message: 'otp_init: too many',
      status: 429,
      retryAfterSeconds: 30,
      cause,
    })
    expect(isKitError(error)).toBe(true)
    expect(isKitError(error, 'RATE_LIMITED')).toBe(true)
    expect(isKitError(error, 'OTP_EXPIRED')).toBe(false)
    expect(isKitError(new Error('x'))).toBe(false)
  })

  it('maps the proxy gRPC codes, and anything else to PROXY_ERROR', () => {
    expect(kitErrorCodeForGrpc(3)).toBe('INVALID_REQUEST')
    expect(kitErrorCodeForGrpc(8)).toBe('RATE_LIMITED')
    expect(kitErrorCodeForGrpc(16)).toBe('UNAUTHENTICATED')
    expect(kitErrorCodeForGrpc(13)).toBe('PROXY_ERROR')
    expect(kitErrorCodeForGrpc(99)).toBe('PROXY_ERROR')
  })
})
