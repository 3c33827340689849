import { KitError } from '../errors'
// The one place that names @simplewebauthn/browser at run time. It is imported dynamically so that
// bundlers split it into its own chunk: an app pays for it when a passkey is first used, not on load.

/** The functions of @simplewebauthn/browser the kit calls. Tests inject a fake with this shape. */
export type WebAuthnModule = Pick<
  typeof import('@simplewebauthn/browser'),
  'startRegistration' | 'startAuthentication' | 'browserSupportsWebAuthn'
>

/** The injected module, or @simplewebauthn/browser loaded on first use. */
export async function loadWebAuthn(injected?: WebAuthnModule): Promise<WebAuthnModule> {
  if (injected !== undefined) return injected
  try {
    return await import('@simplewebauthn/browser')
  } catch (cause) {
    // A chunk that fails to load (offline after a deploy, a blocked script) leaves passkeys unusable.
    throw new KitError('PASSKEY_UNSUPPORTED', 'passkeys: @simplewebauthn/browser could not be loaded', { cause })
  }
}

/**
 * Starts loading @simplewebauthn/browser before the person clicks (nothing to do for an injected
 * module). Safari lets a page open the passkey prompt only shortly after a click, so the click should
 * not have to wait for a download first. Never rejects: a failed load is retried, and reported, on use.
 */
export function preloadWebAuthn(injected?: WebAuthnModule): void {
  if (injected === undefined) loadWebAuthn().catch(() => undefined)
}
