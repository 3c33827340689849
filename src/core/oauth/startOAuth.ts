import { assertObject, invalidArgument } from '../assert'
import { throwIfAborted } from '../callOptions'
import type { Kit } from '../createKit'
import { KitError } from '../errors'
import { signupWallet } from '../wallet/checkSignupWallet'
import { buildAuthorizeUrl } from './buildAuthorizeUrl'
import { releaseOAuthKey } from './cancelOAuth'
import { assertOAuthConfig, assertOAuthKit, checkOAuthProviderSetup } from './checkOAuthInput'
import type { KitOAuth } from './kitOAuth'
import { oauthNonce } from './oauthNonce'
import {
  OAUTH_PENDING_TTL_MS,
  generateOAuthState,
  isPendingOAuthExpired,
  listPendingOAuth,
  savePendingOAuth,
  type OAuthMode,
  type PendingOAuth,
} from './pendingOAuth'
import { calculateCodeChallenge, generateCodeVerifier } from './pkce'
import { resolveReturnTo } from './returnTo'
import { OAUTH_PROVIDERS, isOAuthProviderName, type OAuthProviderName } from './providers'

export interface StartOAuthParameters {
  provider: OAuthProviderName
  /** 'popup' needs a window opened in the click handler (openOAuthPopup); see preferredOAuthMode. */
  mode: OAuthMode
  /**
   * Where the provider sends the answer; it must be registered with the provider. Default the
   * config's oauthRedirectUrl, else this page's origin and path.
   */
  redirectUri?: string | undefined
  /**
   * The address to come back to after a redirect sign-in: one of the redirect URI's origin (a path is
   * resolved against the page; another origin is refused, CONFIG_INVALID). Default, for a redirect,
   * the page's whole address (path, query, fragment). Where the answer lands on that same path, its
   * query and fragment are restored as the answer is read; on another path of the site, the page goes
   * there once signed in. Handed back by completeOAuth as an absolute URL.
   */
  returnTo?: string | undefined
  /** Default the provider's defaultScope (none for Apple). */
  scope?: string | undefined
  signal?: AbortSignal | undefined
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
  return beginOAuth(kit, oauth, parameters)
}

/**
 * startOAuth past the kit's check, for the actions that made it already (oauthPopupLogin,
 * oauthRedirectLogin): the parameters and the tenant's config are checked, then the sign-in is begun.
 */
export async function beginOAuth(
  kit: Kit,
  oauth: KitOAuth,
  parameters: StartOAuthParameters,
): Promise<StartOAuthReturnType> {
  const { provider, mode, scope, signal } = parameters
  checkStartOAuth(parameters)
  // A wallet the sign-up would refuse fails now, before the person leaves for the provider.
  signupWallet(kit)
  // Already here once a sign-in button is on screen: no request, and no wait before the popup is sent on.
  const config = await kit.config.ensure()
  assertOAuthConfig(config, 'startOAuth: kit.config')
  const { clientId, redirectUri } = checkOAuthProviderSetup(config, oauth, {
    provider,
    mode,
    redirectUri: parameters.redirectUri,
    configId: kit.client.configId,
  })
  const returnTo = resolveReturnTo(parameters.returnTo, mode, redirectUri, oauth.location?.href)
  throwIfAborted(signal, 'startOAuth')

  await purgeAbandoned(kit, oauth)
  const record = await pendingSignIn(kit, { provider, mode, redirectUri, clientId, returnTo })
  const authorizeUrl = await authorize(kit, oauth, record, scope)
  return { authorizeUrl, state: record.state, redirectUri, expiresAt: record.createdAt + OAUTH_PENDING_TTL_MS }
}

/** startOAuth's own parameters: a provider, a mode, and the optional strings well formed. */
function checkStartOAuth({ provider, mode, returnTo, scope }: StartOAuthParameters): void {
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
}

/** A new sign-in's record: a new client key, the nonce bound to it, `state`, and a PKCE verifier where the provider uses one. */
async function pendingSignIn(
  kit: Kit,
  fields: Pick<PendingOAuth, 'provider' | 'mode' | 'redirectUri' | 'clientId' | 'returnTo'>,
): Promise<PendingOAuth> {
  const { provider, mode, redirectUri, clientId, returnTo } = fields
  const publicKey = await kit.keyStore.create()
  const nonce = await oauthNonce(publicKey)
  const codeVerifier = OAUTH_PROVIDERS[provider].pkce ? generateCodeVerifier() : undefined
  const state = generateOAuthState()
  const createdAt = kit.now()
  const record: PendingOAuth = { state, provider, mode, nonce, publicKey, redirectUri, clientId, createdAt }
  if (codeVerifier !== undefined) record.codeVerifier = codeVerifier
  if (returnTo !== undefined) record.returnTo = returnTo
  return record
}

/**
 * The provider's authorize URL for `record`, once the record is kept for the round trip. Nothing is kept
 * when either fails, and the record's key is deleted.
 */
async function authorize(kit: Kit, oauth: KitOAuth, record: PendingOAuth, scope: string | undefined): Promise<string> {
  const { provider, clientId, redirectUri, state, nonce, codeVerifier } = record
  try {
    const authorizeUrl = buildAuthorizeUrl({
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
    return authorizeUrl
  } catch (error) {
    await kit.keyStore.delete(record.publicKey).catch(() => {})
    if (error instanceof KitError) throw error
    // setItem throws QuotaExceededError when storage is full or, in some private modes, disabled.
    throw new KitError('OAUTH_STORAGE_UNAVAILABLE', 'startOAuth: the pending sign-in could not be stored', {
      cause: error,
    })
  }
}

/** Pending sign-ins past their life never got an answer: remove them and delete their keys. */
async function purgeAbandoned(kit: Kit, oauth: KitOAuth): Promise<void> {
  const now = kit.now()
  for (const { key, record } of listPendingOAuth(oauth.storage, kit.client.configId)) {
    if (record !== undefined && !isPendingOAuthExpired(record, now)) continue
    oauth.storage.removeItem(key)
    if (record !== undefined) await releaseOAuthKey(kit, record.publicKey)
  }
}
