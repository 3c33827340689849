import { checkAnswer } from '../wallet/checkAnswer'
import { assertInteger, assertNonEmptyString, assertObject, invalidArgument } from '../assert'
import type { CallOptions } from '../client'
import type { Kit } from '../createKit'
import { isKitError, KitError } from '../errors'
import { createPasskey } from './createPasskey'
import { passkeyStamper } from './passkeyStamper'
import { PasskeySignUpIncompleteError, PasskeyWithoutAccountError } from './passkeySignUpErrors'
import { unfinishedPasskeySignUps } from './unfinishedPasskeySignUps'
import type { ActivityEnvelope, StampLoginParameters } from '../publicApiTypes'
import type { SignInIdentity } from '../contracts'
import type { Session } from '../session/sessionStore'
import { getUser } from '../wallet/getUser'
import { apiKeyStamper, type Stamper } from '../stamp/stamper'
import type { SignupRequest, WalletKitConfigResponse } from '../types'
import { signupWallet } from '../wallet/checkSignupWallet'
import { assertKit } from '../assertKit'

/** How long the client key registered at passkey sign-up lives: long enough for one stamp_login. */
export const PASSKEY_SIGNUP_API_KEY_SECONDS = 60

export interface PasskeyPromptParameters {
  /** The relying party; default the page's host. Must be the same at sign-up and login. */
  rpId?: string
  /** The site's name for the browser prompt; default rpId, else the page's host. */
  rpName?: string
}

export interface SessionParameters {
  /** Session length in seconds; default the tenant's. */
  expirationSeconds?: number
  /** End the user's other sessions. */
  invalidateExisting?: boolean
  signal?: AbortSignal
}

export interface SignUpWithPasskeyParameters extends PasskeyPromptParameters, SessionParameters {
  /**
   * Required: the account's user name, also the passkey's name in the browser's picker, so that the
   * person knows it again: their email, phone number or name (ask them, or pass what the app knows).
   */
  userName: string
  /** How the account lists the passkey. Default userName. */
  authenticatorName?: string
}

export interface SignUpWithPasskeyReturnType {
  session: Session
  /** The new passkey's credential id (base64url). */
  credentialId: string
}

/**
 * Creates an account whose only credential is a new passkey, and signs in: the browser's passkey
 * prompt → signup with the passkey and a 60-second API key for a new client key → stamp_login in the
 * new sub-organization, stamped (X-Stamp) by that client key, for a fresh session key → session.
 *
 * The client key is deleted at the end whatever happens (its API key expires within the minute);
 * the session key is deleted unless a session was stored. Cancelling the prompt creates nothing.
 * The tenant's config (kit.config) must enable passkeys (METHOD_DISABLED otherwise, before the prompt).
 *
 * Any failure once the passkey is made (the signup's answer lost, stamp_login refused, a timeout, an
 * abort) is a PasskeySignUpIncompleteError (PASSKEY_SIGNUP_INCOMPLETE, the failure as `cause`): the
 * account may exist, so do not sign up again; log in with `error.credentialId` instead. The credential id
 * is remembered in kit.storage until that passkey signs in (see unfinishedPasskeySignUps).
 */
export async function signUpWithPasskey(
  kit: Kit,
  parameters: SignUpWithPasskeyParameters,
): Promise<SignUpWithPasskeyReturnType> {
  const label = 'signUpWithPasskey'
  assertPasskeyKit(kit, `${label}(kit)`)
  // Through `unknown`: asserting on the all-optional parameters type would narrow it to a bare record.
  assertObject(parameters as unknown, `${label}(parameters)`)
  const { signal } = parameters
  // Already here once a passkey button is on screen: no request, and no wait before the prompt.
  assertPasskeyEnabled(await kit.config.ensure(), label)
  const date = new Date(kit.now()).toISOString().slice(0, 10)
  const userName = passkeyUserName(parameters.userName, label)
  const authenticatorName = parameters.authenticatorName ?? userName
  assertNonEmptyString(authenticatorName, `${label}({ authenticatorName })`)
  const stampLogin = stampLoginParameters(parameters, label)
  // A wallet the sign-up would refuse fails now, before the prompt.
  const wallet = signupWallet(kit)
  throwIfAborted(signal, label)

  const authenticator = await createPasskey({
    ...relyingParty(parameters, label),
    userName,
    authenticatorName,
    webauthn: kit.webauthn,
  })
  const { credentialId } = authenticator.attestation

  const created: string[] = []
  let stored: string | undefined
  try {
    throwIfAborted(signal, label)
    const clientKey = await kit.keyStore.create()
    created.push(clientKey)
    const request: SignupRequest = {
      userName,
      apiKeys: [
        {
          apiKeyName: `Passkey sign-up key ${date}`,
          publicKey: clientKey,
          curveType: 'API_KEY_CURVE_P256',
          expirationSeconds: String(PASSKEY_SIGNUP_API_KEY_SECONDS),
        },
      ],
      authenticators: [authenticator],
      oauthProviders: [],
      // The app's wallet when it names one (createKit({ wallet })); else the tenant's default applies.
      ...wallet,
    }
    const { organizationId } = await kit.client.signup(request, callOptions(signal))

    const sessionKey = await kit.keyStore.create()
    created.push(sessionKey)
    const session = await stampLoginSession(
      kit,
      organizationId,
      { ...stampLogin, publicKey: sessionKey },
      apiKeyStamper(kit, clientKey),
      signal,
      {
        method: 'passkey',
        name: userName,
      },
    )
    stored = sessionKey
    return { session, credentialId }
  } catch (error) {
    // The passkey exists on the device now: whether its account does is unknown (the signup may have
    // been processed and its answer lost). Running the sign-up again would make a second account and a
    // second passkey; logging in with this one tells (see PasskeySignUpIncompleteError).
    unfinished(kit).remember(credentialId, kit.now())
    throw new PasskeySignUpIncompleteError(credentialId, error)
  } finally {
    await deleteKeys(
      kit,
      created.filter((key) => key !== stored),
    )
  }
}

