// The session's cookie, on a page that records what is written to document.cookie (attributes and all):
// each transition of the session store writes or clears it once, and never otherwise. In a browser
// (jsdom's cookie jar, through the provider): src/react/AuthProxyProvider.sessionCookie.test.tsx.
import { describe, expect, it, vi } from 'vitest'
import { createKit } from '../createKit'
import { KitError } from '../errors'
import { memoryKeyStore } from '../keys/memoryKeyStore'
import { fakeFetch } from '../test/fakeFetch'
import { fakeKeyStore, fakeStorage, fakeWindow, storageEvent } from '../test/fakes'
import { KEY_A, KEY_B, settle, STORAGE_KEY, T0, withSessionStores } from '../test/sessionStores'
import { sessionToken } from '../test/tokens'
import { createSessionCookie, type SessionCookieOptions } from './sessionCookie'

const MINUTE = 60_000
const expIn = (ms: number) => (T0 + ms) / 1000

const { makeStore } = withSessionStores()

/** A page whose document.cookie keeps every string written to it, in order. */
function recordingPage(protocol = 'https:') {
  const writes: string[] = []
  const page = {
    document: {
      get cookie() {
        return ''
      },
      set cookie(value: string) {
        writes.push(value)
      },
    },
    location: { protocol },
  }
  return { page, writes }
}

const CLEARED = 'apk_session=; Max-Age=0; Path=/; SameSite=Lax; Secure'
const written = (token: string, maxAge: number) =>
  `apk_session=${token}; Max-Age=${maxAge}; Path=/; SameSite=Lax; Secure`

/** A session store on the fake clock with a cookie following it, as createKit wires them. */
async function followed(options: { stored?: string; held?: string[]; cookie?: SessionCookieOptions } = {}) {
  const { page, writes } = recordingPage()
  const storage = fakeStorage(options.stored === undefined ? {} : { [STORAGE_KEY]: options.stored })
  const keyStore = fakeKeyStore(options.held ?? [KEY_A, KEY_B])
  const window = fakeWindow()
  const store = makeStore({ storage, keyStore, window })
  const stop = createSessionCookie(options.cookie, page).follow(store, () => Date.now())
  await store.ready
  await settle()
  return { store, writes, storage, keyStore, window, stop }
}

