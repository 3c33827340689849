import { checkAnswer } from './checkAnswer'
import { invalidArgument } from '../assert'
import type { Kit, Session } from '../contracts'
import { signedInSession, throwIfAborted } from './signedInSession'
import { submitAsSession } from './submitAsSession'
import { checkWalletCall } from './walletOptions'

export interface RefreshSessionOptions {
  /** The new session's length in seconds, a decimal string; default the tenant's session length. */
  expirationSeconds?: string | undefined
  signal?: AbortSignal | undefined
}

/**
 * A fresh session for the same user and the same client key, before the current one expires:
 * stamp_login in the session's organization with `publicKey` = the session key, stamped X-Stamp by that
 * key. The new token is adopted (kit.session.set): every tab follows it, and the session's identity is
 * kept. NOT_SIGNED_IN without a session; STAMP_REFUSED once the API no longer accepts it.
 */
export async function refreshSession(kit: Kit, options: RefreshSessionOptions = {}): Promise<Session> {
  const label = 'refreshSession'
  checkWalletCall(kit, options, label)
  const { expirationSeconds, signal } = options
  if (
    expirationSeconds !== undefined &&
    (typeof expirationSeconds !== 'string' || !/^[1-9][0-9]{0,15}$/.test(expirationSeconds))
  ) {
    throw invalidArgument(
      `${label}({ expirationSeconds })`,
      'a positive whole number of seconds as a decimal string',
      expirationSeconds,
    )
  }
  const session = await signedInSession(kit, label)
  throwIfAborted(signal, label)
  const parameters =
    expirationSeconds === undefined
      ? { publicKey: session.publicKey }
      : { publicKey: session.publicKey, expirationSeconds }
  const activity = checkAnswer('stamp_login', await submitAsSession(kit, session, 'stamp_login', parameters, signal), [
    'result.stampLoginResult.session',
  ])
  return kit.session.set(activity.result.stampLoginResult.session)
}
