import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { KitError } from '../errors'
import {
  OAUTH_POPUP_WINDOW_NAME,
  isOAuthPopupWindow,
  oauthAnswerOwner,
  openOAuthPopup,
  waitForOAuthPopup,
  type OAuthPopup,
  type OAuthPopupOpener,
} from './popup'

const REDIRECT = 'https://app.example.com/auth/callback'
const STATE = 'S'.repeat(43)

/**
 * A popup whose location can be read while "same-origin" and throws a SecurityError while "on the
 * provider", as a browser's does.
 */
interface FakePopup extends OAuthPopup {
  closed: boolean
  crossOrigin: boolean
  current: string
  navigations: string[]
  closeCalls: number
}

function fakePopup(): FakePopup {
  const popup: FakePopup = {
    closed: false,
    crossOrigin: false,
    current: 'about:blank',
    navigations: [],
    closeCalls: 0,
    close() {
      popup.closeCalls++
      popup.closed = true
    },
    location: {
      get href() {
        if (popup.crossOrigin)
          throw new DOMException('Blocked a frame with origin from accessing a cross-origin frame.', 'SecurityError')
        return popup.current
      },
      set href(url: string) {
        popup.navigations.push(url)
      },
    },
  }
  return popup
}

function fakeOpener(result: OAuthPopup | null | Error): OAuthPopupOpener & { calls: [string, string, string][] } {
  const calls: [string, string, string][] = []
  return {
    calls,
    screenX: 100,
    screenY: 50,
    outerWidth: 1300,
    outerHeight: 900,
    open(url, target, features) {
      calls.push([url, target, features])
      if (result instanceof Error) throw result
      return result
    },
  }
}

async function settle<T>(promise: Promise<T>): Promise<{ value?: T; error?: KitError }> {
  return promise.then(
    (value) => ({ value }),
    (error: KitError) => ({ error }),
  )
}

describe('openOAuthPopup', () => {
  it('opens a blank, named, centred popup synchronously and returns it', () => {
    const popup = fakePopup()
    const opener = fakeOpener(popup)
    expect(openOAuthPopup(opener)).toBe(popup)
    expect(opener.calls).toEqual([
      ['about:blank', OAUTH_POPUP_WINDOW_NAME, 'popup=yes,width=500,height=640,left=500,top=180'],
    ])
  })

  it('throws OAUTH_POPUP_BLOCKED when window.open returns null', () => {
    expect(() => openOAuthPopup(fakeOpener(null))).toThrow(expect.objectContaining({ code: 'OAUTH_POPUP_BLOCKED' }))
  })

  it('throws OAUTH_POPUP_BLOCKED when window.open throws (a sandboxed iframe)', () => {
    const error = (() => {
      try {
        openOAuthPopup(fakeOpener(new DOMException('Blocked opening', 'InvalidAccessError')))
      } catch (e) {
        return e
      }
    })()
    expect(error).toBeInstanceOf(KitError)
    expect(error).toMatchObject({ code: 'OAUTH_POPUP_BLOCKED' })
  })

  it('refuses something that is not a window', () => {
    expect(() => openOAuthPopup({} as OAuthPopupOpener)).toThrow(/openOAuthPopup\(opener\): expected a window/)
  })
})

