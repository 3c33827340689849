import { assertObject, invalidArgument } from '../assert'
import type { CallOptions } from '../client'
import type { SignInIdentity } from '../contracts'
import type { Kit } from '../createKit'
import { decodeJwtPayload } from '../encoding'
import { KitError } from '../errors'
import { buildAuthorizeUrl } from './buildAuthorizeUrl'
import { parseOAuthCallback, type OAuthCallbackParameters } from './callbackUrl'
import { checkIdToken } from './checkIdToken'
import { checkKitOAuth } from './checkKitOAuth'
import { resolveKitOAuth, type KitOAuth } from './kitOAuth'
import { oauthNonce } from './oauthNonce'
import { parseHttpUrl } from './parseHttpUrl'
import {
  OAUTH_PENDING_TTL_MS,
  generateOAuthState,
  isPendingOAuthExpired,
  listPendingOAuth,
  readPendingOAuth,
  removePendingOAuth,
  savePendingOAuth,
  type OAuthMode,
  type PendingOAuth,
} from './pendingOAuth'
import {
  clearPendingOAuthRedirect,
  savePendingOAuthRedirect,
  type PendingOAuthRedirectStorage,
} from './pendingOAuthRedirect'
import { calculateCodeChallenge, generateCodeVerifier } from './pkce'
import { waitForOAuthPopup, type OAuthPopup } from './popup'
import { OAUTH_PROVIDERS, isOAuthProviderName, type OAuthProviderName } from './providers'
import { redeemCodeForIdToken } from './redeemCodeForIdToken'
import type { Session } from '../session/sessionStore'
import type { WalletKitConfigResponse } from '../types'
import { signupWallet } from '../wallet/checkSignupWallet'
import { assertKit } from '../assertKit'

export interface StartOAuthParameters {
  provider: OAuthProviderName
  /** 'popup' needs a window opened in the click handler (openOAuthPopup); see preferredOAuthMode. */
  mode: OAuthMode
  /**
   * Where the provider sends the answer; it must be registered with the provider. Default the
   * config's oauthRedirectUrl, else this page's origin and path.
   */
  redirectUri?: string
  /** Handed back by completeOAuth, e.g. the route to show after a redirect sign-in. */
  returnTo?: string
  /** Default the provider's defaultScope (none for Apple). */
  scope?: string
  signal?: AbortSignal
}

export interface StartOAuthReturnType {
  /** Send the browser (or the popup) here. */
  authorizeUrl: string
  state: string
  redirectUri: string
  /** After this (ms since the epoch), completeOAuth refuses the answer with OAUTH_EXPIRED. */
  expiresAt: number
}

/**
 * Prepares a sign-in with `provider` (the tenant's config, from kit.config, says which providers are
 * enabled, their client ids and the redirect URI): a new client key, the nonce bound to it, `state`, and a PKCE
 * verifier where the provider uses PKCE (Facebook, X, Discord), kept in kit.oauth.storage for the
 * round trip. Navigate to `authorizeUrl` next.
 *
 * Refuses, before making a key: a provider the tenant has not enabled (METHOD_DISABLED), one without
 * a client id or redirect URI (OAUTH_NOT_CONFIGURED), a redirect when the pending sign-in could not
 * survive it (OAUTH_STORAGE_UNAVAILABLE).
 */
