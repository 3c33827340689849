import type { WebAuthnModule } from './webAuthnModule'

/**
 * Whether passkeys can be offered here: the injected module's answer, else whether the page has
 * WebAuthn (`PublicKeyCredential`), the same test @simplewebauthn/browser makes, without loading it:
 * a UI asks before the first click, and a button that can only fail should not be shown.
 */
export function passkeysSupported(webauthn?: WebAuthnModule): boolean {
  if (webauthn !== undefined) return webauthn.browserSupportsWebAuthn()
  return typeof (globalThis as { PublicKeyCredential?: unknown }).PublicKeyCredential === 'function'
}