describe('waitForOAuthPopup', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('ignores cross-origin reads on the provider, then returns the callback URL and closes the popup', async () => {
    const popup = fakePopup()
    const result = settle(waitForOAuthPopup(popup, { redirectUri: REDIRECT, pollMs: 100 }))

    await vi.advanceTimersByTimeAsync(100) // still about:blank
    popup.crossOrigin = true
    await vi.advanceTimersByTimeAsync(500) // on the provider: every read throws
    expect(popup.closeCalls).toBe(0)

    popup.crossOrigin = false
    popup.current = `${REDIRECT}?code=abc&state=${STATE}`
    await vi.advanceTimersByTimeAsync(100)

    expect(await result).toEqual({ value: `${REDIRECT}?code=abc&state=${STATE}` })
    expect(popup.closeCalls).toBe(1)
    expect(vi.getTimerCount()).toBe(0)
  })

  it('waits while the popup is on the redirect page without an answer, or on another path of the same origin', async () => {
    const popup = fakePopup()
    const result = settle(waitForOAuthPopup(popup, { redirectUri: REDIRECT, pollMs: 100 }))
    popup.current = REDIRECT
    await vi.advanceTimersByTimeAsync(300)
    popup.current = `https://app.example.com/elsewhere?code=abc&state=${STATE}`
    await vi.advanceTimersByTimeAsync(300)
    expect(popup.closeCalls).toBe(0)
    popup.current = `${REDIRECT}#code=abc&state=${STATE}`
    await vi.advanceTimersByTimeAsync(100)
    expect((await result).value).toBe(`${REDIRECT}#code=abc&state=${STATE}`)
  })

  it('returns an id_token answer in the fragment (Google, Apple), and waits while the fragment holds no answer', async () => {
    const popup = fakePopup()
    const result = settle(waitForOAuthPopup(popup, { redirectUri: REDIRECT, pollMs: 100 }))
    popup.current = `${REDIRECT}#top`
    await vi.advanceTimersByTimeAsync(300)
    expect(popup.closeCalls).toBe(0)
    const answer = `${REDIRECT}#state=${STATE}&code=apple-code&id_token=eyJhbGciOiJFUzI1NiJ9.eyJub25jZSI6Im4ifQ.c2ln`
    popup.current = answer
    await vi.advanceTimersByTimeAsync(100)
    expect(await result).toEqual({ value: answer })
    expect(popup.closeCalls).toBe(1)
  })

  it('returns an error answer too (completeOAuth turns it into OAUTH_CANCELLED)', async () => {
    const popup = fakePopup()
    const result = settle(waitForOAuthPopup(popup, { redirectUri: REDIRECT, pollMs: 100 }))
    popup.current = `${REDIRECT}?error=access_denied&state=${STATE}`
    await vi.advanceTimersByTimeAsync(100)
    expect((await result).value).toBe(`${REDIRECT}?error=access_denied&state=${STATE}`)
  })

  it('rejects with OAUTH_POPUP_CLOSED when the person closes the popup', async () => {
    const popup = fakePopup()
    const result = settle(waitForOAuthPopup(popup, { redirectUri: REDIRECT, pollMs: 100 }))
    popup.crossOrigin = true
    await vi.advanceTimersByTimeAsync(300)
    popup.closed = true
    await vi.advanceTimersByTimeAsync(100)
    const { error } = await result
    expect(error).toBeInstanceOf(KitError)
    expect(error?.code).toBe('OAUTH_POPUP_CLOSED')
    expect(vi.getTimerCount()).toBe(0)
  })

  it('rejects with ABORTED and closes the popup when the signal fires', async () => {
    const popup = fakePopup()
    const controller = new AbortController()
    const result = settle(waitForOAuthPopup(popup, { redirectUri: REDIRECT, signal: controller.signal }))
    controller.abort()
    expect((await result).error?.code).toBe('ABORTED')
    expect(popup.closeCalls).toBe(1)
    expect(vi.getTimerCount()).toBe(0)
  })

  it('rejects with OAUTH_EXPIRED after timeoutMs and closes the popup', async () => {
    const popup = fakePopup()
    popup.crossOrigin = true
    const result = settle(waitForOAuthPopup(popup, { redirectUri: REDIRECT, pollMs: 100, timeoutMs: 1000 }))
    await vi.advanceTimersByTimeAsync(900)
    expect(popup.closeCalls).toBe(0)
    await vi.advanceTimersByTimeAsync(100)
    expect((await result).error?.code).toBe('OAUTH_EXPIRED')
    expect(popup.closeCalls).toBe(1)
  })

  it('refuses bad options with labelled errors', () => {
    expect(() => waitForOAuthPopup(fakePopup(), { redirectUri: '/cb' })).toThrow(
      /waitForOAuthPopup\(\{ redirectUri \}\)/,
    )
    expect(() => waitForOAuthPopup(fakePopup(), { redirectUri: REDIRECT, pollMs: 0 })).toThrow(
      /waitForOAuthPopup\(\{ pollMs \}\)/,
    )
    expect(() => waitForOAuthPopup(null as never, { redirectUri: REDIRECT })).toThrow(/waitForOAuthPopup\(popup\)/)
  })
})

