import { assertObject, invalidArgument } from '../assert'
import type { Kit } from '../createKit'
import { assertOAuthKit } from './checkOAuthInput'
import { savePendingOAuthRedirect, type PendingOAuthRedirectStorage } from './pendingOAuthRedirect'
import { beginOAuth, type StartOAuthParameters, type StartOAuthReturnType } from './startOAuth'

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
  const oauth = assertOAuthKit(kit, 'startOAuth(kit)')
  const started = await beginOAuth(kit, oauth, { ...start, mode: 'redirect' })
  savePendingOAuthRedirect(flowStorage, kit.client.configId, start.provider, kit.now())
  page.location.assign(started.authorizeUrl)
  return started
}
