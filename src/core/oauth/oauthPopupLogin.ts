import { assertObject, invalidArgument } from '../assert'
import type { Kit } from '../createKit'
import { KitError } from '../errors'
import { dropPendingOAuth } from './cancelOAuth'
import { assertOAuthKit } from './checkOAuthInput'
import { finishOAuth, type CompleteOAuthReturnType } from './completeOAuth'
import type { KitOAuth } from './kitOAuth'
import { waitForOAuthPopup, type OAuthPopup } from './popup'
import { beginOAuth, type StartOAuthParameters, type StartOAuthReturnType } from './startOAuth'

export type OAuthPopupLoginParameters = Omit<StartOAuthParameters, 'mode'> & {
  /** How often the popup is looked at; default 250 ms. */
  pollMs?: number | undefined
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
  let oauth: KitOAuth
  let started: StartOAuthReturnType
  try {
    assertObject(parameters, 'oauthPopupLogin(parameters)')
    // The kit is checked once, here, with the label its start has always had; the completion trusts it.
    oauth = assertOAuthKit(kit, 'startOAuth(kit)')
    started = await beginOAuth(kit, oauth, { ...parameters, mode: 'popup' })
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
    await dropPendingOAuth(kit, oauth, started.state)
    throw error
  }
  return finishOAuth(kit, oauth, { callbackUrl, mode: 'popup', signal })
}
