import { chunks, prefetchChunk } from '../../chunks'
import { prefetchSignIn } from '../../react'

/**
 * Starts loading the passkey flows and the browser's WebAuthn helper before the click: Safari opens
 * the passkey prompt only close to the gesture, so nothing should be left to download by then.
 */
export function prefetchPasskey(): void {
  void prefetchSignIn(['passkey'])
  prefetchChunk(chunks.webAuthn)
}
