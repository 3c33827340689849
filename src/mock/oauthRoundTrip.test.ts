import { createRemoteJWKSet, customFetch, decodeJwt, decodeProtectedHeader, jwtVerify, type JWTPayload } from 'jose'
import { describe, expect, it } from 'vitest'
import type { SessionClaims, SignupResponse } from '../core/types'
import { mockOAuthEndpoints, mockOidcIssuer, mockOidcJwksUrl, type MockOAuthProvider } from './oauthProviders'
import { call, ok, setup } from './testing/harness'
import {
  EVERY_PROVIDER_TENANT,
  REDIRECT_URI,
  authorizeQuery,
  consentForms,
  createPkce,
  nonceFor,
  openAuthorize,
  subOf,
} from './testing/oauth'
import { createTestClientKey } from './testing/clientKey'
import type { MockAuthProxy } from './types'

const PROXY_URL = 'http://mock.test'

/** Verifies a token against the JWKS the mock publishes for its issuer, fetched through the handler. */
async function verifyPublished(proxy: MockAuthProxy, provider: MockOAuthProvider, token: string, now: number) {
  const jwks = createRemoteJWKSet(new URL(mockOidcJwksUrl(PROXY_URL, provider)), {
    [customFetch]: (url: string, init: RequestInit) => proxy.handle(new Request(url, init)),
  })
  return jwtVerify(token, jwks, { issuer: mockOidcIssuer(provider), currentDate: new Date(now) })
}

/**
 * What a browser and the kit do for `provider`, as production does it: the authorize page, "Continue as
 * Ada Lovelace", the answer on the redirect URI, then the OIDC token from where that provider gives it.
 */
async function signInWith(proxy: MockAuthProxy, provider: MockOAuthProvider) {
  const key = await createTestClientKey()
  const nonce = nonceFor(key.publicKey)
  const pkce = createPkce()
  const endpoints = mockOAuthEndpoints(PROXY_URL)
  const query = authorizeQuery(provider, pkce, nonce, { state: `state-${provider}` })
  const page = await openAuthorize(proxy, provider, query)
  expect(page.status).toBe(200)
  const form = consentForms(page.html).find((candidate) => candidate.label === 'Continue as Ada Lovelace')
  if (form === undefined) throw new Error(`no "Continue as Ada Lovelace" on ${provider}'s page`)
  const consent = await proxy.handle(
    new Request(new URL(form.action, endpoints.oauthAuthorizeUrls[provider]), {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form.fields),
    }),
  )
  expect(consent.status).toBe(303)
  const callback = new URL(consent.headers.get('Location') ?? '')
  expect(`${callback.origin}${callback.pathname}`).toBe(REDIRECT_URI)
  let oidcToken: string
  switch (provider) {
    case 'google':
    case 'apple': {
      // In the fragment, never in the query: the id_token must not reach the app's server logs.
      expect(callback.search).toBe('')
      const fragment = new URLSearchParams(callback.hash.slice(1))
      expect(fragment.get('state')).toBe(`state-${provider}`)
      oidcToken = fragment.get('id_token') ?? ''
      break
    }
    case 'facebook': {
      expect(callback.hash).toBe('')
      expect(callback.searchParams.get('state')).toBe(`state-${provider}`)
      const response = await proxy.handle(
        new Request(endpoints.oauthTokenUrls.facebook, {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'http://app.test' },
          body: new URLSearchParams({
            client_id: 'demo-facebook-client',
            redirect_uri: REDIRECT_URI,
            code_verifier: pkce.verifier,
            code: callback.searchParams.get('code') ?? '',
            grant_type: 'authorization_code',
          }),
        }),
      )
      expect(response.status).toBe(200)
      expect(response.headers.get('Access-Control-Allow-Origin')).toBe('*')
      const body = (await response.json()) as Record<string, unknown>
      expect(body).toEqual({
        access_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        token_type: 'bearer',
        expires_in: expect.any(Number),
        id_token: expect.any(String),
      })
      oidcToken = String(body['id_token'])
      break
    }
    case 'x':
    case 'discord': {
      expect(callback.hash).toBe('')
      expect(callback.searchParams.get('state')).toBe(`state-${provider}`)
      const answer = await ok<{ oidcToken: string }>(
        call(proxy, 'oauth2_authenticate', {
          provider: `OAUTH2_PROVIDER_${provider.toUpperCase()}`,
          authCode: callback.searchParams.get('code'),
          redirectUri: REDIRECT_URI,
          codeVerifier: pkce.verifier,
          nonce,
          clientId: `demo-${provider}-client`,
        }),
      )
      oidcToken = answer.oidcToken
      break
    }
  }
  return { key, nonce, oidcToken }
}

