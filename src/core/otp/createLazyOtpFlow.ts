// The OTP flow's code is a chunk fetched on first use, yet a component reads the flow from its first
// render. This store stands for the flow until its code is here, so that nothing above it needs to know
// what has loaded: it shows the idle snapshot, a verb fetches the code and then acts, and a failure to
// fetch is the flow's error. The chunk is given to it (src/chunks.ts names it): core imports none.
import type { Store } from '../contracts'
import type { Kit } from '../createKit'
import { isKitError, KitError } from '../errors'
import type { LazyModule } from '../lazyModule'
import { createStore } from '../store'
import type { createOtpFlow, CreateOtpFlowOptions, OtpFlow } from './createOtpFlow'
import { OTP_FLOW_IDLE, type OtpFlowChallenge, type OtpFlowChallengeFor, type OtpFlowSnapshot } from './otpFlowSnapshot'

/** What the flow's chunk must hold. */
export interface OtpFlowModule {
  createOtpFlow: typeof createOtpFlow
}

/** Where the flow's code comes from, and when it is fetched ahead of a verb. */
export interface OtpFlowCode {
  /** The module holding createOtpFlow, fetched once and kept. */
  module: LazyModule<OtpFlowModule>
  /**
   * Starts fetching the module ahead of use once someone subscribes (the kit's: when the browser is
   * idle); returns the cancel, called when the last subscriber leaves. Left out: the first verb fetches it.
   */
  prefetch?: (() => () => void) | undefined
}

/**
 * An OTP flow store (createOtpFlow's) whose code may not be here yet. Until it is, the snapshot is
 * OTP_FLOW_IDLE, or the failure to fetch it (LOAD_FAILED) after a verb; a verb fetches the code, makes
 * the flow, then acts, and the next verb after a failure fetches again. The flow is made as soon as its
 * code is here and someone subscribes (it reads the storage then: a code on its way before a reload
 * shows again), or by a verb; never at creation, so that a server render or a render React throws away
 * touches nothing.
 *
 * `destroy()` destroys the flow made so far and drops the verbs still waiting for the code: nothing
 * is made, sent or stored for them. The store may be used again after it, from what storage holds, as
 * a component remounted by React's StrictMode uses it.
 */
export function createLazyOtpFlow<T extends OtpFlowChallenge['otpType']>(
  code: OtpFlowCode,
  kit: Kit,
  options: CreateOtpFlowOptions<T>,
): OtpFlow<OtpFlowChallengeFor<T>> {
  type C = OtpFlowChallengeFor<T>
  // Before the flow exists: idle, or the last failure to fetch its code. After, while someone listens:
  // the flow's snapshot, copied so that the listeners hear of each change.
  const shown = createStore<OtpFlowSnapshot<C>>(OTP_FLOW_IDLE)
  let flow: OtpFlow<C> | undefined
  let listeners = 0
  let stopListening: (() => void) | undefined
  // Bumped by destroy(): what waited for the code across it does nothing, and unsubscribes from before
  // it count for nothing.
  let lifetime = 0

  /** While someone listens: the flow's changes, or, before it exists, its code's arrival (fetched ahead). */
  const listen = (): (() => void) => {
    const available = code.module.getSnapshot()
    if (flow === undefined && available.status === 'loaded') flow = available.module.createOtpFlow(kit, options)
    return flow === undefined ? awaitCode(code, relisten) : mirror(flow, shown)
  }

  function relisten(): void {
    stopListening?.()
    stopListening = listeners > 0 ? listen() : undefined
  }

  /** Runs a verb on the flow, made first once its code is here. */
  const withFlow = async (act: (flow: OtpFlow<C>) => Promise<void> | void): Promise<void> => {
    if (flow !== undefined) return act(flow)
    const life = lifetime
    const module = await loadCode(code, shown, () => life === lifetime)
    if (module === undefined || life !== lifetime) return
    // A listener may have made it already, on the code's arrival.
    return act(flow ?? make(module))
  }

  /** The flow, made by a verb: its listeners, if any, listen to it from now on. */
  const make = (module: OtpFlowModule): OtpFlow<C> => {
    const made = module.createOtpFlow(kit, options)
    flow = made
    relisten()
    return made
  }

  return {
    getSnapshot: () => (flow === undefined ? shown.getSnapshot() : flow.getSnapshot()),
    subscribe(listener) {
      const unsubscribe = shown.subscribe(listener)
      const life = lifetime
      listeners += 1
      if (listeners === 1) relisten()
      let subscribed = true
      return () => {
        unsubscribe()
        if (!subscribed || life !== lifetime) return
        subscribed = false
        listeners -= 1
        if (listeners === 0) relisten()
      }
    },
    start: (contact, callOptions) => withFlow((current) => current.start(contact, callOptions)),
    verify: (otpCode) => withFlow((current) => current.verify(otpCode)),
    resend: (options) => withFlow((current) => current.resend(options)),
    reset: () => void withFlow((current) => current.reset()),
    back: () => void withFlow((current) => current.back()),
    destroy() {
      lifetime += 1
      listeners = 0
      stopListening?.()
      stopListening = undefined
      shown.clear()
      flow?.destroy()
      flow = undefined
      shown.setState(OTP_FLOW_IDLE)
    },
  }
}

/**
 * The flow's code, fetched (again, after a failure: that failure is no longer what happened last), or
 * undefined once `shown` says why it could not be, unless the store has moved on (`current()` false).
 */
async function loadCode<C extends OtpFlowChallenge>(
  code: OtpFlowCode,
  shown: Store<OtpFlowSnapshot<C>>,
  current: () => boolean,
): Promise<OtpFlowModule | undefined> {
  shown.setState(OTP_FLOW_IDLE)
  try {
    return await code.module.load()
  } catch (error) {
    if (current()) shown.setState({ ...OTP_FLOW_IDLE, error: loadFailure(error) })
    return undefined
  }
}

/** Copies the flow's every snapshot to `shown`, the current one first; returns the unsubscribe. */
function mirror<C extends OtpFlowChallenge>(flow: OtpFlow<C>, shown: Store<OtpFlowSnapshot<C>>): () => void {
  const copy = () => shown.setState(flow.getSnapshot())
  const unsubscribe = flow.subscribe(copy)
  copy()
  return unsubscribe
}

/** Calls `loaded` once the flow's code is here, fetching it ahead if the code says how; returns the cancel. */
function awaitCode(code: OtpFlowCode, loaded: () => void): () => void {
  const stopWatching = code.module.subscribe(() => {
    if (code.module.getSnapshot().status === 'loaded') loaded()
  })
  const cancelPrefetch = code.prefetch?.()
  return () => {
    stopWatching()
    cancelPrefetch?.()
  }
}

/** LazyModule rejects with LOAD_FAILED; anything else is given that code too (it is why nothing ran). */
function loadFailure(error: unknown): KitError {
  if (isKitError(error)) return error
  return new KitError('LOAD_FAILED', `createLazyOtpFlow: the flow's code could not be loaded (${String(error)})`, {
    cause: error,
  })
}
