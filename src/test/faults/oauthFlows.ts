// Sign-in with an OAuth provider that the proxy's oauth2_authenticate serves (X, Discord): core's
// redirect and popup flows, the person consenting on the mock's page as one of its test identities.
import { completeOAuth, oauthPopupLogin, oauthRedirectLogin } from '../../core/oauth/oauthActions'
import type { OAuthProviderName } from '../../core/oauth/providers'
import { fakeStorage } from '../../core/test/fakes'
import { pressOnConsentPage } from '../../mock/testing/oauth'
import { isOidcProvider, type MockOAuthProvider } from '../../mock/oauthProviders'
import type { FlowDef } from './flow'
import type { World } from './world'

const OAUTH_PERSON = 'Ada Lovelace'

/**
 * A person on the mock's consent page, continuing as `person`; the answer's id_token (Google's and
 * Apple's, in the fragment) as the world's provider fault changes it, once.
 */
async function consent(world: World, authorizeUrl: string, person: string): Promise<string> {
  const callbackUrl = await pressOnConsentPage(world.mock, authorizeUrl, `Continue as ${person}`)
  const change = world.provider.idToken
  if (change === undefined) return callbackUrl
  const url = new URL(callbackUrl)
  const fragment = new URLSearchParams(url.hash.slice(1))
  const idToken = fragment.get('id_token')
  if (idToken === null) return callbackUrl
  world.provider.idToken = undefined
  fragment.set('id_token', change(idToken))
  url.hash = fragment.toString()
  return url.href
}

export async function signInWithRedirect(world: World, provider: OAuthProviderName): Promise<void> {
  let authorizeUrl = ''
  const page = { location: { assign: (url: string) => void (authorizeUrl = url) } }
  await oauthRedirectLogin(world.kit, page, { provider, flowStorage: fakeStorage() })
  // The provider sends the browser back to a new page, which completes the redirect sign-in.
  const callbackUrl = await consent(world, authorizeUrl, OAUTH_PERSON)
  await completeOAuth(world.kit, { callbackUrl, mode: 'redirect' })
}

/** A popup window: cross-origin (unreadable) while on the provider, then back on the redirect URI. */
function fakePopup(world: World) {
  let href = 'about:blank'
  let away = false
  let closed = false
  return {
    get closed() {
      return closed
    },
    close() {
      closed = true
    },
    location: {
      get href(): string {
        if (away) throw new DOMException('Blocked a frame from accessing a cross-origin frame', 'SecurityError')
        return href
      },
      set href(url: string) {
        away = true
        void consent(world, url, OAUTH_PERSON).then(
          (callbackUrl) => {
            href = callbackUrl
            away = false
          },
          () => {
            closed = true
          },
        )
      },
    },
  }
}

async function signInWithPopup(world: World, provider: OAuthProviderName): Promise<void> {
  await oauthPopupLogin(world.kit, fakePopup(world), { provider, pollMs: 2 })
}

/**
 * X and Discord: the proxy redeems their code (oauth2_authenticate). Google, Apple and Facebook issue
 * their own id_token, which the kit sends on; `eachFaultOnce` where the proxy's steps would only repeat
 * another provider's runs.
 */
export function oauthFlowDef(
  name: string,
  mode: 'redirect' | 'popup',
  provider: MockOAuthProvider,
  eachFaultOnce = false,
): FlowDef {
  const signIn = mode === 'redirect' ? signInWithRedirect : signInWithPopup
  return {
    name,
    eachFaultOnce,
    steps: [
      ...(isOidcProvider(provider) ? [] : (['oauth2_authenticate'] as const)),
      'account',
      'signup_v2',
      'submit/stamp_login',
    ],
    async prepare(world) {
      return {
        call: () =>
          signIn(world, provider).then(
            () => undefined,
            (error: unknown) => error,
          ),
        async recover() {
          // Start again.
          await signIn(world, provider)
          return {}
        },
        neededKeys: () => [],
        sessionBefore: null,
        identities: [{ kind: 'oauth', provider, name: OAUTH_PERSON }],
        dispose: () => undefined,
      }
    },
  }
}
