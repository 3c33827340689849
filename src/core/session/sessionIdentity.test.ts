// The session's identity (who signed in and how), kept at `<storageKey>:identity` beside the token.
import { describe, expect, it, vi } from 'vitest'
import type { SignInIdentity } from '../contracts'
import { fakeKeyStore, fakeStorage, fakeWindow, storageEvent } from '../test/fakes'
import { KEY_A, KEY_B, settle, STORAGE_KEY, T0, withSessionStores } from '../test/sessionStores'
import { sessionToken } from '../test/tokens'

const IDENTITY_KEY = `${STORAGE_KEY}:identity`
const ADA: SignInIdentity = { method: 'email', contact: 'ada@example.com' }

const token = (publicKey: string, userId = 'user-1', lifetimeMs = 15 * 60_000) =>
  sessionToken({ exp: (T0 + lifetimeMs) / 1000, public_key: publicKey, user_id: userId })

const { makeStore } = withSessionStores()

describe('the session identity', () => {
  it('is stored beside the token with the user and key it belongs to, and read back after a reload', async () => {
    const storage = fakeStorage()
    const keyStore = fakeKeyStore([KEY_A])
    const store = makeStore({ storage, keyStore })
    await store.ready
    const session = await store.set(await token(KEY_A), { identity: ADA })
    expect(session.identity).toEqual(ADA)
    expect(JSON.parse(storage.items.get(IDENTITY_KEY) ?? '')).toEqual({
      userId: 'user-1',
      publicKey: KEY_A,
      identity: ADA,
    })

    const reloaded = makeStore({ storage, keyStore })
    await reloaded.ready
    expect(reloaded.getSnapshot().session?.identity).toEqual(ADA)
  })

  it('is kept across a refresh of the same user and key, and dropped for another user or key', async () => {
    const storage = fakeStorage()
    const store = makeStore({ storage, keyStore: fakeKeyStore([KEY_A, KEY_B]) })
    await store.ready
    await store.set(await token(KEY_A), { identity: ADA })
    vi.advanceTimersByTime(1000)
    const refreshed = await store.set(await token(KEY_A, 'user-1', 20 * 60_000))
    expect(refreshed.identity).toEqual(ADA)

    const otherKey = await store.set(await token(KEY_B))
    expect(otherKey.identity).toBeUndefined()
    expect(storage.items.has(IDENTITY_KEY)).toBe(false)

    await store.set(await token(KEY_B), { identity: ADA })
    const otherUser = await store.set(await token(KEY_B, 'user-2'))
    expect(otherUser.identity).toBeUndefined()
  })

  it('is removed on logout and at expiry', async () => {
    const storage = fakeStorage()
    const store = makeStore({ storage, keyStore: fakeKeyStore([KEY_A]) })
    await store.ready
    await store.set(await token(KEY_A), { identity: ADA })
    await store.logout()
    expect(storage.items.has(IDENTITY_KEY)).toBe(false)

    const keyStore = fakeKeyStore([KEY_B])
    const second = makeStore({ storage, keyStore })
    await second.ready
    await second.set(await token(KEY_B, 'user-1', 60_000), { identity: ADA })
    await vi.advanceTimersByTimeAsync(60_000)
    expect(second.getSnapshot().status).toBe('signedOut')
    expect(storage.items.has(IDENTITY_KEY)).toBe(false)
  })

  it("follows another tab's sign-in with its identity", async () => {
    const storage = fakeStorage()
    const keyStore = fakeKeyStore([KEY_A])
    const window = fakeWindow()
    const other = makeStore({ storage, keyStore, window })
    await other.ready
    const writer = makeStore({ storage, keyStore })
    await writer.ready
    const session = await writer.set(await token(KEY_A), {
      identity: { method: 'oauth', provider: 'google', email: 'ada@gmail.com', name: 'Ada' },
    })
    window.dispatchEvent(storageEvent(STORAGE_KEY, session.token))
    await settle()
    expect(other.getSnapshot().session?.identity).toEqual({
      method: 'oauth',
      provider: 'google',
      email: 'ada@gmail.com',
      name: 'Ada',
    })
  })

  it('ignores a stored identity that is not one, or is another key’s', async () => {
    const keyStore = fakeKeyStore([KEY_A])
    const tokenA = await token(KEY_A)
    for (const text of [
      'not json',
      JSON.stringify({ userId: 'user-1', publicKey: KEY_B, identity: ADA }),
      JSON.stringify({ userId: 'user-1', publicKey: KEY_A, identity: { method: 'fax' } }),
    ]) {
      const store = makeStore({ storage: fakeStorage({ [STORAGE_KEY]: tokenA, [IDENTITY_KEY]: text }), keyStore })
      await store.ready
      expect(store.getSnapshot().status).toBe('signedIn')
      expect(store.getSnapshot().session?.identity).toBeUndefined()
    }
  })

  it('refuses an identity without a known method, changing nothing (CONFIG_INVALID); keeps only the known text fields', async () => {
    const storage = fakeStorage()
    const store = makeStore({ storage, keyStore: fakeKeyStore([KEY_A]) })
    await store.ready
    for (const identity of [{ method: 'fax' }, 'email', null]) {
      await expect(
        store.set(await token(KEY_A), { identity: identity as unknown as SignInIdentity }),
      ).rejects.toMatchObject({
        code: 'CONFIG_INVALID',
        message: expect.stringContaining('session.set(token, { identity }).method'),
      })
    }
    expect(store.getSnapshot().status).toBe('signedOut')
    expect(storage.items.size).toBe(0)
    const session = await store.set(await token(KEY_A), {
      identity: { method: 'oauth', provider: 'google', email: '', name: 42, extra: 'x' } as unknown as SignInIdentity,
    })
    expect(session.identity).toEqual({ method: 'oauth', provider: 'google' })
  })
})
