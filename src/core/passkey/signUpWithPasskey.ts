import { assertNonEmptyString, assertObject } from '../assert'
import { callOptions, throwIfAborted } from '../callOptions'
import type { Kit } from '../createKit'
import type { StampLoginParameters } from '../publicApiTypes'
import type { Session } from '../session/sessionStore'
import { apiKeyStamper } from '../stamp/stamper'
import type { SignupAuthenticator, SignupRequest } from '../types'
import { signupWallet } from '../wallet/checkSignupWallet'
import {
  assertPasskeyEnabled,
  assertPasskeyKit,
  passkeyUserName,
  relyingParty,
  stampLoginParameters,
  type PasskeyPromptParameters,
  type SessionParameters,
} from './checkPasskeyInput'
import { createPasskey } from './createPasskey'
import { PasskeySignUpIncompleteError } from './passkeySignUpErrors'
import { stampLoginSession } from './stampLoginSession'
import { unfinishedPasskeySignUps } from './unfinishedPasskeySignUps'

/** How long the client key registered at passkey sign-up lives: long enough for one stamp_login. */
export const PASSKEY_SIGNUP_API_KEY_SECONDS = 60

export interface SignUpWithPasskeyParameters extends PasskeyPromptParameters, SessionParameters {
  /**
   * Required: the account's user name, also the passkey's name in the browser's picker, so that the
   * person knows it again: their email, phone number or name (ask them, or pass what the app knows).
   */
  userName: string
  /** How the account lists the passkey. Default userName. */
  authenticatorName?: string | undefined
}

export interface SignUpWithPasskeyReturnType {
  session: Session
  /** The new passkey's credential id (base64url). */
  credentialId: string
}

/**
 * Creates an account whose only credential is a new passkey, and signs in: the browser's passkey
 * prompt → signup_v2 (signup with createKit's `otpProtocol: 'v1'`) with the passkey and a 60-second API
 * key for a new client key → stamp_login in the new sub-organization, stamped (X-Stamp) by that client
 * key, for a fresh session key → session, as @turnkey/core 2.8 signs up with a passkey.
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
  const apiKeyName = `Passkey sign-up key ${date}`
  const session = await signUpWithCredential(kit, { userName, authenticator, wallet, apiKeyName, stampLogin, signal })
  return { session, credentialId: authenticator.attestation.credentialId }
}

/** signUpWithPasskey once the passkey is made: what it checked, and the passkey. */
interface PasskeySignUp {
  userName: string
  authenticator: SignupAuthenticator
  /** The app's wallet when it names one (createKit({ wallet })); else the tenant's default applies. */
  wallet: Pick<SignupRequest, 'wallet'>
  apiKeyName: string
  stampLogin: Omit<StampLoginParameters, 'publicKey'>
  signal: AbortSignal | undefined
}

/**
 * The account for a new passkey and its session: signup_v2 (or signup) with a short-lived API key for a new client
 * key, then stamp_login stamped by it for a new session key. Every failure is a PasskeySignUpIncompleteError,
 * and leaves no key but the session's behind.
 */
async function signUpWithCredential(kit: Kit, signUp: PasskeySignUp): Promise<Session> {
  const { userName, authenticator, wallet, apiKeyName, stampLogin, signal } = signUp
  const label = 'signUpWithPasskey'
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
          apiKeyName,
          publicKey: clientKey,
          curveType: 'API_KEY_CURVE_P256',
          expirationSeconds: String(PASSKEY_SIGNUP_API_KEY_SECONDS),
        },
      ],
      authenticators: [authenticator],
      oauthProviders: [],
      ...wallet,
    }
    // The current generation's endpoint takes the same body (@turnkey/core 2.8's signUpWithPasskey).
    const options = callOptions(signal)
    const { organizationId } = await (kit.otp.protocol === 'v2'
      ? kit.client.signupV2(request, options)
      : kit.client.signup(request, options))

    const sessionKey = await kit.keyStore.create()
    created.push(sessionKey)
    const session = await stampLoginSession(
      kit,
      organizationId,
      { ...stampLogin, publicKey: sessionKey },
      apiKeyStamper(kit, clientKey),
      signal,
      { method: 'passkey', name: userName },
    )
    stored = sessionKey
    return session
  } catch (error) {
    // The passkey exists on the device now: whether its account does is unknown (the signup may have
    // been processed and its answer lost). Running the sign-up again would make a second account and a
    // second passkey; logging in with this one tells (see PasskeySignUpIncompleteError).
    unfinishedPasskeySignUps(kit.storage, kit.client.configId).remember(credentialId, kit.now())
    throw new PasskeySignUpIncompleteError(credentialId, error)
  } finally {
    // Best effort: a failing delete must not hide the error that got us here.
    await Promise.all(created.filter((key) => key !== stored).map((key) => kit.keyStore.delete(key).catch(() => {})))
  }
}
