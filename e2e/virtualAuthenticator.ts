/**
 * The playground's address on `localhost` rather than the suite's 127.0.0.1: an IP address is not a
 * valid WebAuthn RP ID in Chromium, while localhost is (and is a secure context over plain http). The
 * mock derives the RP ID from the page's Origin, so it follows.
 */
export function onLocalhost(baseURL: string | undefined, path = '/'): string {
  if (baseURL === undefined) throw new Error('no baseURL: the passkey specs need the playground (playwright.config.ts)')
  const url = new URL(path, baseURL)
  url.hostname = 'localhost'
  return url.href
}

export {
  addVirtualAuthenticator,
  type VirtualAuthenticator,
  type VirtualCredential,
} from '../src/mock/playwright/virtualAuthenticator'
