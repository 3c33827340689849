// The session store's part in the clock correction (ISSUE 14): set() hands a fresh token's iat to
// learnClock before it checks the expiry; a stored token and another tab's never do.
import { describe, expect, it } from 'vitest'
import { fakeKeyStore, fakeStorage, fakeWindow, storageEvent } from '../test/fakes'
import { KEY_A, KEY_B, settle, STORAGE_KEY, T0, withSessionStores } from '../test/sessionStores'
import { signJwt } from '../test/tokens'

const MINUTE = 60_000
const { makeStore } = withSessionStores()

function token(publicKey: string, iatMs: number, lifetimeMs = 15 * MINUTE): Promise<string> {
  return signJwt({
    user_id: 'user-1',
    organization_id: 'org-1',
    session_type: 'SESSION_TYPE_READ_WRITE',
    public_key: publicKey,
    iat: Math.floor(iatMs / 1000),
    exp: Math.floor((iatMs + lifetimeMs) / 1000),
  })
}

/** A clock 16 minutes fast that learns what it is told, as the kit's ProxyClock does (without its threshold). */
function fastClock() {
  let offset = 0
  const learned: number[] = []
  return {
    learned,
    now: () => Date.now() + 16 * MINUTE + offset,
    learnClock: (proxyTimeMs: number) => {
      learned.push(proxyTimeMs)
      offset = proxyTimeMs - (Date.now() + 16 * MINUTE)
    },
  }
}

describe('session store: learning the proxy clock', () => {
  it("set() learns from the token's iat first, so that a token issued just now is not expired on a fast clock", async () => {
    const clock = fastClock()
    const store = makeStore({
      storage: fakeStorage(),
      keyStore: fakeKeyStore([KEY_A]),
      now: clock.now,
      learnClock: clock.learnClock,
    })
    const session = await store.set(await token(KEY_A, T0))
    expect(clock.learned).toEqual([T0])
    expect(session.expiresAt).toBe(T0 + 15 * MINUTE)
    expect(store.getSnapshot().status).toBe('signedIn')
  })

  it('set() with issuedNow: false, a token without iat, a stored token and another tab’s token teach nothing', async () => {
    const clock = fastClock()
    const window = fakeWindow()
    const storage = fakeStorage({ [STORAGE_KEY]: await token(KEY_A, T0 + 20 * MINUTE, 60 * MINUTE) })
    const store = makeStore({
      storage,
      keyStore: fakeKeyStore([KEY_A, KEY_B]),
      now: clock.now,
      learnClock: clock.learnClock,
      window,
    })
    await store.ready
    expect(store.getSnapshot().status).toBe('signedIn')

    const other = await token(KEY_B, T0 + 20 * MINUTE, 60 * MINUTE)
    storage.setItem(STORAGE_KEY, other)
    window.dispatchEvent(storageEvent(STORAGE_KEY, other))
    await settle()
    expect(store.getSnapshot().session?.token).toBe(other)

    // KEY_A was displaced by the other tab's session (and deleted): the later tokens are bound to KEY_B.
    await store.set(await token(KEY_B, T0 + 20 * MINUTE, 60 * MINUTE), { issuedNow: false })
    const withoutIat = await signJwt({
      user_id: 'user-1',
      organization_id: 'org-1',
      session_type: 'SESSION_TYPE_READ_WRITE',
      public_key: KEY_B,
      exp: T0 / 1000 + 3600,
    })
    await store.set(withoutIat)
    expect(clock.learned).toEqual([])
  })

  it('refuses a learnClock that is not a function', () => {
    expect(() => makeStore({ storage: fakeStorage(), keyStore: fakeKeyStore(), learnClock: 5 as never })).toThrow(
      /createSessionStore\(\{ learnClock \}\)/,
    )
  })
})
