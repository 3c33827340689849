import { afterEach, describe, expect, it } from 'vitest'
import type { Kit } from '../contracts'
import { createKit } from '../createKit'
import { memoryKeyStore } from '../keys/memoryKeyStore'
import { fakeFetch } from '../test/fakeFetch'
import { fakeStorage, type FakeStorage } from '../test/fakes'
import { sessionToken } from '../test/tokens'
import { getSessionToken } from './getSessionToken'

const MINUTE = 60_000
const STORAGE_KEY = 'auth-proxy-kit:demo:session'
let kits: Kit[] = []

afterEach(() => {
  for (const kit of kits) kit.destroy()
  kits = []
})

/** A kit on a clock the test moves, with its key store and storage. */
async function kitWithKey(stored?: (publicKey: string) => Promise<Record<string, string>>) {
  let time = Date.UTC(2030, 0, 1)
  const keyStore = memoryKeyStore()
  const publicKey = await keyStore.create()
  const storage: FakeStorage = fakeStorage(stored ? await stored(publicKey) : {})
  const kit = createKit({
    proxyUrl: 'https://auth.example.com',
    configId: 'demo',
    fetch: fakeFetch({}).fetch,
    keyStore,
    storage,
    now: () => time,
  })
  kits.push(kit)
  const token = (exp = time + 15 * MINUTE) => sessionToken({ exp: exp / 1000, public_key: publicKey })
  return { kit, keyStore, publicKey, storage, token, advance: (ms: number) => (time += ms), now: () => time }
}

describe('getSessionToken(kit)', () => {
  it('is null when no one is signed in', async () => {
    const { kit } = await kitWithKey()
    await expect(getSessionToken(kit)).resolves.toBeNull()
  })

  it('gives the session’s token once signed in, and null again after the sign-out', async () => {
    const { kit, token } = await kitWithKey()
    const signedIn = await token()
    await kit.session.set(signedIn, { issuedNow: false })
    await expect(getSessionToken(kit)).resolves.toBe(signedIn)
    await kit.session.logout()
    await expect(getSessionToken(kit)).resolves.toBeNull()
  })

  it('waits for the stored session to be read: called at once on a reload, it gives the stored token', async () => {
    const exp = Date.UTC(2030, 0, 1) + 15 * MINUTE
    const { kit, storage } = await kitWithKey(async (publicKey) => ({
      [STORAGE_KEY]: await sessionToken({ exp: exp / 1000, public_key: publicKey }),
    }))
    expect(kit.session.getSnapshot().status).toBe('loading')
    await expect(getSessionToken(kit)).resolves.toBe(storage.items.get(STORAGE_KEY))
  })

  it('is null once the session has expired, though the expiry timer has not fired (a laptop that slept)', async () => {
    const { kit, token, advance } = await kitWithKey()
    await kit.session.set(await token(), { issuedNow: false })
    advance(15 * MINUTE)
    await expect(getSessionToken(kit)).resolves.toBeNull()
  })

  it('is null when the session’s key is gone (another tab signed out; its storage event not here yet)', async () => {
    const { kit, keyStore, publicKey, token } = await kitWithKey()
    await kit.session.set(await token(), { issuedNow: false })
    await keyStore.delete(publicKey)
    expect(kit.session.getSnapshot().status).toBe('signedIn')
    await expect(getSessionToken(kit)).resolves.toBeNull()
  })

  it('is null when the key store cannot answer', async () => {
    const { kit, keyStore, token } = await kitWithKey()
    await kit.session.set(await token(), { issuedNow: false })
    keyStore.has = () => Promise.reject(new Error('IndexedDB gone'))
    await expect(getSessionToken(kit)).resolves.toBeNull()
  })

  it('gives the new token when the session is refreshed while the key store answers', async () => {
    const { kit, keyStore, token, now } = await kitWithKey()
    await kit.session.set(await token(), { issuedNow: false })
    const refreshed = await token(now() + 30 * MINUTE)
    const has = keyStore.has.bind(keyStore)
    let refreshing: Promise<unknown> | undefined
    // The first question (getSessionToken's) is answered after the refresh; the refresh's own, at once.
    keyStore.has = async (publicKey) => {
      if (refreshing === undefined) {
        refreshing = kit.session.set(refreshed, { issuedNow: false })
        await refreshing
      }
      return has(publicKey)
    }
    await expect(getSessionToken(kit)).resolves.toBe(refreshed)
  })

  it('refuses what is not a kit, naming the fix', async () => {
    await expect(getSessionToken({} as Kit)).rejects.toThrow(/getSessionToken\(kit\): expected a kit made by createKit/)
  })
})
