import { UnsecuredJWT } from 'jose'
import { describe, expect, it } from 'vitest'
import { KitError } from '../errors'
import { signJwt } from '../test/tokens'
import { decodeSessionToken, decodeVerificationToken } from './jwt'

const KEY = `03${'a1'.repeat(32)}`
const SESSION = {
  exp: 2_000_000_000,
  public_key: KEY,
  user_id: 'u-1',
  organization_id: 'o-1',
  session_type: 'SESSION_TYPE_READ_WRITE',
}

function thrown(run: () => unknown): KitError {
  try {
    run()
  } catch (error) {
    if (error instanceof KitError) return error
    throw error
  }
  throw new Error('expected a KitError')
}

describe('decodeSessionToken', () => {
  it('returns the claims of a well-formed session', async () => {
    expect(decodeSessionToken(await signJwt(SESSION))).toMatchObject(SESSION)
  })

  it('decodes without verifying: an unsigned token with the right claims is read too', () => {
    const token = new UnsecuredJWT(SESSION).encode()
    expect(decodeSessionToken(token).user_id).toBe('u-1')
  })

  it.each([
    ['exp', { exp: undefined }, 'session token has no "exp" claim'],
    ['exp', { exp: '2000000000' }, 'session token has an invalid "exp" claim'],
    ['public_key', { public_key: undefined }, 'session token has no "public_key" claim'],
    ['public_key', { public_key: KEY.toUpperCase() }, 'session token has an invalid "public_key" claim'],
    ['user_id', { user_id: 42 }, 'session token has an invalid "user_id" claim'],
    ['organization_id', { organization_id: undefined }, 'session token has no "organization_id" claim'],
    ['session_type', { session_type: undefined }, 'session token has no "session_type" claim'],
  ])('SESSION_INVALID naming the %s claim', async (_claim, change, message) => {
    const token = await signJwt({ ...SESSION, ...change })
    const error = thrown(() => decodeSessionToken(token))
    expect(error.code).toBe('SESSION_INVALID')
    expect(error.message).toContain(message)
  })

  it('SESSION_INVALID for text that is not a JWT', () => {
    expect(thrown(() => decodeSessionToken('not a jwt')).code).toBe('SESSION_INVALID')
    expect(thrown(() => decodeSessionToken('')).message).toBe(
      'session token: expected a JWT string, got an empty string',
    )
    expect(thrown(() => decodeSessionToken(undefined as unknown as string)).code).toBe('SESSION_INVALID')
  })
})

describe('decodeVerificationToken', () => {
  const claims = {
    id: 'vt-1',
    contact: 'a@b.co',
    verification_type: 'OTP_TYPE_EMAIL',
    public_key: KEY,
    exp: 2_000_000_000,
  }

  it('returns the claims, id included', async () => {
    expect(decodeVerificationToken(await signJwt(claims))).toMatchObject(claims)
  })

  it('PROXY_BAD_RESPONSE naming a missing claim', async () => {
    const error = thrown(() => decodeVerificationToken(new UnsecuredJWT({ ...claims, id: undefined }).encode()))
    expect(error.code).toBe('PROXY_BAD_RESPONSE')
    expect(error.message).toContain('verification token has no "id" claim')
  })
})
