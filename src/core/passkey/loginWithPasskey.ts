import { assertNonEmptyString, assertObject } from '../assert'
import { throwIfAborted } from '../callOptions'
import type { SignInIdentity } from '../contracts'
import type { Kit } from '../createKit'
import { isKitError, KitError } from '../errors'
import type { Session } from '../session/sessionStore'
import {
  assertPasskeyEnabled,
  assertPasskeyKit,
  stampLoginParameters,
  type SessionParameters,
} from './checkPasskeyInput'
import { passkeyStamper } from './passkeyStamper'
import { PasskeyWithoutAccountError } from './passkeySignUpErrors'
import { stampLoginSession } from './stampLoginSession'
import { unfinishedPasskeySignUps } from './unfinishedPasskeySignUps'

export interface LoginWithPasskeyParameters extends SessionParameters {
  /** Default the page's host; must be the one the passkey was made for. */
  rpId?: string | undefined
  /** Credential ids (base64url) to offer; default any passkey of the site. */
  allowCredentials?: string[] | undefined
}

export interface LoginWithPasskeyReturnType {
  session: Session
  /** The credential id (base64url) of the passkey used. */
  credentialId: string
}

/**
 * Signs in with a passkey alone: a new session key → stamp_login for it, in the tenant's parent
 * organization (the API finds the sub-organization holding the passkey), stamped with the passkey
 * (X-Stamp-WebAuthn) → session. Any failure, cancelling the prompt included, deletes the new key.
 *
 * A passkey the API does not know (another site's, or a deleted account's) is STAMP_REFUSED. The
 * tenant's config (kit.config) must enable passkeys; its organizationId is the one logged into.
 *
 * Recovers a failed passkey sign-up when given `allowCredentials: [error.credentialId]`: a refused
 * passkey whose sign-up failed here (remembered in kit.storage) is a PasskeyWithoutAccountError
 * (STAMP_REFUSED, saying the account was not made), whichever button asked; one that signs in is forgotten.
 */
export async function loginWithPasskey(
  kit: Kit,
  parameters: LoginWithPasskeyParameters = {},
): Promise<LoginWithPasskeyReturnType> {
  const label = 'loginWithPasskey'
  assertPasskeyKit(kit, `${label}(kit)`)
  assertObject(parameters as unknown, `${label}(parameters)`)
  const { rpId, allowCredentials, signal } = parameters
  const config = await kit.config.ensure()
  assertPasskeyEnabled(config, label)
  assertNonEmptyString(config.organizationId, `${label}: kit.config's organizationId`)
  const stampLogin = stampLoginParameters(parameters, label)
  throwIfAborted(signal, label)

  let credentialId: string | undefined
  const stamper = passkeyStamper({
    ...(rpId === undefined ? {} : { rpId }),
    ...(allowCredentials === undefined ? {} : { allowCredentials }),
    webauthn: kit.webauthn,
    onAssertion: (assertion) => {
      credentialId = assertion.id
    },
  })

  const sessionKey = await kit.keyStore.create()
  let stored = false
  try {
    // The passkey does not say whose it is: the person's name comes from get_user (useUser) afterwards.
    const identity: SignInIdentity = { method: 'passkey' }
    const session = await stampLoginSession(
      kit,
      config.organizationId,
      { ...stampLogin, publicKey: sessionKey },
      stamper,
      signal,
      identity,
    ).catch((error: unknown) => {
      throw refineLoginError(error)
    })
    stored = true
    if (credentialId !== undefined) unfinished(kit).forget(credentialId)
    return { session, credentialId: credentialId as string }
  } catch (error) {
    throw withoutAccount(kit, error, credentialId)
  } finally {
    // Best effort: a failing delete must not hide the error that got us here.
    if (!stored) await kit.keyStore.delete(sessionKey).catch(() => {})
  }
}

// At login, an unknown passkey is the person's likely mistake (another account's passkey, or one for
// another site), so it gets a message saying so rather than "sign in again". A refused timestamp is
// CLOCK_SKEW (the public API client tells it apart), never this: "not registered" on a device whose
// clock is off would send the person to make a second account.
function refineLoginError(error: unknown): unknown {
  if (!isKitError(error, 'STAMP_REFUSED')) return error
  return new KitError('STAMP_REFUSED', error.message, {
    status: error.status,
    proxy: error.proxy,
    cause: error,
    userMessage: 'This passkey is not registered here. Try another passkey, or create an account.',
  })
}

function unfinished(kit: Kit) {
  return unfinishedPasskeySignUps(kit.storage, kit.client.configId)
}

// A refused passkey that this browser saw made by a sign-up that failed: most likely no account is
// behind it, which "not registered here" would not tell (the person would wonder which account).
function withoutAccount(kit: Kit, error: unknown, credentialId: string | undefined): unknown {
  if (credentialId === undefined || !isKitError(error, 'STAMP_REFUSED') || !unfinished(kit).has(credentialId))
    return error
  return new PasskeyWithoutAccountError(credentialId, error)
}
