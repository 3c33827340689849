import { assertObject, invalidArgument } from '../assert'
import { callOptions, throwIfAborted } from '../callOptions'
import type { SignInIdentity } from '../contracts'
import type { CallOptions } from '../client'
import type { Kit } from '../createKit'
import { decodeJwtPayload } from '../encoding'
import { KitError } from '../errors'
import type { Session } from '../session/sessionStore'
import { attestedLogin } from '../stamp/attestedLogin'
import type { SignupRequest, WalletKitConfigResponse } from '../types'
import { signupWallet } from '../wallet/checkSignupWallet'
import { parseOAuthCallback, type OAuthCallbackParameters } from './callbackUrl'
import { releaseOAuthKey } from './cancelOAuth'
import { checkIdToken } from './checkIdToken'
import { assertOAuthConfig, assertOAuthKit } from './checkOAuthInput'
import type { KitOAuth } from './kitOAuth'
import {
  OAUTH_PENDING_TTL_MS,
  isPendingOAuthExpired,
  readPendingOAuth,
  removePendingOAuth,
  type OAuthMode,
  type PendingOAuth,
} from './pendingOAuth'
import { OAUTH_PROVIDERS, type OAuthProviderName } from './providers'
import { redeemCodeForIdToken } from './redeemCodeForIdToken'

export interface CompleteOAuthParameters {
  /** The URL the provider sent the browser back to, e.g. window.location.href (or the popup's). */
  callbackUrl: string
  /**
   * The mode the caller completes. A page completing a redirect passes 'redirect', so that it never
   * spends the code of a popup flow whose opener is waiting for it (a popup may start with a copy of
   * its opener's sessionStorage).
   */
  mode?: OAuthMode | undefined
  signal?: AbortSignal | undefined
}

export interface CompleteOAuthReturnType {
  session: Session
  /** True when this sign-in created the account (signup ran). */
  isNewUser: boolean
  provider: OAuthProviderName
  /** StartOAuthParameters.returnTo. */
  returnTo: string | undefined
}

/**
 * Finishes a sign-in from the provider's answer: finds the pending sign-in by `state` (single use:
 * removed before anything is sent), obtains the OIDC token as the provider gives it (Google, Apple:
 * the answer's id_token; Facebook: its code redeemed at Facebook's token endpoint; X, Discord: the
 * code exchanged by oauth2_authenticate), then account (by OIDC token) → signup_v2 when there is no
 * account → stamp_login on the public API, stamped by the sign-in's key with X-Stamp-Attested (scheme
 * STAMP_ATTESTED_SCHEME_P256_OIDC, the OIDC token, whose nonce is that key's hash, as the attestation)
 * → kit.session.set, in @turnkey/core 2.8's order. With createKit's `otpProtocol: 'v1'`: account →
 * signup → oauth_login. A provider's id_token whose nonce is not this sign-in's, or
 * whose audience is not the client id, is refused before it is sent anywhere.
 *
 * Errors: OAUTH_NO_PENDING_FLOW (the URL is no callback), OAUTH_STATE_MISMATCH (a state this browser
 * did not start, or already used: nothing is sent), OAUTH_EXPIRED, OAUTH_CANCELLED (the person said
 * no at the provider), OAUTH_PROVIDER_ERROR (another error from the provider, an answer without its
 * code or id_token, a refused code redemption, an id_token for another key or app), and the proxy's.
 * Whenever it fails after finding the pending sign-in, that sign-in's key is deleted. Clean the
 * address bar with cleanOAuthCallbackUrl.
 *
 * The tenant's config (kit.config) only adds a check: a provider the tenant disabled since the sign-in
 * started is refused (METHOD_DISABLED) before the code is exchanged. When the config cannot be had, the
 * completion goes on (the proxy checks the rest, and its own failure is reported by the exchange).
 */
export async function completeOAuth(kit: Kit, parameters: CompleteOAuthParameters): Promise<CompleteOAuthReturnType> {
  const oauth = assertOAuthKit(kit, 'completeOAuth(kit)')
  assertObject(parameters, 'completeOAuth(parameters)')
  const { callbackUrl, mode, signal } = parameters
  if (typeof callbackUrl !== 'string')
    throw invalidArgument('completeOAuth({ callbackUrl })', 'a URL string', callbackUrl)
  if (mode !== undefined && mode !== 'redirect' && mode !== 'popup') {
    throw invalidArgument('completeOAuth({ mode })', "'redirect' or 'popup'", mode)
  }
  return finishOAuth(kit, oauth, { callbackUrl, mode, signal })
}

