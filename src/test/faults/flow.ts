// What the suite knows of a flow: the step names its requests reach (the mock's fault targets), how
// to prepare it up to the call under test, and the recovery its documentation gives after a failure.
import type { Session } from '../../core/contracts'
import type { MockOAuthProvider } from '../../mock/oauthProviders'
import type { MockFaultTarget } from '../../mock/types'
import type { World } from './world'

/** Who an account is, as the mock finds it: at most one account may answer to each. */
export type Identity =
  | { kind: 'email'; email: string }
  | { kind: 'phone'; phoneNumber: string }
  | { kind: 'oauth'; provider: MockOAuthProvider; name: string }
  | { kind: 'passkey'; userName: string }

export interface Recovery {
  /** OTP: whether the code the person already had was enough (no new code was asked for). */
  sameCode?: boolean
  /** OTP: how many times starting again (after the countdown the flow showed) was refused. */
  refusedRestarts?: number
}

/** One flow, prepared up to the call under test. */
export interface FlowRun {
  /** The call under test, to the end of the sign-in; resolves with its failure, or undefined when signed in. */
  call(): Promise<unknown>
  /** The documented recovery after `error`; it ends signed in, or the run fails. */
  recover(error: unknown): Promise<Recovery>
  /** Keys besides the session's that the documented recovery still needs (an OTP challenge's). */
  neededKeys(): string[]
  /**
   * How many keys the flow keeps for its recovery without naming them: after an OTP send whose answer
   * was lost (`maybeSent`), the key the next start uses again.
   */
  keptKeys?(): number
  /** OTP: the countdown the flow shows (retrySecondsLeft), to compare with the wait the answer announced. */
  countdown?(): number
  /** The session there was before the call (a signed-in action keeps it when it fails). */
  sessionBefore: Session | null
  /** The account the flow signs in to, and the others it touches. */
  identities: Identity[]
  /** A signed-in action: after it (and its recovery) the session is the same user's. */
  keepsUser?: string
  dispose(): void
}

export interface FlowDef {
  name: string
  /** The fault targets its requests reach, in order. */
  steps: MockFaultTarget[]
  /** Passkey sign-up: a failure after the account exists is PASSKEY_SIGNUP_INCOMPLETE. */
  passkeySignup?: boolean
  /** The generation of the OTP endpoints the world's kit speaks (its default when left out). */
  otpProtocol?: 'v1' | 'v2'
  /**
   * Each fault once, at one step (the steps in turn), rather than at every step: where the steps would
   * only repeat what the other flows run.
   */
  eachFaultOnce?: boolean
  /** It signs with the session's key and makes none (a key store that refuses writes does not stop it). */
  makesNoKey?: boolean
  /** Its sign-up gets a wallet (the signed-in actions sign with it). */
  wallet?: boolean
  prepare(world: World, step: MockFaultTarget): Promise<FlowRun>
}
