import { assertNonEmptyString, assertObject, invalidArgument } from '../assert'
import { callOptions, throwIfAborted } from '../callOptions'
import type { Kit } from '../createKit'
import { KitError } from '../errors'
import type { ActivityEnvelope } from '../publicApiTypes'
import type { Session } from '../session/sessionStore'
import { apiKeyStamper } from '../stamp/stamper'
import type { SignupAuthenticator } from '../types'
import { checkAnswer } from '../wallet/checkAnswer'
import { getUser } from '../wallet/getUser'
import { assertPasskeyKit, passkeyUserName, relyingParty, type PasskeyPromptParameters } from './checkPasskeyInput'
import { createPasskey } from './createPasskey'

export interface AddPasskeyParameters extends PasskeyPromptParameters {
  /** How the account lists the passkey. Default userName. */
  authenticatorName?: string | undefined
  /**
   * Shown in the passkey picker to tell accounts apart: what the person knows the account by. Default
   * the session identity's contact, email or name, else the user's email, phone or user name (get_user,
   * asked before the prompt only when the identity has none).
   */
  userName?: string | undefined
  signal?: AbortSignal | undefined
}

export interface AddPasskeyReturnType {
  /** The API's ids of the authenticators added (one). */
  authenticatorIds: string[]
  /** The new passkey's credential id (base64url). */
  credentialId: string
}

/**
 * Adds a passkey to the signed-in user: the browser's passkey prompt → create_authenticators in the
 * session's organization, stamped (X-Stamp) by the session's key. Creates no key. NOT_SIGNED_IN
 * without a session.
 */
export async function addPasskey(kit: Kit, parameters: AddPasskeyParameters = {}): Promise<AddPasskeyReturnType> {
  const label = 'addPasskey'
  assertPasskeyKit(kit, `${label}(kit)`)
  // Through `unknown`: asserting on the all-optional parameters type would narrow it to a bare record.
  assertObject(parameters as unknown, `${label}(parameters)`)
  const { signal } = parameters
  await kit.session.ready
  const session = kit.session.getSnapshot().session
  if (session === null) throw new KitError('NOT_SIGNED_IN', `${label}: there is no session; sign in first`)
  const userName =
    parameters.userName === undefined
      ? await accountName(kit, session, label, signal)
      : passkeyUserName(parameters.userName, label)
  const authenticatorName = parameters.authenticatorName ?? userName
  assertNonEmptyString(authenticatorName, `${label}({ authenticatorName })`)
  throwIfAborted(signal, label)

  const authenticator = await createPasskey({
    ...relyingParty(parameters, label),
    userName,
    authenticatorName,
    webauthn: kit.webauthn,
  })
  throwIfAborted(signal, label)
  const authenticatorIds = await createAuthenticator(kit, session, authenticator, signal)
  return { authenticatorIds, credentialId: authenticator.attestation.credentialId }
}

/** create_authenticators for `authenticator` in the session's organization, stamped by the session's key. */
async function createAuthenticator(
  kit: Kit,
  session: Session,
  authenticator: SignupAuthenticator,
  signal: AbortSignal | undefined,
): Promise<string[]> {
  const envelope: ActivityEnvelope<'create_authenticators'> = {
    type: 'ACTIVITY_TYPE_CREATE_AUTHENTICATORS_V2',
    timestampMs: String(kit.now()),
    organizationId: session.organizationId,
    parameters: { userId: session.userId, authenticators: [authenticator] },
  }
  const activity = checkAnswer(
    'create_authenticators',
    await kit.publicApi.submit(
      'create_authenticators',
      envelope,
      apiKeyStamper(kit, session.publicKey),
      callOptions(signal),
    ),
    ['result.createAuthenticatorsResult.authenticatorIds[]'],
  )
  return activity.result.createAuthenticatorsResult.authenticatorIds
}

/**
 * What the signed-in person knows their account by: the identity they signed in with (the email or
 * phone the code went to, the OAuth identity's email or name, the passkey's name), else get_user's
 * email, phone or user name.
 */
async function accountName(
  kit: Kit,
  session: Session,
  label: string,
  signal: AbortSignal | undefined,
): Promise<string> {
  const { identity } = session
  const known = identity?.contact ?? identity?.email ?? identity?.name
  if (known !== undefined && known !== '') return known
  const user = await getUser(kit, callOptions(signal))
  const name = [user.userEmail, user.userPhoneNumber, user.userName].find(
    (value) => typeof value === 'string' && value.trim() !== '',
  )
  if (name === undefined) {
    throw invalidArgument(
      `${label}({ userName })`,
      "the person's email, phone number or name (the account has none to default to)",
      undefined,
    )
  }
  return name.trim()
}