/** completeOAuth past its checks (oauthPopupLogin's completion, with the values it holds): the answer read, then exchanged. */
export async function finishOAuth(
  kit: Kit,
  oauth: KitOAuth,
  { callbackUrl, mode, signal }: CompleteOAuthParameters,
): Promise<CompleteOAuthReturnType> {
  const answer = parseOAuthCallback(callbackUrl)
  if (answer === undefined) {
    throw new KitError(
      'OAUTH_NO_PENDING_FLOW',
      'completeOAuth: the URL has no code, id_token, state or error from a provider',
    )
  }
  const record = claimPendingOAuth(kit, oauth, answer, mode)
  try {
    const given = checkProviderAnswer(kit, record, answer, await configIfAny(kit))
    throwIfAborted(signal, 'completeOAuth')
    return await signInWithProviderAnswer(kit, oauth, record, given, signal)
  } catch (error) {
    await releaseOAuthKey(kit, record.publicKey)
    throw error
  }
}

/** The pending sign-in the answer's `state` names, removed before anything is sent (single use). */
function claimPendingOAuth(
  kit: Kit,
  oauth: KitOAuth,
  answer: OAuthCallbackParameters,
  mode: OAuthMode | undefined,
): PendingOAuth {
  const { configId } = kit.client
  const record = answer.state === undefined ? undefined : readPendingOAuth(oauth.storage, configId, answer.state)
  if (record === undefined) {
    throw new KitError(
      'OAUTH_STATE_MISMATCH',
      answer.state === undefined
        ? 'completeOAuth: the callback has no state'
        : 'completeOAuth: no pending sign-in has this state (started in another browser or tab, already used, or forged)',
    )
  }
  if (mode !== undefined && record.mode !== mode) {
    // Left in place: it belongs to the flow that is waiting for it.
    throw new KitError(
      'OAUTH_STATE_MISMATCH',
      `completeOAuth: this state belongs to a ${record.mode} sign-in, not a ${mode} one`,
    )
  }
  removePendingOAuth(oauth.storage, configId, record.state)
  return record
}

/**
 * What the provider gave for the sign-in, its id_token or its code as its kind answers, once the answer
 * is checked: in time (OAUTH_EXPIRED), no error (OAUTH_CANCELLED, OAUTH_PROVIDER_ERROR), the provider
 * still enabled (METHOD_DISABLED, when the config is to be had).
 */
function checkProviderAnswer(
  kit: Kit,
  record: PendingOAuth,
  answer: OAuthCallbackParameters,
  config: WalletKitConfigResponse | undefined,
): string {
  const { provider } = record
  const { displayName, kind } = OAUTH_PROVIDERS[provider]
  if (isPendingOAuthExpired(record, kit.now())) {
    throw new KitError(
      'OAUTH_EXPIRED',
      `completeOAuth: the sign-in started more than ${OAUTH_PENDING_TTL_MS / 60_000} minutes ago`,
    )
  }
  if (answer.error !== undefined) {
    const described =
      answer.errorDescription === undefined ? answer.error : `${answer.error}: ${answer.errorDescription}`
    // RFC 6749 section 4.1.2.1: access_denied is the person (or the provider on their behalf) saying no.
    if (answer.error === 'access_denied') {
      throw new KitError('OAUTH_CANCELLED', `completeOAuth: ${displayName} answered ${described}`)
    }
    throw new KitError('OAUTH_PROVIDER_ERROR', `completeOAuth: ${displayName} answered ${described}`)
  }
  // Google and Apple answer with the id_token itself (Apple's code beside it is not needed); the others with a code.
  const given =
    kind === 'id_token' || kind === 'code_id_token'
      ? { name: 'an id_token', value: answer.idToken }
      : { name: 'a code', value: answer.code }
  if (given.value === undefined || given.value === '') {
    throw new KitError(
      'OAUTH_PROVIDER_ERROR',
      `completeOAuth: ${displayName}'s answer has neither ${given.name} nor an error`,
    )
  }
  if (config !== undefined && !config.enabledProviders.includes(provider)) {
    throw new KitError('METHOD_DISABLED', `completeOAuth: ${provider} is no longer enabled for this tenant`)
  }
  return given.value
}

/**
 * The OIDC token for the provider's answer, then account → signup_v2 when there is none → stamp_login
 * attested by the token → session (createKit's `otpProtocol: 'v1'`: signup, oauth_login).
 */
async function signInWithProviderAnswer(
  kit: Kit,
  oauth: KitOAuth,
  record: PendingOAuth,
  given: string,
  signal: AbortSignal | undefined,
): Promise<CompleteOAuthReturnType> {
  const { provider, publicKey, returnTo } = record
  // The session will be bound to this key: without it, a session would be useless (e.g. site data
  // cleared in another tab during the round trip).
  if (!(await kit.keyStore.has(publicKey))) {
    throw new KitError('KEY_NOT_FOUND', 'completeOAuth: the key of this sign-in is no longer in the key store')
  }
  const options = callOptions(signal)
  const oidcToken = await obtainOidcToken(kit, oauth, record, given, signal)
  const account = await kit.client.account({ filterType: 'OIDC_TOKEN', filterValue: oidcToken, oidcToken }, options)
  const found = account.organizationId
  const isNewUser = found === undefined || found === ''
  const organizationId = isNewUser ? await signUpWithOidcToken(kit, provider, oidcToken, options) : found
  const token = await logInWithOidcToken(kit, { oidcToken, publicKey, organizationId }, options)
  const session = await kit.session.set(token, { identity: oauthIdentity(provider, oidcToken) })
  return { session, isNewUser, provider, returnTo }
}

