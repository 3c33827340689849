import { assertKit } from '../assertKit'
import type { Kit } from '../contracts'

/**
 * The session JWT, for an `Authorization: Bearer` header to the app's own server (which verifies it:
 * auth-proxy-kit/server): once the stored session has been read, the current session's token if it has
 * not expired and its key is still held, else null. A key gone (a sign-out in another tab whose
 * `storage` event has not arrived, site data cleared) means a session that is over. Reads the store:
 * calling it re-renders nothing.
 */
export async function getSessionToken(kit: Kit): Promise<string | null> {
  assertKit(kit, 'getSessionToken(kit)')
  await kit.session.ready
  const session = kit.session.getSnapshot().session
  if (session === null || session.expiresAt <= kit.now()) return null
  // A key store that cannot answer proves nothing either way: no token.
  const held = await kit.keyStore.has(session.publicKey).catch(() => false)
  // The session may have changed while the key store answered (a sign-out, a refresh): ask again.
  if (kit.session.getSnapshot().session !== session) return getSessionToken(kit)
  return held ? session.token : null
}
