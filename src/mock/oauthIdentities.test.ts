import { describe, expect, it } from 'vitest'
import { createMockAuthProxy } from './handler'
import { setup, snapshot } from './testing/harness'

async function postIdentity(proxy: ReturnType<typeof createMockAuthProxy>, body: string, origin?: string) {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' }
  if (origin !== undefined) headers['Origin'] = origin
  const response = await proxy.handle(
    new Request('http://mock.test/__mock/oauth/identities', { method: 'POST', headers, body }),
  )
  return { status: response.status, body: (await response.json()) as unknown, headers: response.headers }
}

describe('OAuth test identities', () => {
  it('start with Ada and Grace at every provider, and an identity without email at X', () => {
    const { proxy } = setup()
    const google = proxy.state.oauthIdentities.filter((identity) => identity.provider === 'google')
    expect(google.map(({ name, email }) => ({ name, email }))).toEqual([
      { name: 'Ada Lovelace', email: 'ada@example.com' },
      { name: 'Grace Hopper', email: 'grace@example.com' },
    ])
    const x = proxy.state.oauthIdentities.filter((identity) => identity.provider === 'x')
    expect(x.map((identity) => identity.name)).toEqual(['Ada Lovelace', 'Grace Hopper', 'Alan Turing'])
    expect(x[2]).not.toHaveProperty('email')
  })

  it('have a sub that is stable across instances and differs between providers', () => {
    const a = createMockAuthProxy().state.oauthIdentities
    const b = createMockAuthProxy().state.oauthIdentities
    expect(a.map((identity) => identity.sub)).toEqual(b.map((identity) => identity.sub))
    const ada = a.filter((identity) => identity.name === 'Ada Lovelace').map((identity) => identity.sub)
    expect(new Set(ada).size).toBe(5)
  })

  it('can be added at one provider or at all of them with addOAuthIdentity', () => {
    const { proxy } = setup()
    const [bob] = proxy.addOAuthIdentity({ provider: 'discord', name: 'Bob', email: 'Bob@Example.com', sub: 'bob-1' })
    expect(bob).toEqual({ provider: 'discord', sub: 'bob-1', name: 'Bob', email: 'bob@example.com' })
    const everywhere = proxy.addOAuthIdentity({ name: 'Katherine Johnson' })
    expect(everywhere.map((identity) => identity.provider)).toEqual(['google', 'apple', 'x', 'discord', 'facebook'])
    expect(everywhere.every((identity) => identity.email === undefined)).toBe(true)
    expect(proxy.state.oauthIdentities).toContainEqual(bob)
    // Derived like the defaults: the same person gets the same sub in another instance.
    expect(createMockAuthProxy().addOAuthIdentity({ name: 'Katherine Johnson' })).toEqual(everywhere)
  })

  it('refuses bad input or a taken sub with a TypeError naming the field, adding nothing', () => {
    const { proxy } = setup()
    const before = snapshot(proxy)
    expect(() => proxy.addOAuthIdentity({ name: '' })).toThrow(
      new TypeError('addOAuthIdentity: name: expected a non-empty string, got an empty string'),
    )
    expect(() => proxy.addOAuthIdentity({ name: 'Eve', email: 'eve' })).toThrow(
      /^addOAuthIdentity: email: expected an email address/,
    )
    expect(() => proxy.addOAuthIdentity({ name: 'Eve', sub: 'has space' })).toThrow(
      /^addOAuthIdentity: sub: expected 1 to 255 printable ASCII/,
    )
    expect(() => proxy.addOAuthIdentity({ provider: 'github' as 'google', name: 'Eve' })).toThrow(
      'addOAuthIdentity: provider: expected one of google, apple, x, discord, facebook, got "github"',
    )
    // Ada exists at google already, so adding her everywhere adds her nowhere.
    expect(() => proxy.addOAuthIdentity({ name: 'Ada Lovelace', email: 'ada@example.com' })).toThrow(
      /^addOAuthIdentity: sub: google already has an identity with sub "mock-[0-9a-f]{24}"$/,
    )
    expect(snapshot(proxy)).toBe(before)
  })

  it('can be added with POST /__mock/oauth/identities (JSON), readable by an allowed origin', async () => {
    const { proxy } = setup({
      tenants: [{ configId: 'demo', organizationId: 'org', allowedOrigins: ['http://app.test'] }],
    })
    const answer = await postIdentity(
      proxy,
      JSON.stringify({ provider: 'google', name: 'Bob', sub: 'bob-1' }),
      'http://app.test',
    )
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual([{ provider: 'google', sub: 'bob-1', name: 'Bob' }])
    expect(answer.headers.get('Access-Control-Allow-Origin')).toBe('http://app.test')
    const listed = await proxy.handle(new Request('http://mock.test/__mock/oauth/identities?provider=google'))
    expect(((await listed.json()) as { name: string }[]).map((identity) => identity.name)).toEqual([
      'Ada Lovelace',
      'Grace Hopper',
      'Bob',
    ])
  })

  it.each([
    ['not JSON', '{', 400, 3, /^request body: not valid JSON/],
    ['no name', '{"provider":"google"}', 400, 3, 'name: expected a string, got nothing'],
    [
      'a bad email',
      '{"name":"Bob","email":"bob@"}',
      400,
      3,
      'email: expected an email address like name@example.com, got "bob@"',
    ],
    [
      'a taken sub',
      '{"provider":"google","name":"Bob","sub":"x"}',
      409,
      6,
      'sub: google already has an identity with sub "x"',
    ],
  ])('refuses %s over HTTP with the gRPC-style error, adding nothing', async (_name, body, status, code, message) => {
    const { proxy } = setup()
    proxy.addOAuthIdentity({ provider: 'google', name: 'Existing', sub: 'x' })
    const before = snapshot(proxy)
    const answer = await postIdentity(proxy, body)
    expect(answer.status).toBe(status)
    expect(answer.body).toEqual({
      code,
      message: typeof message === 'string' ? message : expect.stringMatching(message),
      details: [],
    })
    expect(snapshot(proxy)).toBe(before)
  })
})
