import { createStore } from '../core/store'
import type { ReadableStore } from '../core/contracts'

export interface LoginModalSnapshot {
  readonly isOpen: boolean
  /** The host that shows the open modal (a LoginButton, a `<LoginModal />`); null while closed. */
  readonly host: string | null
}

export interface LoginModalStore extends ReadableStore<LoginModalSnapshot> {
  /** Opens the modal in `host`, else in the first host mounted; false when no host is mounted. */
  open(host?: string): boolean
  close(): void
  /** A host (a component that can show the modal) is mounted; returns its unregistration. */
  register(host: string): () => void
}

const CLOSED: LoginModalSnapshot = Object.freeze({ isOpen: false, host: null })

/**
 * Whether the provider's login modal is open, and which host shows it: one per provider, so that
 * useLoginModal() opens the modal that LoginButton (or one `<LoginModal />`) renders. Two buttons on a
 * page share it: a single dialog, in the host that opened it.
 */
export function createLoginModalStore(): LoginModalStore {
  const store = createStore<LoginModalSnapshot>(CLOSED)
  // In mount order: the first is the one useLoginModal().open() uses.
  const hosts: string[] = []
  return {
    getSnapshot: store.getSnapshot,
    subscribe: store.subscribe,
    open(host) {
      const shown = host ?? hosts[0]
      if (shown === undefined) return false
      const current = store.getSnapshot()
      if (!current.isOpen || current.host !== shown) store.setState({ isOpen: true, host: shown })
      return true
    },
    close: () => store.setState(CLOSED),
    register(host) {
      hosts.push(host)
      return () => {
        const index = hosts.indexOf(host)
        if (index !== -1) hosts.splice(index, 1)
        // A modal whose host went away is closed: nothing shows it any more.
        if (store.getSnapshot().host === host) store.setState(CLOSED)
      }
    },
  }
}
