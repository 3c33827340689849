// A virtual WebAuthn authenticator in Chromium (the DevTools WebAuthn domain), for passkey tests: the
// kit's own e2e suite and auth-proxy-kit/mock/playwright's `webauthn` fixture.
import { generateKeyPairSync, randomBytes } from 'node:crypto'
import type { CDPSession, Page } from '@playwright/test'

export interface VirtualCredential {
  credentialId: string
  rpId?: string | undefined
  isResidentCredential: boolean
  signCount: number
  /** The WebAuthn user.name the site gave: what the person's passkey list shows (recent Chromium reports it). */
  userName?: string | undefined
}

export interface VirtualAuthenticator {
  cdp: CDPSession
  authenticatorId: string
  /** The passkeys it holds, as Chromium reports them. */
  credentials(): Promise<VirtualCredential[]>
  /**
   * false: the next prompts fail at once with NotAllowedError, as when the person cancels the
   * fingerprint or PIN check (without it, an unanswered prompt would wait out its whole timeout).
   */
  setUserVerified(verified: boolean): Promise<void>
  /** Puts a passkey for `rpId` in it that no proxy has ever registered. */
  addUnknownPasskey(rpId: string): Promise<void>
}

/**
 * A platform authenticator (CTAP2, internal, resident keys, user verification) attached to the page
 * through the DevTools WebAuthn domain: Chromium's own WebAuthn code runs, only the device is virtual.
 * Each call to the page's credentials API is answered at once (presence is simulated).
 */
export async function addVirtualAuthenticator(page: Page): Promise<VirtualAuthenticator> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('WebAuthn.enable')
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  })
  return {
    cdp,
    authenticatorId,
    async credentials() {
      const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId })
      return credentials
    },
    async setUserVerified(isUserVerified) {
      await cdp.send('WebAuthn.setUserVerified', { authenticatorId, isUserVerified })
    },
    async addUnknownPasskey(rpId) {
      const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
      await cdp.send('WebAuthn.addCredential', {
        authenticatorId,
        credential: {
          credentialId: randomBytes(16).toString('base64'),
          isResidentCredential: true,
          rpId,
          privateKey: privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64'),
          userHandle: randomBytes(16).toString('base64'),
          signCount: 0,
        },
      })
    },
  }
}
