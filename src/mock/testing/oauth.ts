// The OAuth round trip as a browser and the kit make it, for the mock's tests: PKCE and the nonce are
// computed with node:crypto, independently of the mock's own code, so that a test can catch it wrong.
import { createHash, randomBytes } from 'node:crypto'
import type { OAuth2AuthenticateRequest, SignupResponse, WalletKitConfigResponse } from '../../core/types'
import { DEMO_OAUTH_CLIENT_IDS, wireProviderName, type MockOAuthProvider } from '../oauthProviders'
import type { MockAuthProxy } from '../types'
import { createTestClientKey, type TestClientKey } from './clientKey'
import { call, ok } from './harness'

export const REDIRECT_URI = 'http://app.test/callback'

export interface Pkce {
  verifier: string
  challenge: string
}

export function createPkce(): Pkce {
  const verifier = randomBytes(32).toString('base64url')
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') }
}

/** WIRE.md's nonce: lowercase hex of sha256 over the public key's hex text. */
export function nonceFor(publicKey: string): string {
  return createHash('sha256').update(publicKey, 'utf8').digest('hex')
}

/** A valid authorize query for `provider` at the demo tenant, with `overrides` applied. */
export function authorizeQuery(
  provider: MockOAuthProvider,
  pkce: Pkce,
  nonce: string,
  overrides: Record<string, string> = {},
): Record<string, string> {
  return {
    client_id: DEMO_OAUTH_CLIENT_IDS[provider],
    redirect_uri: REDIRECT_URI,
    response_type: 'code',
    scope: 'openid email',
    state: 'state-123',
    nonce,
    code_challenge: pkce.challenge,
    code_challenge_method: 'S256',
    ...overrides,
  }
}

export interface Page {
  status: number
  html: string
  headers: Headers
}

export async function openAuthorize(
  proxy: MockAuthProxy,
  provider: string,
  query: Record<string, string> | string,
): Promise<Page> {
  const search = typeof query === 'string' ? query : new URLSearchParams(query).toString()
  const response = await proxy.handle(new Request(`http://mock.test/__mock/oauth/${provider}/authorize?${search}`))
  return { status: response.status, html: await response.text(), headers: response.headers }
}

/** Posts the consent form as a browser would: the authorize parameters plus the button pressed. */
export function postConsent(
  proxy: MockAuthProxy,
  provider: string,
  form: Record<string, string> | string,
): Promise<Response> {
  return proxy.handle(
    new Request(`http://mock.test/__mock/oauth/${provider}/consent`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: typeof form === 'string' ? form : new URLSearchParams(form).toString(),
    }),
  )
}

export function subOf(proxy: MockAuthProxy, provider: MockOAuthProvider, name: string): string {
  const identity = proxy.state.oauthIdentities.find((item) => item.provider === provider && item.name === name)
  if (identity === undefined) throw new Error(`no ${provider} identity named ${name}`)
  return identity.sub
}

export interface Authorized {
  provider: MockOAuthProvider
  pkce: Pkce
  nonce: string
  code: string
  key: TestClientKey
  /** The oauth2_authenticate request that redeems the code. */
  exchange: OAuth2AuthenticateRequest
}

/**
 * Consent as `name` with a fresh client key whose nonce the authorize request carries. The client id is
 * the tenant's, read from wallet_kit_config as the kit reads it.
 */
export async function authorize(
  proxy: MockAuthProxy,
  provider: MockOAuthProvider = 'google',
  name = 'Ada Lovelace',
  configId = 'demo',
): Promise<Authorized> {
  const config = await ok<WalletKitConfigResponse>(call(proxy, 'wallet_kit_config', undefined, { configId }))
  const clientId = config.oauthClientIds?.[provider]
  if (clientId === undefined) throw new Error(`config id ${configId} has no ${provider} client id`)
  const key = await createTestClientKey()
  const pkce = createPkce()
  const nonce = nonceFor(key.publicKey)
  const query = authorizeQuery(provider, pkce, nonce, { client_id: clientId })
  const response = await postConsent(proxy, provider, { ...query, identity: subOf(proxy, provider, name) })
  const location = new URL(response.headers.get('Location') ?? '')
  const code = location.searchParams.get('code')
  if (response.status !== 303 || code === null) throw new Error(`consent did not issue a code: ${response.status}`)
  return {
    provider,
    pkce,
    nonce,
    code,
    key,
    exchange: {
      provider: wireProviderName(provider),
      authCode: code,
      redirectUri: REDIRECT_URI,
      codeVerifier: pkce.verifier,
      nonce,
      clientId,
    },
  }
}

export interface SignedInWithProvider extends Authorized {
  oidcToken: string
}

/** authorize + oauth2_authenticate: an OIDC token bound to a fresh client key. */
export async function oidcTokenFor(
  proxy: MockAuthProxy,
  provider: MockOAuthProvider = 'google',
  name = 'Ada Lovelace',
  configId = 'demo',
): Promise<SignedInWithProvider> {
  const authorized = await authorize(proxy, provider, name, configId)
  const { oidcToken } = await ok<{ oidcToken: string }>(
    call(proxy, 'oauth2_authenticate', authorized.exchange, { configId }),
  )
  return { ...authorized, oidcToken }
}

/** The kit's OAuth sign-up: token → signup with the provider (no email, no verification token). */
export async function oauthSignUp(
  proxy: MockAuthProxy,
  provider: MockOAuthProvider = 'google',
  name = 'Ada Lovelace',
): Promise<SignedInWithProvider & SignupResponse> {
  const signedIn = await oidcTokenFor(proxy, provider, name)
  const response = await ok<SignupResponse>(
    call(proxy, 'signup', {
      apiKeys: [],
      authenticators: [],
      oauthProviders: [{ providerName: provider, oidcToken: signedIn.oidcToken }],
    }),
  )
  return { ...signedIn, ...response }
}

export interface ConsentForm {
  action: string
  /** The hidden fields and the pressed button's name and value: what a browser posts. */
  fields: Record<string, string>
  /** The submit button's text. */
  label: string
}

/**
 * The forms of a consent page, read the way a browser submits them. A regular expression is enough for
 * the mock's own, regular markup; a test that needs more belongs in the e2e suite.
 */
export function consentForms(html: string): ConsentForm[] {
  return [...html.matchAll(/<form method="post" action="([^"]*)">(.*?)<\/form>/gs)].map(([, action = '', inner = '']) => {
    const fields: Record<string, string> = {}
    for (const [, name = '', value = ''] of inner.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)) {
      fields[unescape(name)] = unescape(value)
    }
    const button = /<button type="submit" name="([^"]*)" value="([^"]*)"[^>]*>([^<]*)<\/button>/.exec(inner)
    if (button === null) throw new Error('a consent form without a submit button')
    const [, name = '', value = '', label = ''] = button
    fields[unescape(name)] = unescape(value)
    return { action: unescape(action), fields, label: unescape(label) }
  })
}

/** The problem an error page names, unescaped; undefined for a page that is not an error page. */
export function problemOf(html: string): string | undefined {
  const match = /<p class="problem">([^<]*)<\/p>/.exec(html)
  return match?.[1] === undefined ? undefined : unescape(match[1])
}

function unescape(text: string): string {
  return text.replace(/&#(\d+);/g, (_match, code: string) => String.fromCharCode(Number(code)))
}
