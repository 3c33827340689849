import type { Kit, Session } from '../contracts'
import { KitError } from '../errors'

/** The live session, once the stored one has been read; NOT_SIGNED_IN (naming the action) without one. */
export async function signedInSession(kit: Kit, label: string): Promise<Session> {
  await kit.session.ready
  const session = kit.session.getSnapshot().session
  if (session === null) throw new KitError('NOT_SIGNED_IN', `${label}: there is no session; sign in first`)
  return session
}

export function throwIfAborted(signal: AbortSignal | undefined, label: string): void {
  if (signal?.aborted) throw new KitError('ABORTED', `${label}: aborted by the caller`, { cause: signal.reason })
}
