import { chunks } from '../chunks'
import type { EnabledProvider } from '../core/types'

// What each login method runs, by the chunks that hold it. Every method makes a client key first (signIn).
const OAUTH = [chunks.oauth, chunks.signIn]
const CHUNKS: Partial<Record<EnabledProvider, ReadonlyArray<{ load(): Promise<unknown> }>>> = {
  email: [chunks.signIn],
  sms: [chunks.signIn],
  passkey: [chunks.passkey, chunks.publicApi, chunks.signIn],
  google: OAUTH,
  apple: OAUTH,
  x: OAUTH,
  discord: OAUTH,
  facebook: OAUTH,
}

/**
 * Loads the code the given login methods run (default: email) ahead of time, e.g. when a pointer rests
 * on a "Log in" button, so that the first step does not wait for it. Flows load it themselves anyway:
 * this only moves the wait earlier. Settles when done; never rejects (a failure shows when used).
 */
export async function prefetchSignIn(methods: readonly EnabledProvider[] = ['email']): Promise<void> {
  const wanted = new Set(methods.flatMap((method) => CHUNKS[method] ?? []))
  await Promise.all([...wanted].map((chunk) => chunk.load().catch(() => undefined)))
}
