/** What the toast needs of an outbox message to choose one. */
export interface OutboxEntry {
  otpId: string
}

export interface DismissedCodesState {
  /** False until the first read of the outbox: until then, nothing is known to be new. */
  ready: boolean
  /** Codes not to show: those sent before this page opened, and those closed. */
  ids: ReadonlySet<string>
}

/** Which codes the newest-code toast no longer shows, as a store for `useSyncExternalStore`. */
export interface DismissedCodes {
  getSnapshot(): DismissedCodesState
  subscribe(listener: () => void): () => void
  /**
   * The first read of the outbox: what it holds was sent before this page opened (an earlier tab, test
   * or run on the same dev server), so it is not news. Later calls do nothing.
   */
  noteFirstRead(outbox: readonly OutboxEntry[]): void
  /** Closed by the developer, or used to sign in. */
  dismiss(otpId: string): void
}

export function createDismissedCodes(): DismissedCodes {
  let state: DismissedCodesState = { ready: false, ids: new Set() }
  const listeners = new Set<() => void>()
  const set = (next: DismissedCodesState) => {
    state = next
    for (const listener of listeners) listener()
  }
  return {
    getSnapshot: () => state,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    noteFirstRead(outbox) {
      if (state.ready) return
      set({ ready: true, ids: new Set([...state.ids, ...outbox.map((message) => message.otpId)]) })
    },
    dismiss(otpId) {
      if (state.ids.has(otpId)) return
      set({ ...state, ids: new Set([...state.ids, otpId]) })
    },
  }
}

/**
 * The code to show: the newest in the outbox (which lists the newest first), unless it was dismissed.
 * An older code never comes back when the newest is closed: it was replaced.
 */
export function newestCode<M extends OutboxEntry>(
  outbox: readonly M[] | undefined,
  state: DismissedCodesState,
): M | undefined {
  const newest = outbox?.[0]
  return state.ready && newest && !state.ids.has(newest.otpId) ? newest : undefined
}
