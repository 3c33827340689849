// The OAuth round trip as a browser and the kit make it, for the mock's tests, per provider kind: Google's
// and Apple's id_token from the fragment, Facebook's code redeemed at its token endpoint, X's and
// Discord's code exchanged by oauth2_authenticate. PKCE and the nonce are computed with node:crypto,
// independently of the mock's own code, so that a test can catch it wrong.
import { createHash, randomBytes } from 'node:crypto'
import type { OAuth2AuthenticateRequest, SignupResponse, WalletKitConfigResponse } from '../../core/types'
import {
  DEMO_OAUTH_CLIENT_IDS,
  MOCK_OAUTH_PROVIDERS,
  wireProviderName,
  type CodeExchangeProvider,
  type MockOAuthProvider,
} from '../oauthProviders'
import { DEMO_ORGANIZATION_ID } from '../tenants'
import type { MockAuthProxy, MockTenant } from '../types'
import { createTestClientKey, type TestClientKey } from './clientKey'
import { call, ok } from './harness'

export const REDIRECT_URI = 'http://app.test/callback'

/** The demo tenant with every provider enabled (the demo itself enables Google and Apple only). */
export const EVERY_PROVIDER_TENANT: MockTenant = {
  configId: 'demo',
  organizationId: DEMO_ORGANIZATION_ID,
  enabledProviders: ['email', ...MOCK_OAUTH_PROVIDERS],
  oauthClientIds: { ...DEMO_OAUTH_CLIENT_IDS },
}

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

/**
 * The authorize query production's kit sends to `provider` (react-wallet-kit utils/oauth/config and
 * url), at the demo tenant, with `overrides` applied; an override of '' leaves the parameter out.
 */
export function authorizeQuery(
  provider: MockOAuthProvider,
  pkce: Pkce,
  nonce: string,
  overrides: Record<string, string> = {},
): Record<string, string> {
  const common = { client_id: DEMO_OAUTH_CLIENT_IDS[provider], redirect_uri: REDIRECT_URI, state: 'state-123' }
  const pkceParameters = { code_challenge: pkce.challenge, code_challenge_method: 'S256' }
  const byProvider: Record<MockOAuthProvider, Record<string, string>> = {
    google: { ...common, response_type: 'id_token', scope: 'openid email profile', nonce, prompt: 'select_account' },
    apple: { ...common, response_type: 'code id_token', response_mode: 'fragment', nonce },
    facebook: { ...common, response_type: 'code', scope: 'openid', nonce, ...pkceParameters },
    x: { ...common, response_type: 'code', scope: 'tweet.read users.read', ...pkceParameters },
    discord: { ...common, response_type: 'code', scope: 'identify email', ...pkceParameters },
  }
  const query: Record<string, string> = { ...byProvider[provider], ...overrides }
  for (const [name, value] of Object.entries(query)) if (value === '') delete query[name]
  return query
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

/**
 * A person on the consent page of a kit's sign-in: loads `authorizeUrl`, presses the button labelled
 * `choice` ("Continue as Ada Lovelace", "Cancel") and answers where the page sends them back.
 */
export async function pressOnConsentPage(proxy: MockAuthProxy, authorizeUrl: string, choice: string): Promise<string> {
  const page = await proxy.handle(new Request(authorizeUrl))
  const html = await page.text()
  if (page.status !== 200) throw new Error(`the consent page answered ${page.status}: ${html}`)
  const form = consentForms(html).find((candidate) => candidate.label === choice)
  if (form === undefined) throw new Error(`the consent page has no button "${choice}"`)
  const answer = await proxy.handle(
    new Request(new URL(form.action, authorizeUrl), {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form.fields),
    }),
  )
  const location = answer.headers.get('Location')
  if (answer.status !== 303 || location === null)
    throw new Error(`consent answered ${answer.status} without a redirect`)
  return location
}

export function subOf(proxy: MockAuthProxy, provider: MockOAuthProvider, name: string): string {
  const identity = proxy.state.oauthIdentities.find((item) => item.provider === provider && item.name === name)
  if (identity === undefined) throw new Error(`no ${provider} identity named ${name}`)
  return identity.sub
}

/** Where a 303 from the consent endpoint sends the browser, and the answer it carries. */
export interface ProviderAnswer {
  location: URL
  /** The answer's parameters: the fragment's when there is one, else the query's. */
  params: URLSearchParams
  place: 'fragment' | 'query'
}

export function answerOf(response: Response): ProviderAnswer {
  const header = response.headers.get('Location')
  if (response.status !== 303 || header === null) throw new Error(`consent did not redirect: ${response.status}`)
  const location = new URL(header)
  return location.hash === ''
    ? { location, params: location.searchParams, place: 'query' }
    : { location, params: new URLSearchParams(location.hash.slice(1)), place: 'fragment' }
}

export interface Consented {
  provider: MockOAuthProvider
  key: TestClientKey
  pkce: Pkce
  nonce: string
  clientId: string
  answer: ProviderAnswer
}

/**
 * Consent as `name` with a fresh client key whose nonce the authorize request carries (for the
 * providers that take one). The client id is the tenant's, read from wallet_kit_config as the kit reads it.
 */
