import type { OAuthPopupOpener } from './popup'

/**
 * The parts of the browser window the OAuth flows touch: `open` (the popup), `location` (the redirect
 * and the callback URL), `history` (cleaning the callback URL), and `name`/`opener` (telling the
 * sign-in popup from a page, with the pending sign-in's mode: oauthAnswerOwner). `window` fits; tests
 * and stories inject a fake.
 */
export interface OAuthWindow extends OAuthPopupOpener {
  readonly location: { readonly href: string; assign(url: string): void; replace?: ((url: string) => void) | undefined }
  readonly history: { readonly state: unknown; replaceState(data: unknown, unused: string, url?: string | null): void }
  readonly name?: string | undefined
  readonly opener?: unknown
  /** `pageshow`: a page left for the provider can come back from the back-forward cache, as it was. */
  addEventListener?:
    ((type: 'pageshow', listener: (event: { readonly persisted: boolean }) => void) => void) | undefined
  removeEventListener?:
    ((type: 'pageshow', listener: (event: { readonly persisted: boolean }) => void) => void) | undefined
}

/**
 * A cheap first look at the page's address: a `state` with a `code`, an `id_token` (Google's and
 * Apple's fragment answers) or an `error`, in the query or the fragment. Only such a page loads the
 * code that checks it properly (oauthRedirect's handle).
 */
export function mayBeOAuthCallback(href: string): boolean {
  return /[?#&]state=/.test(href) && /[?#&](code|id_token|error)=/.test(href)
}