export interface LoginWithPasskeyParameters extends SessionParameters {
  /** Default the page's host; must be the one the passkey was made for. */
  rpId?: string
  /** Credential ids (base64url) to offer; default any passkey of the site. */
  allowCredentials?: string[]
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
    if (!stored) await deleteKeys(kit, [sessionKey])
  }
}

export interface AddPasskeyParameters extends PasskeyPromptParameters {
  /** How the account lists the passkey. Default userName. */
  authenticatorName?: string
  /**
   * Shown in the passkey picker to tell accounts apart: what the person knows the account by. Default
   * the session identity's contact, email or name, else the user's email, phone or user name (get_user,
   * asked before the prompt only when the identity has none).
   */
  userName?: string
  signal?: AbortSignal
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
  return {
    authenticatorIds: activity.result.createAuthenticatorsResult.authenticatorIds,
    credentialId: authenticator.attestation.credentialId,
  }
}

/** The name a passkey gets: given by the caller, never made up (a UUID or a date means nothing to the person). */
function passkeyUserName(userName: unknown, label: string): string {
  if (typeof userName !== 'string' || userName.trim() === '') {
    throw invalidArgument(
      `${label}({ userName })`,
      'the name of the account and of its passkey, as the person knows it: their email, phone number or name',
      userName,
    )
  }
  return userName.trim()
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

async function stampLoginSession(
  kit: Kit,
  organizationId: string,
  parameters: StampLoginParameters,
  stamper: Stamper,
  signal: AbortSignal | undefined,
  identity: SignInIdentity,
): Promise<Session> {
  // The timestamp is taken before the stamp: the API allows a few minutes for the passkey prompt.
  const envelope: ActivityEnvelope<'stamp_login'> = {
    type: 'ACTIVITY_TYPE_STAMP_LOGIN',
    timestampMs: String(kit.now()),
    organizationId,
    parameters,
  }
  const activity = checkAnswer(
    'stamp_login',
    await kit.publicApi.submit('stamp_login', envelope, stamper, callOptions(signal)),
    ['result.stampLoginResult.session'],
  )
  return kit.session.set(activity.result.stampLoginResult.session, { identity })
}

function stampLoginParameters(parameters: SessionParameters, label: string): Omit<StampLoginParameters, 'publicKey'> {
  const { expirationSeconds, invalidateExisting } = parameters
  const result: Omit<StampLoginParameters, 'publicKey'> = {}
  if (expirationSeconds !== undefined) {
    assertInteger(expirationSeconds, `${label}({ expirationSeconds })`, 1, Number.MAX_SAFE_INTEGER)
    result.expirationSeconds = String(expirationSeconds)
  }
  if (invalidateExisting !== undefined) {
    if (typeof invalidateExisting !== 'boolean') {
      throw invalidArgument(`${label}({ invalidateExisting })`, 'a boolean', invalidateExisting)
    }
    result.invalidateExisting = invalidateExisting
  }
  return result
}

function relyingParty(parameters: PasskeyPromptParameters, label: string): { rpId?: string; rpName: string } {
  const { rpId } = parameters
  const rpName = parameters.rpName ?? rpId ?? globalThis.location?.hostname
  if (typeof rpName !== 'string' || rpName === '') {
    throw invalidArgument(`${label}({ rpName })`, "the site's name (there is no page to take it from)", rpName)
  }
  return rpId === undefined ? { rpName } : { rpId, rpName }
}

function assertPasskeyEnabled(config: unknown, label: string): asserts config is WalletKitConfigResponse {
  const candidate = config as Partial<WalletKitConfigResponse> | null
  if (typeof candidate !== 'object' || candidate === null || !Array.isArray(candidate.enabledProviders)) {
    throw invalidArgument(`${label}: kit.config`, 'the wallet_kit_config answer', config)
  }
  // Checked before the browser prompt: a person should not make a passkey the proxy will refuse.
  if (!candidate.enabledProviders.includes('passkey')) {
    throw new KitError(
      'METHOD_DISABLED',
      `${label}: passkeys are not enabled for this tenant (enabledProviders has no "passkey")`,
    )
  }
}

function assertPasskeyKit(kit: unknown, label: string): asserts kit is Kit {
  assertKit(kit, label)
  if (typeof kit.publicApi?.submit !== 'function') throw invalidArgument(label, 'a kit made by createKit(options)', kit)
  if (typeof (kit as Partial<Kit>).config?.ensure !== 'function') {
    throw invalidArgument(label, 'a kit made by createKit(options) (it has no config store)', kit)
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

function throwIfAborted(signal: AbortSignal | undefined, label: string): void {
  if (signal?.aborted) throw new KitError('ABORTED', `${label}: aborted by the caller`, { cause: signal.reason })
}

function callOptions(signal: AbortSignal | undefined): CallOptions {
  return signal === undefined ? {} : { signal }
}

async function deleteKeys(kit: Kit, keys: string[]): Promise<void> {
  // Best effort: a failing delete must not hide the error that got us here.
  await Promise.all(keys.map((key) => kit.keyStore.delete(key).catch(() => {})))
}