/**
 * A new account whose only credential is the OAuth identity: signup_v2 (or signup for 'v1') with the
 * token, as @turnkey/core 2.8's signUpWithOauth sends it (no verification token, so no client signature).
 */
async function signUpWithOidcToken(
  kit: Kit,
  provider: OAuthProviderName,
  oidcToken: string,
  options: CallOptions,
): Promise<string> {
  // No userEmail from the token's email claim: the proxy takes an email only with proof of it (an
  // OTP verification token), and the OAuth identity is the proof here.
  const request: SignupRequest = {
    oauthProviders: [{ providerName: provider, oidcToken }],
    apiKeys: [],
    authenticators: [],
    // The app's wallet when it names one (createKit({ wallet })); else the tenant's default applies.
    ...signupWallet(kit),
  }
  const signup = await (kit.otp.protocol === 'v2'
    ? kit.client.signupV2(request, options)
    : kit.client.signup(request, options))
  return signup.organizationId
}

/**
 * The session token for the sign-in's key: stamp_login on the public API in the account's organization,
 * stamped by that key and attested by the OIDC token whose nonce is its hash (@turnkey/core 2.8's
 * loginWithOauth); or, for 'v1', oauth_login.
 */
async function logInWithOidcToken(
  kit: Kit,
  { oidcToken, publicKey, organizationId }: { oidcToken: string; publicKey: string; organizationId: string },
  options: CallOptions,
): Promise<string> {
  if (kit.otp.protocol !== 'v2') {
    return (await kit.client.oauthLogin({ oidcToken, publicKey, organizationId }, options)).session
  }
  return attestedLogin(
    kit,
    { publicKey, organizationId, scheme: 'STAMP_ATTESTED_SCHEME_P256_OIDC', attestation: oidcToken },
    options,
  )
}

/**
 * The OIDC token the proxy takes, obtained the way `record.provider` gives it (OAUTH_PROVIDERS[provider].kind)
 * from `given`, the answer's id_token or code.
 */
async function obtainOidcToken(
  kit: Kit,
  oauth: KitOAuth,
  record: PendingOAuth,
  given: string,
  signal: AbortSignal | undefined,
): Promise<string> {
  const { nonce, redirectUri, clientId } = record
  // readPendingOAuth returns a record with a verifier wherever the provider uses PKCE.
  const codeVerifier = record.codeVerifier ?? ''
  const settings = OAUTH_PROVIDERS[record.provider]
  const label = `completeOAuth: ${settings.displayName}'s id_token`
  switch (settings.kind) {
    case 'id_token':
    case 'code_id_token':
      checkIdToken(given, { label, nonce, clientId })
      return given
    case 'token_endpoint': {
      const idToken = await redeemCodeForIdToken({
        label: `completeOAuth: ${settings.displayName}'s token endpoint`,
        tokenUrl: oauth.tokenUrls[record.provider] ?? settings.tokenUrl,
        clientId,
        redirectUri,
        code: given,
        codeVerifier,
        fetch: oauth.fetch,
        timeoutMs: kit.client.timeoutMs,
        signal,
      })
      checkIdToken(idToken, { label, nonce, clientId })
      return idToken
    }
    case 'oauth2_authenticate': {
      // Signed by the proxy, which was given the nonce to put in it: nothing here to check it against.
      const { oidcToken } = await kit.client.oauth2Authenticate(
        { provider: settings.wireProvider, authCode: given, redirectUri, codeVerifier, nonce, clientId },
        callOptions(signal),
      )
      return oidcToken
    }
  }
}

/** The tenant's config for completeOAuth's check, or undefined when it cannot be had. */
async function configIfAny(kit: Kit): Promise<WalletKitConfigResponse | undefined> {
  try {
    const config = await kit.config.ensure()
    assertOAuthConfig(config, 'completeOAuth: kit.config')
    return config
  } catch {
    return undefined
  }
}

/**
 * Who signed in, from the OIDC token's claims (`email`, `name`): the proxy has verified the token, and
 * the kit only shows these. A claim that is missing or not a non-empty string is left out.
 */
function oauthIdentity(provider: OAuthProviderName, oidcToken: string): SignInIdentity {
  const identity: SignInIdentity = { method: 'oauth', provider }
  let claims: Record<string, unknown>
  try {
    claims = decodeJwtPayload(oidcToken)
  } catch {
    return identity
  }
  for (const claim of ['email', 'name'] as const) {
    const value = claims[claim]
    if (typeof value === 'string' && value.trim() !== '') identity[claim] = value.trim()
  }
  return identity
}
