// What productionReactKit.spec.ts and the page it drives (reactKitHarness.tsx) share: plain types and
// values only, so that the spec can import them without loading the page's React app into Node.

export interface ReactKitPageConfig {
  /** The mock, on another origin than this page: the auth proxy and the public API both. */
  mockUrl: string
  configId: string
  /** The tenant's parent organization. */
  organizationId: string
}

/**
 * What the kit's onAuthenticationSuccess reported, one per sign-in. (Its `identifier` is left out: for a
 * code it is the verification token, not the contact.)
 */
export interface AuthEvent {
  /** AuthAction: 'signup' or 'login'. */
  action: string
  /** AuthMethod: 'otp', 'passkey', 'oauth', 'wallet'. */
  method: string
}

/** The message the signed-in page offers to sign. */
export const MESSAGE_TO_SIGN = 'Sign in to Example at 2030-01-01'

/** Where the OAuth popup comes back to, on the page's origin (the tenant's oauthRedirectUrl). */
export const OAUTH_CALLBACK_PATH = '/oauth/callback'

/** The page's address for `config`: the spec knows the mock's address only once it runs. */
export function pageUrlFor(pageUrl: string, config: ReactKitPageConfig): string {
  const url = new URL(pageUrl)
  for (const [name, value] of Object.entries(config)) url.searchParams.set(name, value)
  return url.href
}

/** The config pageUrlFor put in the page's query. */
export function pageConfigFrom(search: string): ReactKitPageConfig {
  const query = new URLSearchParams(search)
  const read = (name: keyof ReactKitPageConfig): string => {
    const value = query.get(name)
    if (value === null) throw new Error(`the page's query has no ${name}`)
    return value
  }
  return { mockUrl: read('mockUrl'), configId: read('configId'), organizationId: read('organizationId') }
}

/** r, s and v as production answers them (hex, v 00 or 01), as one 65-byte Ethereum signature. */
export function ethereumSignature({ r, s, v }: { r: string; s: string; v: string }): `0x${string}` {
  return `0x${r}${s}${v === '00' ? '1b' : '1c'}`
}