/** account → signup when new → oauth_login, as the kit continues with any provider's OIDC token. */
async function continueWithToken(
  proxy: MockAuthProxy,
  provider: MockOAuthProvider,
  oidcToken: string,
  publicKey: string,
) {
  const found = await ok<{ organizationId?: string }>(
    call(proxy, 'account', { filterType: 'OIDC_TOKEN', filterValue: oidcToken }),
  )
  const organizationId =
    found.organizationId ??
    (
      await ok<SignupResponse>(
        call(proxy, 'signup', {
          apiKeys: [],
          authenticators: [],
          oauthProviders: [{ providerName: provider, oidcToken }],
        }),
      )
    ).organizationId
  const { session } = await ok<{ session: string }>(call(proxy, 'oauth_login', { oidcToken, publicKey }))
  return { isNewUser: found.organizationId === undefined, organizationId, claims: decodeJwt<SessionClaims>(session) }
}

describe('OAuth per provider kind, end to end against the handler', () => {
  it.each<[MockOAuthProvider, string]>([
    ['google', "the id_token in the fragment, signed by Google's own key"],
    ['apple', "the id_token in the fragment after Apple's code, signed by Apple's own key"],
    ['facebook', "Facebook's code redeemed at its token endpoint for an id_token signed by Facebook's key"],
    ['x', "X's code exchanged by oauth2_authenticate for a token the proxy signs"],
    ['discord', "Discord's code exchanged by oauth2_authenticate for a token the proxy signs"],
  ])('%s: %s; signs up, then logs the same person in again', async (provider) => {
    const { proxy, clock } = setup({ tenants: [EVERY_PROVIDER_TENANT] })

    const first = await signInWith(proxy, provider)
    const { payload, protectedHeader } = await verifyPublished(proxy, provider, first.oidcToken, clock.now())
    const now = Math.floor(clock.now() / 1000)
    const sub = subOf(proxy, provider, 'Ada Lovelace')
    expect(payload).toEqual<JWTPayload>({
      iss: mockOidcIssuer(provider),
      sub: provider === 'x' || provider === 'discord' ? `${provider}:${sub}` : sub,
      aud: `demo-${provider}-client`,
      iat: now,
      exp: now + 600,
      nonce: first.nonce,
      email: 'ada@example.com',
      email_verified: true,
      jti: expect.stringMatching(/^[0-9a-f-]{36}$/),
    })
    expect(protectedHeader.alg).toBe(provider === 'x' || provider === 'discord' ? 'ES256' : 'RS256')
    const signedUp = await continueWithToken(proxy, provider, first.oidcToken, first.key.publicKey)
    expect(signedUp.isNewUser).toBe(true)
    expect(signedUp.claims).toMatchObject({ public_key: first.key.publicKey, organization_id: signedUp.organizationId })

    const second = await signInWith(proxy, provider)
    const loggedIn = await continueWithToken(proxy, provider, second.oidcToken, second.key.publicKey)
    expect(loggedIn.isNewUser).toBe(false)
    expect(loggedIn.organizationId).toBe(signedUp.organizationId)
    expect(loggedIn.claims.user_id).toBe(signedUp.claims.user_id)
    expect(loggedIn.claims.public_key).toBe(second.key.publicKey)
    expect(Object.keys(proxy.state.users)).toHaveLength(1)
  })

  it('gives each OIDC provider its own key, none of them the proxy key', async () => {
    const { proxy } = setup({ tenants: [EVERY_PROVIDER_TENANT] })
    const kids = new Set<string | undefined>()
    for (const provider of ['google', 'apple', 'facebook', 'x'] as const) {
      const { oidcToken } = await signInWith(proxy, provider)
      kids.add(decodeProtectedHeader(oidcToken).kid)
    }
    expect(kids.size).toBe(4)
  })

  it('keeps an X and a Discord identity of the same person apart', async () => {
    const { proxy } = setup({ tenants: [EVERY_PROVIDER_TENANT] })
    const x = await signInWith(proxy, 'x')
    const xAccount = await continueWithToken(proxy, 'x', x.oidcToken, x.key.publicKey)
    const discord = await signInWith(proxy, 'discord')
    const discordAccount = await continueWithToken(proxy, 'discord', discord.oidcToken, discord.key.publicKey)
    expect(discordAccount.isNewUser).toBe(true)
    expect(discordAccount.organizationId).not.toBe(xAccount.organizationId)
  })
})
