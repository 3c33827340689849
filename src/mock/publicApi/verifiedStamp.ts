import type { SessionType } from '../../core/types'
import type { MockStampKind, MockUser } from '../types'

/** Who stamped a request, once the stamp verified. Its own module: each kind of stamp's verifier returns one. */
export interface VerifiedStamp {
  user: MockUser
  kind: MockStampKind
  /** For a session key's stamp: its session's type (a read-only one may stamp queries only). */
  sessionType?: SessionType | undefined
  /**
   * What the stamp says, the same for each encoding of it: its header, the credential, and the signature
   * in canonical form (canonicalSignature.ts). Two requests with one meaning are one request sent twice.
   */
  meaning: string
  /** When the stamping credential stops stamping (a session's or API key's expiry); none for one that never does. */
  expiresAt?: string | undefined
  /**
   * Call right before writing: re-checks what a concurrent request may have changed during the awaits
   * and records this use (a passkey's signature counter). It may throw; then write nothing.
   */
  commit(): void
}
