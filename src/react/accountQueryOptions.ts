import type { Kit, Session } from '../core'
import { KitError, type KitErrorCode } from '../core/errors'
import { asKitError } from './asKitError'

// Worth asking again only when the answer may be different a moment later: the network, a timeout, a
// chunk that did not load. A refused stamp or no session will not mend by itself.
const TRANSIENT: ReadonlySet<KitErrorCode> = new Set<KitErrorCode>([
  'PROXY_UNAVAILABLE',
  'PROXY_TIMEOUT',
  'PROXY_ERROR',
  'LOAD_FAILED',
])

/** react-query's retry for the account queries: twice, on transient failures only. */
export function retryAccountQuery(failureCount: number, error: KitError): boolean {
  return failureCount < 2 && TRANSIENT.has(error.code)
}

/**
 * Runs an account query for the session its key names: when the kit's session is no longer that one
 * (another tab signed in as someone else), it fails rather than filing another person's answer under
 * this key.
 */
export async function runAccountQuery<T>(
  kit: Kit,
  session: Session | null,
  label: string,
  run: () => Promise<T>,
): Promise<T> {
  const current = kit.session.getSnapshot().session
  if (
    session === null ||
    current === null ||
    current.userId !== session.userId ||
    current.publicKey !== session.publicKey
  ) {
    throw new KitError('NOT_SIGNED_IN', `${label}: the session changed before the query ran`)
  }
  try {
    return await run()
  } catch (error) {
    throw asKitError(error)
  }
}
