import { afterEach, describe, expect, it, vi } from 'vitest'
import { createKit, type Kit } from './createKit'
import { memoryKeyStore } from './keys/memoryKeyStore'
import { fakeFetch } from './test/fakeFetch'
import { fakeStorage, fakeWindow, storageEvent } from './test/fakes'
import { sessionToken } from './test/tokens'

const base = { proxyUrl: 'https://auth.example.com/', configId: 'tenant-7', fetch: fakeFetch({}).fetch }
let kits: Kit[] = []

afterEach(() => {
  for (const kit of kits) kit.destroy()
  kits = []
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

function make(options: Partial<Parameters<typeof createKit>[0]> = {}): Kit {
  const kit = createKit({ ...base, ...options })
  kits.push(kit)
  return kit
}

describe('createKit', () => {
  it('wires the client, key store and a session stored under the tenant key', async () => {
    const storage = fakeStorage()
    const keyStore = memoryKeyStore()
    const kit = make({ storage, keyStore, now: () => 1234 })
    expect(kit.client.proxyUrl).toBe('https://auth.example.com')
    expect(kit.client.configId).toBe('tenant-7')
    expect(kit.keyStore).toBe(keyStore)
    expect(kit.now()).toBe(1234)

    const publicKey = await keyStore.create()
    const token = await sessionToken({ exp: Math.floor(Date.now() / 1000) + 900, public_key: publicKey })
    await kit.session.set(token)
    expect(storage.items.get('auth-proxy-kit:tenant-7:session')).toBe(token)
  })

  it('uses the clock it is given for session expiry', async () => {
    const keyStore = memoryKeyStore()
    const publicKey = await keyStore.create()
    const token = await sessionToken({ exp: 2_000_000, public_key: publicKey }) // 1970: long expired by Date.now
    const kit = make({ storage: fakeStorage(), keyStore, now: () => 1_000_000_000 })
    await expect(kit.session.set(token)).resolves.toMatchObject({ expiresAt: 2_000_000_000 })
  })

  it('defaults storage to localStorage when it works', async () => {
    const local = fakeStorage()
    vi.stubGlobal('localStorage', local)
    const keyStore = memoryKeyStore()
    const kit = make({ keyStore })
    const token = await sessionToken({ exp: Math.floor(Date.now() / 1000) + 900, public_key: await keyStore.create() })
    await kit.session.set(token)
    expect(local.items.get('auth-proxy-kit:tenant-7:session')).toBe(token)
    expect(local.items.has('auth-proxy-kit:probe')).toBe(false)
  })

  it('falls back to memory storage when localStorage throws (storage blocked)', async () => {
    const blocked = fakeStorage()
    blocked.setItem = () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
    }
    vi.stubGlobal('localStorage', blocked)
    const keyStore = memoryKeyStore()
    const kit = make({ keyStore })
    const token = await sessionToken({ exp: Math.floor(Date.now() / 1000) + 900, public_key: await keyStore.create() })
    await expect(kit.session.set(token)).resolves.toMatchObject({ token })
    expect(kit.session.getSnapshot().status).toBe('signedIn')
  })

  it('follows other tabs through globalThis.window by default', async () => {
    const window = fakeWindow()
    vi.stubGlobal('window', window)
    const storage = fakeStorage()
    const keyStore = memoryKeyStore()
    const kit = make({ storage, keyStore })
    const token = await sessionToken({ exp: Math.floor(Date.now() / 1000) + 900, public_key: await keyStore.create() })
    await kit.session.set(token)

    storage.items.clear()
    window.dispatchEvent(storageEvent('auth-proxy-kit:tenant-7:session', null))
    await expect.poll(() => kit.session.getSnapshot().status).toBe('signedOut')
  })

  it('destroy() stops the session timers', async () => {
    vi.useFakeTimers()
    const keyStore = memoryKeyStore()
    const kit = make({ storage: fakeStorage(), keyStore })
    await kit.session.set(
      await sessionToken({ exp: Math.floor(Date.now() / 1000) + 900, public_key: await keyStore.create() }),
    )
    expect(vi.getTimerCount()).toBe(1)
    kit.destroy()
    expect(vi.getTimerCount()).toBe(0)
  })

  it('refuses bad options with labelled errors', () => {
    expect(() => createKit(undefined as never)).toThrow(/createKit\(options\): expected an object/)
    expect(() => createKit({ ...base, configId: '' })).toThrow(/\{ configId \}/)
    expect(() => createKit({ ...base, now: 'now' as never })).toThrow(/createKit\(\{ now \}\)/)
    expect(() => createKit({ ...base, storage: {} as never })).toThrow(/\{ storage \}/)
  })
})
