import { invalidArgument } from '../assert'
import type { Kit } from '../createKit'
import { assertOAuthKit } from './checkOAuthInput'
import type { KitOAuth } from './kitOAuth'
import { readPendingOAuth, removePendingOAuth } from './pendingOAuth'
import { clearPendingOAuthRedirect, type PendingOAuthRedirectStorage } from './pendingOAuthRedirect'

/**
 * Abandons a pending sign-in (the person closed the dialog, a popup flow failed): removes it and
 * deletes its key. Safe to call more than once, and with a state that is unknown.
 */
export async function cancelOAuth(kit: Kit, state: string): Promise<void> {
  const oauth = assertOAuthKit(kit, 'cancelOAuth(kit)')
  if (typeof state !== 'string') throw invalidArgument('cancelOAuth(state)', 'the state returned by startOAuth', state)
  await dropPendingOAuth(kit, oauth, state)
}

/** cancelOAuth past its checks, for a state the caller holds (oauthPopupLogin's own). */
export async function dropPendingOAuth(kit: Kit, oauth: KitOAuth, state: string): Promise<void> {
  const record = readPendingOAuth(oauth.storage, kit.client.configId, state)
  if (record === undefined) return
  removePendingOAuth(oauth.storage, kit.client.configId, state)
  await releaseOAuthKey(kit, record.publicKey)
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

/** Deletes a sign-in's key unless the session is bound to it; a key that cannot be deleted is left to the sweep. */
export async function releaseOAuthKey(kit: Kit, publicKey: string): Promise<void> {
  if (kit.session.getSnapshot().session?.publicKey === publicKey) return
  await kit.keyStore.delete(publicKey).catch(() => {})
}
