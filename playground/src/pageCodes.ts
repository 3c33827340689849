/** What the toast needs of an outbox message to choose one. */
export interface OutboxEntry {
  otpId: string
}

export interface PageCodesState {
  /** The codes this page asked for (otp_init's answers), oldest first. */
  asked: readonly string[]
  /** The codes not to show again: closed by the developer, or used to sign in. */
  dismissed: ReadonlySet<string>
}

/**
 * The codes this page asked the mock for, and which of them were dismissed, as a store for
 * `useSyncExternalStore`. The mock's outbox holds every tab's and every test's codes; a page shows only
 * its own, so that a code asked for elsewhere never pops up over this page.
 */
export interface PageCodes {
  getSnapshot(): PageCodesState
  subscribe(listener: () => void): () => void
  asked(otpId: string): void
  dismiss(otpId: string): void
}

export function createPageCodes(): PageCodes {
  let state: PageCodesState = { asked: [], dismissed: new Set() }
  const listeners = new Set<() => void>()
  const set = (next: PageCodesState) => {
    state = next
    for (const listener of listeners) listener()
  }
  return {
    getSnapshot: () => state,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    asked(otpId) {
      if (state.asked.includes(otpId)) return
      set({ ...state, asked: [...state.asked, otpId] })
    },
    dismiss(otpId) {
      if (state.dismissed.has(otpId)) return
      set({ ...state, dismissed: new Set([...state.dismissed, otpId]) })
    },
  }
}

/**
 * The code to show: the newest this page asked for that has arrived in the outbox, unless it was
 * dismissed. An older code never comes back when the newest is closed: it was replaced.
 */
export function newestCode<M extends OutboxEntry>(
  outbox: readonly M[] | undefined,
  state: PageCodesState,
): M | undefined {
  // The outbox lists the newest first; the page's newest arrived code is the first of its own.
  const newest = outbox?.find((message) => state.asked.includes(message.otpId))
  return newest && !state.dismissed.has(newest.otpId) ? newest : undefined
}
