import { describe, expect, it } from 'vitest'
import { fakeStorage } from '../test/fakes'
import {
  OAUTH_PENDING_TTL_MS,
  generateOAuthState,
  isPendingOAuthExpired,
  listPendingOAuth,
  pendingOAuthKey,
  readPendingOAuth,
  removePendingOAuth,
  savePendingOAuth,
  type PendingOAuth,
} from './pendingOAuth'

function record(overrides: Partial<PendingOAuth> = {}): PendingOAuth {
  return {
    state: generateOAuthState(),
    provider: 'x',
    mode: 'redirect',
    nonce: 'n'.repeat(64),
    publicKey: `02${'ab'.repeat(32)}`,
    codeVerifier: 'v'.repeat(43),
    redirectUri: 'https://app.example.com/cb',
    clientId: 'client-1',
    createdAt: 1_000_000,
    ...overrides,
  }
}

describe('generateOAuthState', () => {
  it('is 32 random bytes, base64url (256 bits), different every time', () => {
    const states = new Set(Array.from({ length: 50 }, () => generateOAuthState()))
    expect(states.size).toBe(50)
    for (const state of states) {
      expect(state).toMatch(/^[A-Za-z0-9_-]{43}$/)
      expect(Buffer.from(state, 'base64url')).toHaveLength(32)
    }
  })
})

describe('pending sign-in storage', () => {
  it('stores a record under auth-proxy-kit:<configId>:oauth:<state> and reads it back', () => {
    const storage = fakeStorage()
    const pending = record({ returnTo: '/wallet' })
    savePendingOAuth(storage, 'demo', pending)
    expect([...storage.items.keys()]).toEqual([`auth-proxy-kit:demo:oauth:${pending.state}`])
    expect(pendingOAuthKey('demo', pending.state)).toBe(`auth-proxy-kit:demo:oauth:${pending.state}`)
    expect(readPendingOAuth(storage, 'demo', pending.state)).toEqual(pending)
    expect(readPendingOAuth(storage, 'other-tenant', pending.state)).toBeUndefined()
    removePendingOAuth(storage, 'demo', pending.state)
    expect(storage.items.size).toBe(0)
  })

  it('does not read a record stored under another state, a malformed state, or a tampered record', () => {
    const storage = fakeStorage()
    const pending = record()
    const other = generateOAuthState()
    storage.setItem(pendingOAuthKey('demo', other), JSON.stringify(pending)) // record names another state
    expect(readPendingOAuth(storage, 'demo', other)).toBeUndefined()
    storage.setItem(pendingOAuthKey('demo', 'short'), JSON.stringify({ ...pending, state: 'short' }))
    expect(readPendingOAuth(storage, 'demo', 'short')).toBeUndefined()
    storage.setItem(pendingOAuthKey('demo', pending.state), JSON.stringify({ ...pending, provider: 'github' }))
    expect(readPendingOAuth(storage, 'demo', pending.state)).toBeUndefined()
    storage.setItem(pendingOAuthKey('demo', pending.state), '{not json')
    expect(readPendingOAuth(storage, 'demo', pending.state)).toBeUndefined()
  })

  it('holds a PKCE verifier exactly where the provider uses PKCE (Facebook, X, Discord; not Google, Apple)', () => {
    const storage = fakeStorage()
    const { codeVerifier: _verifier, ...withoutVerifier } = record()
    const cases = [
      [record({ provider: 'facebook' }), true],
      [record({ provider: 'discord' }), true],
      [{ ...withoutVerifier, provider: 'google' }, true],
      [{ ...withoutVerifier, provider: 'apple' }, true],
      [withoutVerifier, false],
      [record({ provider: 'google' }), false],
    ] as const
    for (const [pending, readable] of cases) {
      savePendingOAuth(storage, 'demo', pending)
      expect([pending.provider, readPendingOAuth(storage, 'demo', pending.state)]).toEqual([
        pending.provider,
        readable ? pending : undefined,
      ])
    }
  })

  it('expires ten minutes after it was made', () => {
    const pending = record({ createdAt: 5_000 })
    expect(OAUTH_PENDING_TTL_MS).toBe(600_000)
    expect(isPendingOAuthExpired(pending, 5_000 + 600_000)).toBe(false)
    expect(isPendingOAuthExpired(pending, 5_000 + 600_001)).toBe(true)
  })

  it('lists only this tenant’s records, when the storage can be enumerated', () => {
    const items = new Map<string, string>()
    const storage = {
      ...fakeStorage(),
      getItem: (key: string) => items.get(key) ?? null,
      key: (index: number) => [...items.keys()][index] ?? null,
      get length() {
        return items.size
      },
    }
    const mine = record()
    items.set(pendingOAuthKey('demo', mine.state), JSON.stringify(mine))
    items.set(pendingOAuthKey('demo', 'B'.repeat(43)), 'garbage')
    items.set(pendingOAuthKey('other', generateOAuthState()), JSON.stringify(record()))
    items.set('auth-proxy-kit:demo:session', 'jwt')
    expect(listPendingOAuth(storage, 'demo')).toEqual([
      { key: pendingOAuthKey('demo', mine.state), record: mine },
      { key: pendingOAuthKey('demo', 'B'.repeat(43)), record: undefined },
    ])
    expect(listPendingOAuth(fakeStorage(), 'demo')).toEqual([])
  })
})
