import type { JSONWebKeySet } from 'jose'
import { describe, expect, it } from 'vitest'
import { setup } from './testing/harness'

async function get(proxy: { handle(request: Request): Promise<Response> }, url: string, init?: RequestInit) {
  const response = await proxy.handle(new Request(url, init))
  const text = await response.text()
  return { response, body: text === '' ? null : (JSON.parse(text) as unknown) }
}

describe("the OIDC providers' published keys", () => {
  it("give Google, Apple and Facebook each their own RS256 public key, none of them the proxy's, to any origin", async () => {
    const { proxy } = setup()
    const kids = new Set<string>()
    for (const provider of ['google', 'apple', 'facebook']) {
      const { response, body } = await get(proxy, `http://mock.test/__mock/oauth/${provider}/jwks.json`, {
        headers: { Origin: 'https://elsewhere.test' },
      })
      expect(response.status).toBe(200)
      expect(response.headers.get('Access-Control-Allow-Origin')).toBe('*')
      const { keys } = body as JSONWebKeySet
      expect(keys).toHaveLength(1)
      expect(keys[0]).toMatchObject({
        kty: 'RSA',
        alg: 'RS256',
        use: 'sig',
        kid: expect.any(String),
        n: expect.any(String),
      })
      expect(keys[0]).not.toHaveProperty('d')
      kids.add(keys[0]?.kid ?? '')
    }
    const proxyKeys = (await get(proxy, 'http://mock.test/.well-known/jwks.json')).body as JSONWebKeySet
    kids.add(proxyKeys.keys[0]?.kid ?? '')
    expect(kids.size).toBe(4)
  })

  it("keep one key per provider for the life of the process, in every instance (as Google's is one for every proxy), while each instance's proxy key is its own", async () => {
    const first = setup().proxy
    const second = setup().proxy
    const jwks = (proxy: typeof first, path: string) => get(proxy, `http://mock.test${path}`).then((r) => r.body)
    const google = await jwks(first, '/__mock/oauth/google/jwks.json')
    expect(await jwks(first, '/__mock/oauth/google/jwks.json')).toEqual(google)
    expect(await jwks(second, '/__mock/oauth/google/jwks.json')).toEqual(google)
    expect(await jwks(second, '/__mock/oauth/apple/jwks.json')).not.toEqual(google)
    expect(await jwks(second, '/.well-known/jwks.json')).not.toEqual(await jwks(first, '/.well-known/jwks.json'))
  })

  it("send X and Discord to the proxy's keys: the proxy issues their tokens", async () => {
    const { proxy } = setup()
    const { response, body } = await get(proxy, 'http://mock.test/__mock/oauth/x/jwks.json')
    expect(response.status).toBe(404)
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe('*')
    expect(body).toEqual({
      code: 5,
      message:
        'x is not an OIDC provider here: the proxy issues its OIDC tokens (oauth2_authenticate), signed by the key at /.well-known/jwks.json',
      details: [],
    })
  })

  it('answer an unknown provider with 404, another method with 405, and a preflight with 204, all to any origin', async () => {
    const { proxy } = setup()
    const unknown = await get(proxy, 'http://mock.test/__mock/oauth/github/jwks.json')
    expect(unknown.response.status).toBe(404)
    expect(unknown.body).toMatchObject({
      message: 'provider: unknown provider "github" (known: google, apple, x, discord, facebook)',
    })
    const post = await get(proxy, 'http://mock.test/__mock/oauth/google/jwks.json', { method: 'POST' })
    expect(post.response.status).toBe(405)
    expect(post.response.headers.get('Allow')).toBe('GET')
    const preflight = await get(proxy, 'http://mock.test/__mock/oauth/google/jwks.json', {
      method: 'OPTIONS',
      headers: { Origin: 'https://elsewhere.test', 'Access-Control-Request-Method': 'GET' },
    })
    expect(preflight.response.status).toBe(204)
    expect(preflight.response.headers.get('Access-Control-Allow-Origin')).toBe('*')
  })
})

describe("the OIDC providers' discovery documents", () => {
  it("name the real issuer and the mock's endpoints, basePath included", async () => {
    const { proxy } = setup({ basePath: '/auth-proxy' })
    const { response, body } = await get(
      proxy,
      'http://localhost:5173/auth-proxy/__mock/oauth/facebook/.well-known/openid-configuration',
    )
    expect(response.status).toBe(200)
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe('*')
    const base = 'http://localhost:5173/auth-proxy/__mock/oauth/facebook'
    expect(body).toMatchObject({
      issuer: 'https://www.facebook.com',
      authorization_endpoint: `${base}/authorize`,
      token_endpoint: `${base}/v11.0/oauth/access_token`,
      jwks_uri: `${base}/jwks.json`,
      response_types_supported: ['code'],
      code_challenge_methods_supported: ['S256'],
      id_token_signing_alg_values_supported: ['RS256'],
    })
  })

  it.each([
    ['google', 'https://accounts.google.com', ['id_token']],
    ['apple', 'https://appleid.apple.com', ['code id_token']],
  ])(
    'for %s name its issuer and its fragment answer, and no token endpoint',
    async (provider, issuer, responseTypes) => {
      const { proxy } = setup()
      const { body } = await get(proxy, `http://mock.test/__mock/oauth/${provider}/.well-known/openid-configuration`)
      expect(body).toMatchObject({
        issuer,
        jwks_uri: `http://mock.test/__mock/oauth/${provider}/jwks.json`,
        response_types_supported: responseTypes,
        response_modes_supported: ['fragment'],
      })
      expect(body).not.toHaveProperty('token_endpoint')
    },
  )
})
