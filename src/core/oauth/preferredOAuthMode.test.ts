import { afterEach, describe, expect, it, vi } from 'vitest'
import { preferredOAuthMode } from './preferredOAuthMode'

const DESKTOP_CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36'
const MAC_SAFARI =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15'
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36'
const ANDROID_WEBVIEW =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/126.0.0.0 Safari/537.36'
const FACEBOOK_IOS = `${IPHONE} [FBAN/FBIOS;FBAV/470.0.0.40.98;FBBV/123]`
// Instagram on an Android tablet: no "Mobile" token, only the app's.
const INSTAGRAM_TABLET =
  'Mozilla/5.0 (Linux; Android 13; SM-X700 Build/TP1A; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/126.0 Safari/537.36 Instagram 330.0.0.40.92'
const LINE_DESKTOPLIKE = `${DESKTOP_CHROME} Line/14.3.0`

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('preferredOAuthMode', () => {
  it.each([
    ['desktop Chrome', DESKTOP_CHROME, 0, 'popup'],
    ['desktop Safari', MAC_SAFARI, 0, 'popup'],
    ['an iPhone', IPHONE, 5, 'redirect'],
    ['Android Chrome', ANDROID_CHROME, 5, 'redirect'],
    ['an Android WebView', ANDROID_WEBVIEW, 5, 'redirect'],
    ['the Facebook app', FACEBOOK_IOS, 5, 'redirect'],
    ['the Instagram app on a tablet', INSTAGRAM_TABLET, 0, 'redirect'],
    ['the LINE app', LINE_DESKTOPLIKE, 0, 'redirect'],
    ['an iPad claiming to be a Mac', MAC_SAFARI, 5, 'redirect'],
  ] as const)('on %s: %s', (_what, userAgent, maxTouchPoints, expected) => {
    expect(preferredOAuthMode({ userAgent, maxTouchPoints, framed: false })).toBe(expected)
  })

  it('redirects inside an iframe, even on desktop', () => {
    expect(preferredOAuthMode({ userAgent: DESKTOP_CHROME, framed: true })).toBe('redirect')
  })

  it('does not mistake Linux for LINE', () => {
    expect(preferredOAuthMode({ userAgent: DESKTOP_CHROME })).toBe('popup')
  })

  it('reads the current page when given nothing', () => {
    const page: { self?: unknown; top?: unknown } = {}
    page.self = page
    page.top = page
    vi.stubGlobal('navigator', { userAgent: DESKTOP_CHROME, maxTouchPoints: 0 })
    vi.stubGlobal('window', page)
    expect(preferredOAuthMode()).toBe('popup')
    page.top = {}
    expect(preferredOAuthMode()).toBe('redirect')
    vi.stubGlobal('navigator', { userAgent: IPHONE, maxTouchPoints: 5 })
    page.top = page
    expect(preferredOAuthMode()).toBe('redirect')
  })
})