export async function consentAs(
  proxy: MockAuthProxy,
  provider: MockOAuthProvider = 'google',
  name = 'Ada Lovelace',
  configId = 'demo',
): Promise<Consented> {
  const config = await ok<WalletKitConfigResponse>(call(proxy, 'wallet_kit_config', undefined, { configId }))
  const clientId = config.oauthClientIds?.[provider]
  if (clientId === undefined) throw new Error(`config id ${configId} has no ${provider} client id`)
  const key = await createTestClientKey()
  const pkce = createPkce()
  const nonce = nonceFor(key.publicKey)
  const query = authorizeQuery(provider, pkce, nonce, { client_id: clientId })
  const response = await postConsent(proxy, provider, { ...query, identity: subOf(proxy, provider, name) })
  return { provider, key, pkce, nonce, clientId, answer: answerOf(response) }
}

export interface Authorized extends Consented {
  provider: CodeExchangeProvider
  code: string
  /** The oauth2_authenticate request that redeems the code. */
  exchange: OAuth2AuthenticateRequest
}

/** consentAs for X or Discord, with the oauth2_authenticate request that redeems the code. */
export async function authorize(
  proxy: MockAuthProxy,
  provider: CodeExchangeProvider = 'x',
  name = 'Ada Lovelace',
  configId = 'demo',
): Promise<Authorized> {
  const consented = await consentAs(proxy, provider, name, configId)
  const code = consented.answer.params.get('code')
  if (code === null) throw new Error(`consent did not issue a code: ${consented.answer.location.href}`)
  return {
    ...consented,
    provider,
    code,
    exchange: {
      provider: wireProviderName(provider),
      authCode: code,
      redirectUri: REDIRECT_URI,
      codeVerifier: consented.pkce.verifier,
      nonce: consented.nonce,
      clientId: consented.clientId,
    },
  }
}

export const FACEBOOK_TOKEN_URL = 'http://mock.test/__mock/oauth/facebook/v11.0/oauth/access_token'

/** Facebook's token request as production's exchangeFacebookCodeForToken sends it. */
export function facebookTokenRequest(form: Record<string, string>, origin = 'http://app.test'): Request {
  return new Request(FACEBOOK_TOKEN_URL, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: origin },
    body: new URLSearchParams(form).toString(),
  })
}

/** The form that redeems the code of a Facebook consent. */
export function facebookTokenForm(consented: Consented): Record<string, string> {
  return {
    client_id: consented.clientId,
    redirect_uri: REDIRECT_URI,
    code_verifier: consented.pkce.verifier,
    code: consented.answer.params.get('code') ?? '',
    grant_type: 'authorization_code',
  }
}

export interface SignedInWithProvider extends Consented {
  oidcToken: string
}

/**
 * The OIDC token of a sign-in as `name`, obtained the way production does for the provider: the
 * fragment's id_token (Google, Apple), Facebook's token endpoint, or oauth2_authenticate (X, Discord).
 */
export async function oidcTokenFor(
  proxy: MockAuthProxy,
  provider: MockOAuthProvider = 'google',
  name = 'Ada Lovelace',
  configId = 'demo',
): Promise<SignedInWithProvider> {
  if (provider === 'x' || provider === 'discord') {
    const authorized = await authorize(proxy, provider, name, configId)
    const { oidcToken } = await ok<{ oidcToken: string }>(
      call(proxy, 'oauth2_authenticate', authorized.exchange, { configId }),
    )
    return { ...authorized, oidcToken }
  }
  const consented = await consentAs(proxy, provider, name, configId)
  if (provider === 'facebook') {
    const response = await proxy.handle(facebookTokenRequest(facebookTokenForm(consented)))
    const body = (await response.json()) as { id_token?: string }
    if (response.status !== 200 || body.id_token === undefined) {
      throw new Error(`Facebook's token endpoint answered ${response.status}: ${JSON.stringify(body)}`)
    }
    return { ...consented, oidcToken: body.id_token }
  }
  const idToken = consented.answer.params.get('id_token')
  if (idToken === null) throw new Error(`no id_token in ${consented.answer.location.href}`)
  return { ...consented, oidcToken: idToken }
}

/** The kit's OAuth sign-up: token → signup with the provider (no email, no verification token). */
export async function oauthSignUp(
  proxy: MockAuthProxy,
  provider: MockOAuthProvider = 'google',
  name = 'Ada Lovelace',
  configId = 'demo',
): Promise<SignedInWithProvider & SignupResponse> {
  const signedIn = await oidcTokenFor(proxy, provider, name, configId)
  const response = await ok<SignupResponse>(
    call(
      proxy,
      'signup',
      { apiKeys: [], authenticators: [], oauthProviders: [{ providerName: provider, oidcToken: signedIn.oidcToken }] },
      { configId },
    ),
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
  return [...html.matchAll(/<form method="post" action="([^"]*)">(.*?)<\/form>/gs)].map(
    ([, action = '', inner = '']) => {
      const fields: Record<string, string> = {}
      for (const [, name = '', value = ''] of inner.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)) {
        fields[unescape(name)] = unescape(value)
      }
      const button = /<button type="submit" name="([^"]*)" value="([^"]*)"[^>]*>([^<]*)<\/button>/.exec(inner)
      if (button === null) throw new Error('a consent form without a submit button')
      const [, name = '', value = '', label = ''] = button
      fields[unescape(name)] = unescape(value)
      return { action: unescape(action), fields, label: unescape(label) }
    },
  )
}

/** The problem an error page names, unescaped; undefined for a page that is not an error page. */
export function problemOf(html: string): string | undefined {
  const match = /<p class="problem">([^<]*)<\/p>/.exec(html)
  return match?.[1] === undefined ? undefined : unescape(match[1])
}

function unescape(text: string): string {
  return text.replace(/&#(\d+);/g, (_match, code: string) => String.fromCharCode(Number(code)))
}
