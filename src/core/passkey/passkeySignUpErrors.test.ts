import { describe, expect, it } from 'vitest'
import { DEFAULT_USER_MESSAGES, isPasskeySignUpIncomplete, isPasskeyWithoutAccount, KitError } from '../errors'
import {
  PasskeySignUpIncompleteError,
  PasskeyWithoutAccountError,
  PASSKEY_WITHOUT_ACCOUNT_MESSAGE,
} from './passkeySignUpErrors'

describe('PasskeySignUpIncompleteError', () => {
  it('carries the credential id and the failure, with its status, body and wait', () => {
    const cause = new KitError('RATE_LIMITED', 'stamp_login: slow down', { status: 429, retryAfterSeconds: 12 })
    const error = new PasskeySignUpIncompleteError('cred-1', cause)
    expect(error).toMatchObject({
      code: 'PASSKEY_SIGNUP_INCOMPLETE',
      credentialId: 'cred-1',
      cause,
      status: 429,
      retryAfterSeconds: 12,
    })
    expect(error.userMessage).toBe(DEFAULT_USER_MESSAGES.PASSKEY_SIGNUP_INCOMPLETE)
    expect(isPasskeySignUpIncomplete(error)).toBe(true)
    expect(isPasskeySignUpIncomplete(new KitError('PASSKEY_SIGNUP_INCOMPLETE', 'no id'))).toBe(false)
  })

  it('says first that the clock must be set when the clock was the failure', () => {
    const error = new PasskeySignUpIncompleteError(
      'cred-1',
      new KitError('CLOCK_SKEW', 'stamp_login: timestampMs refused'),
    )
    expect(error.userMessage).toBe(
      `${DEFAULT_USER_MESSAGES.CLOCK_SKEW} Then sign in with the passkey you just created.`,
    )
  })
})

describe('PasskeyWithoutAccountError', () => {
  it('is a STAMP_REFUSED that says the passkey has no account', () => {
    const refusal = new KitError('STAMP_REFUSED', 'stamp_login: unknown credential', { status: 401 })
    const error = new PasskeyWithoutAccountError('cred-2', refusal)
    expect(error).toMatchObject({
      code: 'STAMP_REFUSED',
      credentialId: 'cred-2',
      cause: refusal,
      status: 401,
      userMessage: PASSKEY_WITHOUT_ACCOUNT_MESSAGE,
    })
    expect(isPasskeyWithoutAccount(error)).toBe(true)
    expect(isPasskeyWithoutAccount(refusal)).toBe(false)
  })
})
