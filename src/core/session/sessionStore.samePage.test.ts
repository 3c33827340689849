// Two kits on one page (two React roots, two islands) share one localStorage and one window, and no
// `storage` event ever reaches them: a browser fires it in the other tabs only. Each announces its
// writes to the page (PAGE_STORAGE_EVENT), and the other follows at once.
import { afterEach, describe, expect, it } from 'vitest'
import type { Kit } from '../contracts'
import { createKit } from '../createKit'
import { memoryKeyStore } from '../keys/memoryKeyStore'
import { fakeFetch } from '../test/fakeFetch'
import { fakeKeyStore, fakeStorage, fakeWindow } from '../test/fakes'
import { KEY_A, KEY_B, settle, STORAGE_KEY, T0, withSessionStores } from '../test/sessionStores'
import { sessionToken, signJwt } from '../test/tokens'
import { PAGE_STORAGE_EVENT } from './pageStorageEvent'

const MINUTE = 60_000
const expIn = (ms: number) => (T0 + ms) / 1000

const { makeStore } = withSessionStores()

/** Two stores of one tenant on one page: one storage (which fires no events), one window, one key database. */
async function onePage(held = [KEY_A, KEY_B]) {
  const storage = fakeStorage()
  const keyStore = fakeKeyStore(held)
  const window = fakeWindow()
  const first = makeStore({ storage, keyStore, window })
  const second = makeStore({ storage, keyStore, window })
  await Promise.all([first.ready, second.ready])
  return { first, second, storage, keyStore, window }
}

describe('two session stores on one page', () => {
  it('a sign-in in one shows in the other at once, and a sign-out in the other shows in the first', async () => {
    const { first, second, keyStore } = await onePage()
    const token = await sessionToken({ exp: expIn(15 * MINUTE), public_key: KEY_A })
    await first.set(token)
    await settle()
    expect(second.getSnapshot()).toMatchObject({ status: 'signedIn', session: { token } })

    await second.logout()
    await settle()
    expect(first.getSnapshot().status).toBe('signedOut')
    expect([...keyStore.held]).toEqual([KEY_B])
  })

  it('a refresh in one shows in the other, and deletes no key', async () => {
    const { first, second, keyStore } = await onePage()
    await first.set(await sessionToken({ exp: expIn(15 * MINUTE), public_key: KEY_A }))
    await settle()
    const refreshed = await sessionToken({ exp: expIn(30 * MINUTE), public_key: KEY_A })
    await second.set(refreshed)
    await settle()
    expect(first.getSnapshot().session?.token).toBe(refreshed)
    expect(keyStore.deleted).toEqual([])
  })

  it('two sign-ins at once end with one session in both, its key alone left', async () => {
    const { first, second, storage, keyStore } = await onePage()
    const a = await sessionToken({ exp: expIn(15 * MINUTE), public_key: KEY_A, user_id: 'user-a' })
    const b = await sessionToken({ exp: expIn(15 * MINUTE), public_key: KEY_B, user_id: 'user-b' })
    await Promise.all([first.set(a), second.set(b)])
    await settle()
    const winner = storage.items.get(STORAGE_KEY)
    expect(first.getSnapshot().session?.token).toBe(winner)
    expect(second.getSnapshot().session?.token).toBe(winner)
    expect([...keyStore.held]).toEqual([winner === a ? KEY_A : KEY_B])
  })

  it('another tenant’s store on the page is not disturbed by the announcement', async () => {
    const { first, second, window } = await onePage()
    const otherStorage = fakeStorage()
    const other = makeStore({
      storage: otherStorage,
      storageKey: 'auth-proxy-kit:other:session',
      keyStore: fakeKeyStore([KEY_A]),
      window,
    })
    await other.ready
    await first.set(await sessionToken({ exp: expIn(15 * MINUTE), public_key: KEY_A }))
    await settle()
    expect(second.getSnapshot().status).toBe('signedIn')
    expect(other.getSnapshot().status).toBe('signedOut')
  })

  it('announces its write to the page, and is not signed out by its own announcement when storage refused the write', async () => {
    const storage = fakeStorage()
    storage.setItem = () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
    }
    const window = fakeWindow()
    const announced: unknown[] = []
    window.addEventListener(PAGE_STORAGE_EVENT, (event) => announced.push((event as Event & { key: string }).key))
    const store = makeStore({ storage, keyStore: fakeKeyStore([KEY_A]), window })
    await store.ready
    await store.set(await sessionToken({ exp: expIn(15 * MINUTE), public_key: KEY_A }))
    await settle()
    expect(announced).toEqual([STORAGE_KEY])
    // The session lives in this page alone, as it did before kits announced their writes.
    expect(store.getSnapshot().status).toBe('signedIn')
  })
})

describe('two kits on one page: the clock', () => {
  let kits: Kit[] = []
  afterEach(() => {
    for (const kit of kits) kit.destroy()
    kits = []
  })

  it('the offset one kit learns from a fresh token is the other’s at once, so it judges that session by the proxy’s time', async () => {
    const storage = fakeStorage()
    const window = fakeWindow()
    const keyStore = memoryKeyStore()
    const base = { proxyUrl: 'https://auth.example.com', configId: 'demo', fetch: fakeFetch({}).fetch }
    // This device's clock is an hour fast: the proxy's time is T0 - 1 h, and the session, 15 minutes
    // long by the proxy's time, ended 45 minutes ago by the device's.
    const deviceNow = () => Date.now()
    const first = createKit({ ...base, storage, window, keyStore, now: deviceNow })
    const second = createKit({ ...base, storage, window, keyStore, now: deviceNow })
    kits.push(first, second)
    const proxyNow = T0 - 60 * MINUTE
    const token = await signJwt({
      user_id: 'user-1',
      organization_id: 'org-1',
      session_type: 'SESSION_TYPE_READ_WRITE',
      public_key: await keyStore.create(),
      iat: proxyNow / 1000,
      exp: (proxyNow + 15 * MINUTE) / 1000,
    })
    await first.session.set(token)
    expect(second.now()).toBe(first.now())
    expect(second.now()).toBe(proxyNow)
    await settle()
    expect(second.session.getSnapshot()).toMatchObject({ status: 'signedIn', expiresSoon: false })
  })
})
