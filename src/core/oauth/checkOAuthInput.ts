// The checks the OAuth actions share, each made once, at the edge (startOAuth, completeOAuth, cancelOAuth,
// oauthPopupLogin, oauthRedirectLogin), before a key is made or a request sent: the kit and its OAuth
// settings, the tenant's config, and what it says of a provider. Each action checks its own parameters.
import { invalidArgument } from '../assert'
import { assertKit } from '../assertKit'
import type { Kit } from '../createKit'
import { KitError } from '../errors'
import { reportProviderNotConfigured } from '../misconfiguration'
import type { WalletKitConfigResponse } from '../types'
import { checkKitOAuth } from './checkKitOAuth'
import { resolveKitOAuth, type KitOAuth } from './kitOAuth'
import { parseHttpUrl } from './parseHttpUrl'
import type { OAuthMode } from './pendingOAuth'
import type { OAuthProviderName } from './providers'

/** A kit made by createKit, with its OAuth settings completed and checked: what the actions past their checks take. */
export function assertOAuthKit(kit: Kit, label: string): KitOAuth {
  assertKit(kit, label)
  const oauth = (kit as Partial<Kit>).oauth
  if (typeof oauth !== 'object' || oauth === null) {
    throw invalidArgument(label, 'a kit made by createKit(options) (it has no oauth settings)', kit)
  }
  if (typeof (kit as Partial<Kit>).config?.ensure !== 'function') {
    throw invalidArgument(label, 'a kit made by createKit(options) (it has no config store)', kit)
  }
  // createKit leaves its OAuth options to be completed and checked here, where they are used.
  return checkKitOAuth(resolveKitOAuth(oauth, kit.client.proxyUrl))
}

export function assertOAuthConfig(config: unknown, label: string): asserts config is WalletKitConfigResponse {
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

/**
 * What the tenant says of `provider`, checked before a key is made: enabled (METHOD_DISABLED), with a
 * client id and a redirect URI (OAUTH_NOT_CONFIGURED), and, for a redirect, a storage that survives it
 * (OAUTH_STORAGE_UNAVAILABLE).
 */
export function checkOAuthProviderSetup(
  config: WalletKitConfigResponse,
  oauth: KitOAuth,
  {
    provider,
    mode,
    redirectUri,
    configId,
  }: { provider: OAuthProviderName; mode: OAuthMode; redirectUri: unknown; configId: string },
): { clientId: string; redirectUri: string } {
  const enabled = config.enabledProviders.includes(provider)
  const clientId = config.oauthClientIds?.[provider]
  const configured = typeof clientId === 'string' && clientId !== ''
  if (process.env.NODE_ENV !== 'production' && !(enabled && configured)) {
    reportProviderNotConfigured(configId, provider, enabled)
  }
  if (!enabled) {
    throw new KitError(
      'METHOD_DISABLED',
      `startOAuth: ${provider} is not enabled for this tenant (wallet_kit_config enabledProviders)`,
    )
  }
  if (!configured) {
    throw new KitError('OAUTH_NOT_CONFIGURED', `startOAuth: wallet_kit_config has no oauthClientIds.${provider}`)
  }
  const resolved = resolveRedirectUri(redirectUri, config, oauth)
  if (mode === 'redirect' && !oauth.storageSurvivesRedirect) {
    throw new KitError(
      'OAUTH_STORAGE_UNAVAILABLE',
      'startOAuth: sessionStorage is unavailable, and the in-memory fallback would not survive a redirect; use the popup mode or pass createKit({ oauthStorage })',
    )
  }
  return { clientId, redirectUri: resolved }
}

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
