// A browser with passkeys, for jsdom (which has no WebAuthn): the mock's software authenticator
// answers the prompts with real credentials the mock verifies, and a test can make the next prompt
// behave as a person would: close it, or take their time.
import type { WebAuthnModule } from '../../core'
import { createSoftAuthenticator, type SoftAuthenticator } from '../../mock/testing/softAuthenticator'

export interface FakePasskeyBrowser {
  /** Give it to the kit (renderWithProxy's or MockProviders' `webauthn`). */
  webauthn: WebAuthnModule
  /** The page's origin: send it as the Origin header (renderWithProxy's `origin`). */
  origin: string
  /** The authenticator behind the prompts, and the credentials it holds. */
  device: SoftAuthenticator
  /** Each prompt opened, in order. */
  prompts: Array<'create' | 'get'>
  /** The account name each passkey creation prompt showed the person (`user.name`), in order. */
  pickerNames: string[]
  /** The next prompt fails as when the person closes it: NotAllowedError. */
  cancelNextPrompt(): void
  /** The next prompt stays open until the returned function is called (then it answers as usual). */
  holdNextPrompt(): () => void
}

export interface FakePasskeyBrowserOptions {
  /** Default the jsdom page's origin. */
  origin?: string
  /** Default true; false answers as a browser without WebAuthn would. */
  supported?: boolean
  /** An authenticator to reuse (a passkey made on "another page" earlier); default a new one. */
  device?: SoftAuthenticator
}

export function fakePasskeyBrowser(options: FakePasskeyBrowserOptions = {}): FakePasskeyBrowser {
  const origin = options.origin ?? globalThis.location.origin
  const device = options.device ?? createSoftAuthenticator({ origin })
  const supported = options.supported ?? true
  const prompts: Array<'create' | 'get'> = []
  const pickerNames: string[] = []
  let next: 'cancel' | Promise<void> | undefined

  async function prompt<T>(kind: 'create' | 'get', answer: () => Promise<T>): Promise<T> {
    prompts.push(kind)
    const behaviour = next
    next = undefined
    if (behaviour === 'cancel')
      throw new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError')
    if (behaviour !== undefined) await behaviour
    return answer()
  }

  const webauthn: WebAuthnModule = {
    browserSupportsWebAuthn: () => supported,
    startRegistration: (registration) => {
      pickerNames.push(registration.optionsJSON.user.name)
      return prompt('create', () => device.webauthn.startRegistration(registration)) as ReturnType<
        WebAuthnModule['startRegistration']
      >
    },
    startAuthentication: (authentication) =>
      prompt('get', () => device.webauthn.startAuthentication(authentication)) as ReturnType<
        WebAuthnModule['startAuthentication']
      >,
  }

  return {
    webauthn,
    origin,
    device,
    prompts,
    pickerNames,
    cancelNextPrompt() {
      next = 'cancel'
    },
    holdNextPrompt() {
      let release = () => {}
      next = new Promise<void>((resolve) => {
        release = resolve
      })
      return release
    },
  }
}