describe('createSessionCookie: what it writes', () => {
  it('writes apk_session with the session’s remaining life, Path=/ and SameSite=Lax, Secure on an https page', async () => {
    const { store, writes } = await followed()
    const token = await sessionToken({ exp: expIn(15 * MINUTE), public_key: KEY_A })
    await store.set(token)
    expect(writes.at(-1)).toBe(written(token, 900))
  })

  it('is not Secure on an http page (a development server), where a Secure cookie would be refused', async () => {
    const { page, writes } = recordingPage('http:')
    const store = makeStore({ storage: fakeStorage(), keyStore: fakeKeyStore([KEY_A]) })
    createSessionCookie({}, page).follow(store, () => Date.now())
    const token = await sessionToken({ exp: expIn(15 * MINUTE), public_key: KEY_A })
    await store.set(token)
    expect(writes.at(-1)).toBe(`apk_session=${token}; Max-Age=900; Path=/; SameSite=Lax`)
  })

  it('takes the name, domain and path it is given, and clears with the same ones', async () => {
    const { store, writes } = await followed({ cookie: { name: 'shop_session', domain: 'example.com', path: '/app' } })
    const token = await sessionToken({ exp: expIn(15 * MINUTE), public_key: KEY_A })
    await store.set(token)
    expect(writes.at(-1)).toBe(
      `shop_session=${token}; Max-Age=900; Path=/app; Domain=example.com; SameSite=Lax; Secure`,
    )
    await store.logout()
    expect(writes.at(-1)).toBe('shop_session=; Max-Age=0; Path=/app; Domain=example.com; SameSite=Lax; Secure')
  })

  it('counts Max-Age on the clock it is given (the kit’s, corrected by the proxy’s time), not the device’s', async () => {
    const { page, writes } = recordingPage()
    const store = makeStore({ storage: fakeStorage(), keyStore: fakeKeyStore([KEY_A]) })
    // The proxy's time is 5 minutes ahead of this device's: 15 minutes to exp by the device are 10.
    createSessionCookie({}, page).follow(store, () => Date.now() + 5 * MINUTE)
    const token = await sessionToken({ exp: expIn(15 * MINUTE), public_key: KEY_A })
    await store.set(token)
    expect(writes.at(-1)).toBe(written(token, 600))
  })

  it('writes nothing where there is no document (a server render), and throws nothing', async () => {
    const store = makeStore({ storage: fakeStorage(), keyStore: fakeKeyStore([KEY_A]) })
    createSessionCookie({}, {}).follow(store, () => Date.now())
    await expect(store.set(await sessionToken({ exp: expIn(15 * MINUTE), public_key: KEY_A }))).resolves.toBeTruthy()
    expect(store.getSnapshot().status).toBe('signedIn')
  })

  it('signs in all the same when document.cookie throws (a sandboxed iframe)', async () => {
    const page = {
      document: {
        get cookie(): string {
          throw new DOMException('The document is sandboxed and lacks the allow-same-origin flag.', 'SecurityError')
        },
        set cookie(_value: string) {
          throw new DOMException('The document is sandboxed and lacks the allow-same-origin flag.', 'SecurityError')
        },
      },
      location: { protocol: 'https:' },
    }
    const store = makeStore({ storage: fakeStorage(), keyStore: fakeKeyStore([KEY_A]) })
    createSessionCookie({}, page).follow(store, () => Date.now())
    await store.set(await sessionToken({ exp: expIn(15 * MINUTE), public_key: KEY_A }))
    expect(store.getSnapshot().status).toBe('signedIn')
  })

  it('clears, and never writes, a token that is not a JWT’s characters (it could carry attributes)', async () => {
    const { store, writes } = await followed()
    // The kit reads a session's claims, not its signature: this one passes, and must not reach the cookie.
    const token = `${await sessionToken({ exp: expIn(15 * MINUTE), public_key: KEY_A })}; SameSite=None`
    await store.set(token)
    expect(store.getSnapshot().status).toBe('signedIn')
    expect(writes).toEqual([CLEARED, CLEARED])
  })
})

describe('createSessionCookie: when it writes', () => {
  it('clears at start when nothing is stored (a cookie left by an earlier session is no session)', async () => {
    const { writes } = await followed()
    expect(writes).toEqual([CLEARED])
  })

  it('writes at start the stored session that is valid, with what is left of it', async () => {
    const token = await sessionToken({ exp: expIn(10 * MINUTE), public_key: KEY_A })
    const { writes } = await followed({ stored: token })
    expect(writes).toEqual([written(token, 600)])
  })

  it('clears at start a stored session that has expired', async () => {
    const token = await sessionToken({ exp: expIn(-MINUTE), public_key: KEY_A })
    const { writes } = await followed({ stored: token })
    expect(writes).toEqual([CLEARED])
  })

  it('clears at start a stored session whose key is not held', async () => {
    const token = await sessionToken({ exp: expIn(10 * MINUTE), public_key: KEY_A })
    const { writes } = await followed({ stored: token, held: [KEY_B] })
    expect(writes).toEqual([CLEARED])
  })

  it('writes on sign-in and on refresh, and clears on sign-out: once each', async () => {
    const { store, writes } = await followed()
    const signedIn = await sessionToken({ exp: expIn(15 * MINUTE), public_key: KEY_A })
    await store.set(signedIn)
    const refreshed = await sessionToken({ exp: expIn(30 * MINUTE), public_key: KEY_A })
    await store.set(refreshed)
    await store.logout()
    expect(writes).toEqual([CLEARED, written(signedIn, 900), written(refreshed, 1800), CLEARED])
  })

  it('clears at expiry, and does not write again at the warning before it', async () => {
    const { store, writes } = await followed()
    const token = await sessionToken({ exp: expIn(5 * MINUTE), public_key: KEY_A })
    await store.set(token)
    await vi.advanceTimersByTimeAsync(4.5 * MINUTE)
    expect(store.getSnapshot().expiresSoon).toBe(true)
    expect(writes).toEqual([CLEARED, written(token, 300)])
    await vi.advanceTimersByTimeAsync(MINUTE)
    expect(store.getSnapshot().status).toBe('signedOut')
    expect(writes).toEqual([CLEARED, written(token, 300), CLEARED])
  })

  it('follows another tab’s sign-in and sign-out', async () => {
    const { storage, window, writes } = await followed()
    const token = await sessionToken({ exp: expIn(15 * MINUTE), public_key: KEY_A })
    storage.items.set(STORAGE_KEY, token)
    window.dispatchEvent(storageEvent(STORAGE_KEY, token))
    await settle()
    expect(writes.at(-1)).toBe(written(token, 900))
    storage.items.delete(STORAGE_KEY)
    window.dispatchEvent(storageEvent(STORAGE_KEY, null))
    await settle()
    expect(writes).toEqual([CLEARED, written(token, 900), CLEARED])
  })

  it('writes nothing more once stopped (the kit destroyed)', async () => {
    const { store, writes, stop } = await followed()
    stop()
    await store.set(await sessionToken({ exp: expIn(15 * MINUTE), public_key: KEY_A }))
    expect(writes).toEqual([CLEARED])
  })
})

