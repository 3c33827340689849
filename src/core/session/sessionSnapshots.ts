import type { SessionSnapshot } from './sessionStore'

// Shared by the store's shell and its engine, so that both publish the very same objects: a shell
// showing "signed out" is not re-rendered when the engine arrives and says the same.
export const LOADING: SessionSnapshot = Object.freeze({ status: 'loading', session: null, expiresSoon: false })
export const SIGNED_OUT: SessionSnapshot = Object.freeze({ status: 'signedOut', session: null, expiresSoon: false })

// setTimeout's delay is a signed 32-bit integer (about 24.8 days); a longer one fires at once.
// Longer waits are cut to this and re-armed when the timer fires early.
export const MAX_TIMER_DELAY_MS = 2 ** 31 - 1