export async function startOAuth(kit: Kit, parameters: StartOAuthParameters): Promise<StartOAuthReturnType> {
  const oauth = assertOAuthKit(kit, 'startOAuth(kit)')
  assertObject(parameters, 'startOAuth(parameters)')
  const { provider, mode, returnTo, scope, signal } = parameters
  if (!isOAuthProviderName(provider)) {
    throw invalidArgument('startOAuth({ provider })', `one of ${Object.keys(OAUTH_PROVIDERS).join(', ')}`, provider)
  }
  if (mode !== 'redirect' && mode !== 'popup')
    throw invalidArgument('startOAuth({ mode })', "'redirect' or 'popup'", mode)
  if (returnTo !== undefined && typeof returnTo !== 'string')
    throw invalidArgument('startOAuth({ returnTo })', 'a string', returnTo)
  if (scope !== undefined && (typeof scope !== 'string' || scope.trim() === '')) {
    throw invalidArgument('startOAuth({ scope })', 'a non-empty string', scope)
  }
  // A wallet the sign-up would refuse fails now, before the person leaves for the provider.
  signupWallet(kit)
  // Already here once a sign-in button is on screen: no request, and no wait before the popup is sent on.
  const config = await kit.config.ensure()
  assertConfig(config, 'startOAuth: kit.config')

  if (!config.enabledProviders.includes(provider)) {
    throw new KitError(
      'METHOD_DISABLED',
      `startOAuth: ${provider} is not enabled for this tenant (wallet_kit_config enabledProviders)`,
    )
  }
  const clientId = config.oauthClientIds?.[provider]
  if (typeof clientId !== 'string' || clientId === '') {
    throw new KitError('OAUTH_NOT_CONFIGURED', `startOAuth: wallet_kit_config has no oauthClientIds.${provider}`)
  }
  const redirectUri = resolveRedirectUri(parameters.redirectUri, config, oauth)
  if (mode === 'redirect' && !oauth.storageSurvivesRedirect) {
    throw new KitError(
      'OAUTH_STORAGE_UNAVAILABLE',
      'startOAuth: sessionStorage is unavailable, and the in-memory fallback would not survive a redirect; use the popup mode or pass createKit({ oauthStorage })',
    )
  }
  if (signal?.aborted) throw new KitError('ABORTED', 'startOAuth: aborted by the caller', { cause: signal.reason })

  await purgeAbandoned(kit, oauth)
  const publicKey = await kit.keyStore.create()
  const nonce = await oauthNonce(publicKey)
  const codeVerifier = OAUTH_PROVIDERS[provider].pkce ? generateCodeVerifier() : undefined
  const state = generateOAuthState()
  const createdAt = kit.now()
  const record: PendingOAuth = { state, provider, mode, nonce, publicKey, redirectUri, clientId, createdAt }
  if (codeVerifier !== undefined) record.codeVerifier = codeVerifier
  if (returnTo !== undefined) record.returnTo = returnTo

  let authorizeUrl: string
  try {
    authorizeUrl = buildAuthorizeUrl({
      provider,
      clientId,
      redirectUri,
      state,
      nonce,
      codeChallenge: codeVerifier === undefined ? undefined : await calculateCodeChallenge(codeVerifier),
      scope,
      authorizeUrl: oauth.authorizeUrls[provider],
    })
    savePendingOAuth(oauth.storage, kit.client.configId, record)
  } catch (error) {
    await kit.keyStore.delete(publicKey).catch(() => {})
    if (error instanceof KitError) throw error
    // setItem throws QuotaExceededError when storage is full or, in some private modes, disabled.
    throw new KitError('OAUTH_STORAGE_UNAVAILABLE', 'startOAuth: the pending sign-in could not be stored', {
      cause: error,
    })
  }
  return { authorizeUrl, state, redirectUri, expiresAt: createdAt + OAUTH_PENDING_TTL_MS }
}

export interface CompleteOAuthParameters {
  /** The URL the provider sent the browser back to, e.g. window.location.href (or the popup's). */
  callbackUrl: string
  /**
   * The mode the caller completes. A page completing a redirect passes 'redirect', so that it never
   * spends the code of a popup flow whose opener is waiting for it (a popup may start with a copy of
   * its opener's sessionStorage).
   */
  mode?: OAuthMode
  signal?: AbortSignal
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
 * code exchanged by oauth2_authenticate), then account (by OIDC token) → signup when there is no
 * account → oauth_login → kit.session.set. A provider's id_token whose nonce is not this sign-in's, or
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
  const answer = parseOAuthCallback(callbackUrl)
  if (answer === undefined) {
    throw new KitError(
      'OAUTH_NO_PENDING_FLOW',
      'completeOAuth: the URL has no code, id_token, state or error from a provider',
    )
  }
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

  try {
    return await exchange(kit, oauth, record, answer, await configIfAny(kit), signal)
  } catch (error) {
    await deleteUnlessSessionKey(kit, record.publicKey)
    throw error
  }
}