describe('createSessionCookie: misuse', () => {
  const refused = (options: unknown): KitError => {
    try {
      createSessionCookie(options as SessionCookieOptions, recordingPage().page)
    } catch (error) {
      if (error instanceof KitError) return error
      throw error
    }
    throw new Error('createSessionCookie accepted it')
  }

  it.each([
    ['a name with a space', { name: 'my session' }, /createSessionCookie\(options\)\.name: expected a cookie name/],
    ['an empty name', { name: '' }, /\.name: expected a cookie name/],
    ['a name with `;`', { name: 'a;b' }, /\.name: expected a cookie name/],
    ['a domain with `;`', { domain: 'example.com; Secure' }, /\.domain: expected a domain/],
    ['a domain that is a URL', { domain: 'https://example.com' }, /\.domain: expected a domain/],
    ['a relative path', { path: 'app' }, /\.path: expected a path starting with '\/'/],
    ['a path with `;`', { path: '/app; Domain=evil.example' }, /\.path: expected a path/],
    ['not an object', 'apk_session', /createSessionCookie\(options\): expected \{ name\?, domain\?, path\? \}/],
    ['null', null, /createSessionCookie\(options\): expected/],
  ])('refuses %s with CONFIG_INVALID naming the field', (_name, options, message) => {
    const error = refused(options)
    expect(error.code).toBe('CONFIG_INVALID')
    expect(error.message).toMatch(message)
  })
})

describe('createKit({ sessionCookie })', () => {
  const base = { proxyUrl: 'https://auth.example.com', configId: 'demo', fetch: fakeFetch({}).fetch }

  it('keeps the cookie in step with the kit’s session until the kit is destroyed', async () => {
    const { page, writes } = recordingPage()
    const keyStore = memoryKeyStore()
    const kit = createKit({ ...base, keyStore, storage: fakeStorage(), sessionCookie: createSessionCookie({}, page) })
    await kit.session.ready
    const token = await sessionToken({ exp: expIn(15 * MINUTE), public_key: await keyStore.create() })
    await kit.session.set(token, { issuedNow: false })
    expect(writes).toEqual([CLEARED, written(token, 900)])
    kit.destroy()
    await kit.session.logout()
    expect(writes).toEqual([CLEARED, written(token, 900)])
  })

  it.each([
    ['true (the options, not the cookie)', true],
    ['an options object', { name: 'apk_session' }],
  ])('refuses %s, naming createSessionCookie', (_name, sessionCookie) => {
    expect(() => createKit({ ...base, sessionCookie: sessionCookie as never })).toThrow(
      /createKit\(\{ sessionCookie \}\): expected createSessionCookie\(options\)/,
    )
  })
})
