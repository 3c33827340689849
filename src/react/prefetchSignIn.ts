import { chunks } from '../chunks'
import type { EnabledProvider } from '../core/types'

// What each login method loads on first use (the proxy client, key and session stores are in the first load).
const CHUNKS: Partial<Record<EnabledProvider, ReadonlyArray<{ load(): Promise<unknown> }>>> = {
  email: [chunks.otpFlow],
  sms: [chunks.otpFlow],
  passkey: [chunks.passkey, chunks.webAuthn],
  google: [chunks.oauth],
  apple: [chunks.oauth],
  x: [chunks.oauth],
  discord: [chunks.oauth],
  facebook: [chunks.oauth],
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
