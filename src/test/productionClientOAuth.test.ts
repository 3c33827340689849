// Production's own client (@turnkey/core 1.14) signs up and logs in again with each OAuth provider kind
// against the mock: the OIDC token obtained as production's React kit obtains it (Google and Apple from
// the fragment, Facebook from its token endpoint, X and Discord from oauth2_authenticate), then
// completeOauth, signUpWithOauth and loginWithOauth, every call in production's form.
import { describe, expect, it, onTestFinished } from 'vitest'
import type { MockOAuthProvider } from '../mock/oauthProviders'
import type { MockAuthProxy } from '../mock/types'
import {
  PARENT_ORGANIZATION_ID,
  createProductionMock,
  openProductionClient,
  recordCalls,
  installProductionClient,
  verifySession,
} from './productionClientHarness'
import { productionOidcToken } from './productionOAuth'

let proxy: MockAuthProxy = createProductionMock()
installProductionClient(() => proxy)

/**
 * The calls the provider dance makes through fetch (the consent page is a browser's): the client id from
 * the config, then Facebook's token endpoint, or the proxy's code exchange for X and Discord.
 */
function danceCalls(provider: MockOAuthProvider): string[] {
  if (provider === 'facebook') return ['wallet_kit_config', '/__mock/oauth/facebook/v11.0/oauth/access_token']
  return provider === 'x' || provider === 'discord'
    ? ['wallet_kit_config', 'oauth2_authenticate']
    : ['wallet_kit_config']
}

describe('production client, OAuth per provider kind', () => {
  it.each<MockOAuthProvider>(['google', 'apple', 'facebook', 'x', 'discord'])(
    '%s: signs up with completeOauth, then logs in again with completeOauth into the same organization',
    async (provider) => {
      proxy = createProductionMock()

      const device = await openProductionClient()
      const calls = recordCalls()
      const publicKey = await device.createApiKeyPair()
      const oidcToken = await productionOidcToken(proxy, device, provider, 'Ada Lovelace', publicKey)
      const signedUp = await device.completeOauth({ oidcToken, publicKey, providerName: provider })
      expect(signedUp.action).toBe('SIGNUP')
      expect(calls).toEqual([...danceCalls(provider), 'account', 'signup', 'oauth_login'])
      const first = await verifySession(proxy, signedUp.sessionToken)
      expect(first.public_key).toBe(publicKey)
      expect((await device.getSession())?.publicKey).toBe(publicKey)
      expect(first.organization_id).not.toBe(PARENT_ORGANIZATION_ID)
      expect(proxy.state.users[first.user_id]?.oauthProviders).toEqual([
        expect.objectContaining({ providerName: provider }),
      ])
      const whoami = await device.httpClient.getWhoami({ organizationId: first.organization_id })
      expect(whoami).toMatchObject({ organizationId: first.organization_id, userId: first.user_id })

      const other = await openProductionClient()
      const again = recordCalls()
      const otherKey = await other.createApiKeyPair()
      const otherToken = await productionOidcToken(proxy, other, provider, 'Ada Lovelace', otherKey)
      const loggedIn = await other.completeOauth({ oidcToken: otherToken, publicKey: otherKey, providerName: provider })
      expect(loggedIn.action).toBe('LOGIN')
      expect(again).toEqual([...danceCalls(provider), 'account', 'oauth_login'])
      const second = await verifySession(proxy, loggedIn.sessionToken)
      expect(second.public_key).toBe(otherKey)
      expect(second.organization_id).toBe(first.organization_id)
      expect(second.user_id).toBe(first.user_id)
    },
  )

  it.each<MockOAuthProvider>(['google', 'x'])(
    '%s: signs up with signUpWithOauth and logs in with loginWithOauth, naming the organization',
    async (provider) => {
      proxy = createProductionMock()
      const device = await openProductionClient()
      const publicKey = await device.createApiKeyPair()
      const oidcToken = await productionOidcToken(proxy, device, provider, 'Grace Hopper', publicKey)
      const signedUp = await device.signUpWithOauth({ oidcToken, publicKey, providerName: provider })
      const first = await verifySession(proxy, signedUp.sessionToken)
      expect(first.public_key).toBe(publicKey)

      const other = await openProductionClient()
      const otherKey = await other.createApiKeyPair()
      const otherToken = await productionOidcToken(proxy, other, provider, 'Grace Hopper', otherKey)
      const loggedIn = await other.loginWithOauth({
        oidcToken: otherToken,
        publicKey: otherKey,
        organizationId: first.organization_id,
      })
      const second = await verifySession(proxy, loggedIn.sessionToken)
      expect(second.public_key).toBe(otherKey)
      expect(second.organization_id).toBe(first.organization_id)
      expect(second.user_id).toBe(first.user_id)
    },
  )

  it('refuses to log in with a token bound to another key (the nonce names the key)', async () => {
    proxy = createProductionMock()
    const device = await openProductionClient()
    const publicKey = await device.createApiKeyPair()
    const oidcToken = await productionOidcToken(proxy, device, 'google', 'Ada Lovelace', publicKey)
    await device.completeOauth({ oidcToken, publicKey, providerName: 'google' })

    const thief = await openProductionClient()
    const thiefKey = await thief.createApiKeyPair()
    const refused: unknown = await thief
      .loginWithOauth({ oidcToken, publicKey: thiefKey })
      .catch((error: unknown) => error)
    expect(refused).toMatchObject({ code: 'OAUTH_LOGIN_ERROR' })
    // The proxy's own answer, kept by production's client as the cause, says why.
    expect((refused as Error).cause).toMatchObject({ code: 16, message: expect.stringMatching(/nonce/) })
  })
})

describe('the harness', () => {
  it("leaves a request to another origin to the fetch it found (another file's late webhook retry), unrecorded", async () => {
    const { createServer } = await import('node:http')
    const received: string[] = []
    const server = createServer((request, response) => {
      received.push(request.url ?? '')
      response.end('ok')
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    onTestFinished(() => new Promise<void>((resolve) => server.close(() => resolve())))
    const { port } = server.address() as { port: number }
    const calls = recordCalls()
    const response = await fetch(`http://127.0.0.1:${port}/`, { method: 'POST', body: '{}' })
    expect(await response.text()).toBe('ok')
    expect(received).toEqual(['/'])
    expect(calls).toEqual([])
  })
})