async function exchange(
  kit: Kit,
  oauth: KitOAuth,
  record: PendingOAuth,
  answer: OAuthCallbackParameters,
  config: WalletKitConfigResponse | undefined,
  signal: AbortSignal | undefined,
): Promise<CompleteOAuthReturnType> {
  const { provider, publicKey, returnTo } = record
  const { displayName } = OAUTH_PROVIDERS[provider]
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
  const { kind } = OAUTH_PROVIDERS[provider]
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
  if (signal?.aborted) throw new KitError('ABORTED', 'completeOAuth: aborted by the caller', { cause: signal.reason })
  // The session will be bound to this key: without it, a session would be useless (e.g. site data
  // cleared in another tab during the round trip).
  if (!(await kit.keyStore.has(publicKey))) {
    throw new KitError('KEY_NOT_FOUND', 'completeOAuth: the key of this sign-in is no longer in the key store')
  }

  const options = callOptions(signal)
  const oidcToken = await obtainOidcToken(kit, oauth, record, given.value, signal)
  const account = await kit.client.account({ filterType: 'OIDC_TOKEN', filterValue: oidcToken, oidcToken }, options)
  let organizationId = account.organizationId
  const isNewUser = organizationId === undefined || organizationId === ''
  if (isNewUser) {
    // No userEmail from the token's email claim: the proxy takes an email only with proof of it (an
    // OTP verification token), and the OAuth identity is the proof here.
    const signup = await kit.client.signup(
      {
        oauthProviders: [{ providerName: provider, oidcToken }],
        apiKeys: [],
        authenticators: [],
        // The app's wallet when it names one (createKit({ wallet })); else the tenant's default applies.
        ...signupWallet(kit),
      },
      options,
    )
    organizationId = signup.organizationId
  }
  const { session: token } = await kit.client.oauthLogin({ oidcToken, publicKey, organizationId }, options)
  const session = await kit.session.set(token, { identity: oauthIdentity(provider, oidcToken) })
  return { session, isNewUser, provider, returnTo }
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

/**
 * Abandons a pending sign-in (the person closed the dialog, a popup flow failed): removes it and
 * deletes its key. Safe to call more than once, and with a state that is unknown.
 */
export async function cancelOAuth(kit: Kit, state: string): Promise<void> {
  const oauth = assertOAuthKit(kit, 'cancelOAuth(kit)')
  if (typeof state !== 'string') throw invalidArgument('cancelOAuth(state)', 'the state returned by startOAuth', state)
  const record = readPendingOAuth(oauth.storage, kit.client.configId, state)
  if (record === undefined) return
  removePendingOAuth(oauth.storage, kit.client.configId, state)
  await deleteUnlessSessionKey(kit, record.publicKey)
}

export type OAuthPopupLoginParameters = Omit<StartOAuthParameters, 'mode'> & {
  /** How often the popup is looked at; default 250 ms. */
  pollMs?: number
}

/**
 * The whole popup flow on a popup from openOAuthPopup (opened in the click handler): start, send the
 * popup to the provider, wait for it to come back, complete. The popup is closed and the pending
 * sign-in removed whatever happens.
 */
export async function oauthPopupLogin(
  kit: Kit,
  popup: OAuthPopup,
  parameters: OAuthPopupLoginParameters,
): Promise<CompleteOAuthReturnType> {
  if (typeof popup !== 'object' || popup === null || typeof popup.close !== 'function') {
    throw invalidArgument('oauthPopupLogin(popup)', 'the window openOAuthPopup returned', popup)
  }
  let started: StartOAuthReturnType
  try {
    assertObject(parameters, 'oauthPopupLogin(parameters)')
    started = await startOAuth(kit, { ...parameters, mode: 'popup' })
  } catch (error) {
    popup.close()
    throw error
  }
  const { signal, pollMs } = parameters
  let callbackUrl: string
  try {
    if (popup.closed)
      throw new KitError('OAUTH_POPUP_CLOSED', 'oauthPopupLogin: the popup was closed before the sign-in started')
    popup.location.href = started.authorizeUrl
    callbackUrl = await waitForOAuthPopup(popup, {
      redirectUri: started.redirectUri,
      signal,
      pollMs,
      timeoutMs: Math.max(1, started.expiresAt - kit.now()),
    })
  } catch (error) {
    popup.close()
    await cancelOAuth(kit, started.state)
    throw error
  }
  return completeOAuth(kit, { callbackUrl, mode: 'popup', signal })
}

export type OAuthRedirectLoginParameters = Omit<StartOAuthParameters, 'mode'> & {
  /**
   * The tab's storage (sessionStorage) for the marker saying which provider this tab left for: the
   * page the provider sends back to completes only an answer this tab is waiting for (oauthRedirect),
   * and "Try again" after a failed return goes back to the same provider. Null: no marker.
   */
  flowStorage: PendingOAuthRedirectStorage | null
}

/**
 * The redirect flow's first half: start, mark the tab as waiting, and send the page to the provider.
 * The answer comes back to a new page, where oauthRedirect(kit).handle completes it.
 */
export async function oauthRedirectLogin(
  kit: Kit,
  page: { readonly location: { assign(url: string): void } },
  parameters: OAuthRedirectLoginParameters,
): Promise<StartOAuthReturnType> {
  if (typeof page !== 'object' || page === null || typeof page.location?.assign !== 'function') {
    throw invalidArgument('oauthRedirectLogin(page)', 'a window (with location.assign())', page)
  }
  assertObject(parameters, 'oauthRedirectLogin(parameters)')
  const { flowStorage, ...start } = parameters
  const started = await startOAuth(kit, { ...start, mode: 'redirect' })
  savePendingOAuthRedirect(flowStorage, kit.client.configId, start.provider, kit.now())
  page.location.assign(started.authorizeUrl)
  return started
}

/**
 * Abandons a redirect sign-in the page left for and came back from without an answer (the Back
 * button, from the back-forward cache): its marker, pending sign-in and key go.
 */
export async function cancelOAuthRedirect(
  kit: Kit,
  state: string,
  flowStorage: PendingOAuthRedirectStorage | null,
): Promise<void> {
  clearPendingOAuthRedirect(flowStorage, kit.client.configId)
  await cancelOAuth(kit, state)
}

/** wagmi-style grouping of the steps. */
export const loginWithOAuth = {
  start: startOAuth,
  complete: completeOAuth,
  cancel: cancelOAuth,
  popup: oauthPopupLogin,
} as const

function resolveRedirectUri(given: unknown, config: WalletKitConfigResponse, oauth: KitOAuth): string {
  if (given !== undefined) return parseHttpUrl(given, 'startOAuth({ redirectUri })').href
  if (config.oauthRedirectUrl !== undefined && config.oauthRedirectUrl !== '') {
    return parseHttpUrl(config.oauthRedirectUrl, 'wallet_kit_config oauthRedirectUrl').href
  }
  const href = oauth.location?.href
  let page: URL | undefined
  try {
    page = href === undefined ? undefined : new URL(href)
  } catch {
    page = undefined
  }
  if (page === undefined || (page.protocol !== 'http:' && page.protocol !== 'https:')) {
    throw new KitError(
      'OAUTH_NOT_CONFIGURED',
      'startOAuth: no redirect URI (pass redirectUri, set oauthRedirectUrl in wallet_kit_config, or run on an http(s) page)',
    )
  }
  // Origin and path only: providers compare the redirect URI exactly, and the page's query would vary.
  return `${page.origin}${page.pathname}`
}

/** Pending sign-ins past their life never got an answer: remove them and delete their keys. */
async function purgeAbandoned(kit: Kit, oauth: KitOAuth): Promise<void> {
  const now = kit.now()
  for (const { key, record } of listPendingOAuth(oauth.storage, kit.client.configId)) {
    if (record !== undefined && !isPendingOAuthExpired(record, now)) continue
    oauth.storage.removeItem(key)
    if (record !== undefined) await deleteUnlessSessionKey(kit, record.publicKey)
  }
}

async function deleteUnlessSessionKey(kit: Kit, publicKey: string): Promise<void> {
  if (kit.session.getSnapshot().session?.publicKey === publicKey) return
  await kit.keyStore.delete(publicKey).catch(() => {})
}

function assertOAuthKit(kit: Kit, label: string): KitOAuth {
  assertKit(kit, label)
  const oauth = (kit as Partial<Kit>).oauth
  if (typeof oauth !== 'object' || oauth === null) {
    throw invalidArgument(label, 'a kit made by createKit(options) (it has no oauth settings)', kit)
  }
  if (typeof (kit as Partial<Kit>).config?.ensure !== 'function') {
    throw invalidArgument(label, 'a kit made by createKit(options) (it has no config store)', kit)
  }
  // createKit leaves its OAuth options to be completed and checked here, where they are used.
  return checkKitOAuth(resolveKitOAuth(oauth))
}

/** The tenant's config for completeOAuth's check, or undefined when it cannot be had. */
async function configIfAny(kit: Kit): Promise<WalletKitConfigResponse | undefined> {
  try {
    const config = await kit.config.ensure()
    assertConfig(config, 'completeOAuth: kit.config')
    return config
  } catch {
    return undefined
  }
}

function assertConfig(config: unknown, label: string): asserts config is WalletKitConfigResponse {
  const candidate = config as Partial<WalletKitConfigResponse> | null
  if (typeof candidate !== 'object' || candidate === null || !Array.isArray(candidate.enabledProviders)) {
    throw invalidArgument(label, 'the wallet_kit_config answer (with enabledProviders)', config)
  }
  if (
    candidate.oauthClientIds !== undefined &&
    (typeof candidate.oauthClientIds !== 'object' || candidate.oauthClientIds === null)
  ) {
    throw invalidArgument(`${label}.oauthClientIds`, 'an object of client ids by provider', candidate.oauthClientIds)
  }
}

function callOptions(signal: AbortSignal | undefined): CallOptions {
  return signal === undefined ? {} : { signal }
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
