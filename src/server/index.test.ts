import { describe, expect, it } from 'vitest'
import * as server from './index'

// Every change to the public surface of auth-proxy-kit/server shows up here and is deliberate.
describe('auth-proxy-kit/server exports', () => {
  it('has exactly these runtime exports', () => {
    expect(Object.keys(server).sort()).toEqual([
      'DEFAULT_CLOCK_TOLERANCE_SECONDS',
      'DEFAULT_SESSION_COOKIE',
      'PRODUCTION_NOTARIZER_PUBLIC_KEY',
      'SESSION_NOTARIZER_KID',
      'SessionTokenError',
      'authenticateRequest',
      'getSession',
      'isSessionTokenError',
      'readSessionToken',
      'requireSession',
      'verifySessionToken',
      'withSession',
    ])
  })
})