describe('isOAuthPopupWindow', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('is true in the window the kit named for the sign-in', () => {
    expect(isOAuthPopupWindow({ name: OAUTH_POPUP_WINDOW_NAME, opener: null })).toBe(true)
    expect(isOAuthPopupWindow({ name: OAUTH_POPUP_WINDOW_NAME, opener: {} })).toBe(true)
  })

  it('is false in an ordinary tab, in a tab opened by another window (an opener is no mark of the kit), and where there is no window', () => {
    const tab: { name: string; opener: unknown } = { name: '', opener: null }
    expect(isOAuthPopupWindow(tab)).toBe(false)
    tab.opener = tab
    expect(isOAuthPopupWindow(tab)).toBe(false)
    expect(isOAuthPopupWindow({ name: '', opener: {} })).toBe(false)
    expect(isOAuthPopupWindow({ name: 'app', opener: {} })).toBe(false)
    expect(isOAuthPopupWindow(undefined)).toBe(false)
  })

  it('reads the current window when given nothing', () => {
    vi.stubGlobal('window', { name: OAUTH_POPUP_WINDOW_NAME, opener: null })
    expect(isOAuthPopupWindow()).toBe(true)
    vi.stubGlobal('window', { name: 'app', opener: null })
    expect(isOAuthPopupWindow()).toBe(false)
  })
})

describe('oauthAnswerOwner', () => {
  const tab = { name: '', opener: null }
  const openedTab = { name: '', opener: {} }
  const namedPopup = { name: OAUTH_POPUP_WINDOW_NAME, opener: {} }
  const none = { pendingMode: undefined, unmatchedMark: false } as const

  it("is this tab's redirect when the state matches a pending redirect, whatever the opener or the name", () => {
    for (const page of [tab, openedTab, namedPopup]) {
      expect(oauthAnswerOwner(page, { pendingMode: 'redirect', unmatchedMark: false })).toBe('redirect')
      expect(oauthAnswerOwner(page, { pendingMode: 'redirect', unmatchedMark: true })).toBe('redirect')
    }
  })

  it('is the popup when the state matches a pending popup sign-in, or the window bears the popup’s name', () => {
    for (const page of [tab, openedTab, namedPopup]) {
      expect(oauthAnswerOwner(page, { pendingMode: 'popup', unmatchedMark: true })).toBe('popup')
    }
    expect(oauthAnswerOwner(namedPopup, none)).toBe('popup')
    expect(oauthAnswerOwner(namedPopup, { pendingMode: undefined, unmatchedMark: true })).toBe('popup')
  })

  it('is nobody’s when this tab has no mark of a sign-in (a popup whose name was cleared: its pending sign-in is in the opener’s storage)', () => {
    expect(oauthAnswerOwner(tab, none)).toBe('none')
    expect(oauthAnswerOwner(openedTab, none)).toBe('none')
  })

  it('takes a stray mark for a failed redirect of this tab without an opener, and leaves it to the opener in a window with one', () => {
    expect(oauthAnswerOwner(tab, { pendingMode: undefined, unmatchedMark: true })).toBe('redirect')
    expect(oauthAnswerOwner(openedTab, { pendingMode: undefined, unmatchedMark: true })).toBe('popup')
    const throwing = {
      name: '',
      get opener(): unknown {
        throw new Error('SecurityError')
      },
    }
    expect(oauthAnswerOwner(throwing, { pendingMode: undefined, unmatchedMark: true })).toBe('redirect')
  })
})
