import type { OAuthPopup } from '../../core'
import type { OAuthWindow } from '../oauthWindow'

export interface FakePopup extends OAuthPopup {
  closed: boolean
  location: { href: string }
  /** How many times the kit closed it. */
  closeCalls: number
}

export interface FakeOAuthWindow extends OAuthWindow {
  location: { href: string; assign(url: string): void }
  history: { state: unknown; replaceState(data: unknown, unused: string, url?: string | null): void }
  name: string
  opener: unknown
  /** Every popup opened, in order. */
  popups: FakePopup[]
  /** URLs given to location.assign (redirects). */
  assigned: string[]
  /** Every history.replaceState call. */
  replaced: Array<{ data: unknown; url: string | null | undefined }>
  /** The newest popup; throws when none was opened. */
  popup(): FakePopup
  addEventListener(type: 'pageshow', listener: (event: { readonly persisted: boolean }) => void): void
  removeEventListener(type: 'pageshow', listener: (event: { readonly persisted: boolean }) => void): void
  /** The page shown again: `persisted` when it comes back from the back-forward cache. */
  showPage(persisted: boolean): void
}

export interface FakeOAuthWindowOptions {
  /** The page's address. */
  href?: string
  /** window.open returns null, as a popup blocker makes it. */
  blockPopups?: boolean
  /** The page is itself a popup (window.name / window.opener). */
  name?: string
  opener?: unknown
}

export const APP_URL = 'https://app.test/login?tab=2'

/**
 * A window for the OAuth flows to drive without a browser: `open` returns a popup whose location the
 * test sets (as the provider's redirect would), `location.assign` records the redirect, and
 * `history.replaceState` records the cleaned address and applies it.
 */
export function fakeOAuthWindow(options: FakeOAuthWindowOptions = {}): FakeOAuthWindow {
  const popups: FakePopup[] = []
  const assigned: string[] = []
  const replaced: FakeOAuthWindow['replaced'] = []
  const pageShowListeners = new Set<(event: { readonly persisted: boolean }) => void>()
  const location = {
    href: options.href ?? APP_URL,
    assign(url: string) {
      assigned.push(url)
    },
  }
  const history = {
    state: { page: 'login' } as unknown,
    replaceState(data: unknown, _unused: string, url?: string | null) {
      replaced.push({ data, url })
      history.state = data
      if (url !== undefined && url !== null) location.href = new URL(url, location.href).href
    },
  }
  return {
    location,
    history,
    name: options.name ?? '',
    opener: options.opener ?? null,
    screenX: 0,
    screenY: 0,
    outerWidth: 1200,
    outerHeight: 800,
    popups,
    assigned,
    replaced,
    open(url: string) {
      if (options.blockPopups) return null
      const popup: FakePopup = {
        closed: false,
        closeCalls: 0,
        location: { href: new URL(url, 'about:blank').href },
        close() {
          popup.closed = true
          popup.closeCalls += 1
        },
      }
      popups.push(popup)
      return popup
    },
    popup() {
      const popup = popups.at(-1)
      if (!popup) throw new Error('no popup was opened')
      return popup
    },
    addEventListener(_type, listener) {
      pageShowListeners.add(listener)
    },
    removeEventListener(_type, listener) {
      pageShowListeners.delete(listener)
    },
    showPage(persisted) {
      for (const listener of pageShowListeners) listener({ persisted })
    },
  }
}
