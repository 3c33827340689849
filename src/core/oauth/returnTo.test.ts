import { describe, expect, it } from 'vitest'
import { resolveReturnTo, returnAddress } from './returnTo'

const PAGE = 'https://shop.test/checkout?item=42#pay'
const REDIRECT = 'https://shop.test/checkout'

describe('resolveReturnTo', () => {
  it('given nothing, a redirect comes back to the whole page (query and fragment), a popup to nothing', () => {
    expect(resolveReturnTo(undefined, 'redirect', REDIRECT, PAGE)).toBe(PAGE)
    expect(resolveReturnTo(undefined, 'popup', REDIRECT, PAGE)).toBeUndefined()
    // A page of another origin than the answer's (a tenant's fixed redirect URI elsewhere): nothing to restore.
    expect(resolveReturnTo(undefined, 'redirect', 'https://auth.shop.test/cb', PAGE)).toBeUndefined()
  })

  it('resolves a path against the page, and leaves out an earlier answer’s parameters', () => {
    expect(resolveReturnTo('/orders?id=7#top', 'redirect', REDIRECT, PAGE)).toBe('https://shop.test/orders?id=7#top')
    expect(resolveReturnTo('https://shop.test/a?code=x&state=y&keep=1', 'popup', REDIRECT, PAGE)).toBe(
      'https://shop.test/a?keep=1',
    )
  })

  it('refuses an address of another origin, or not http(s)', () => {
    for (const address of ['https://evil.test/', '//evil.test/x', 'javascript:alert(1)', 'http://shop.test/']) {
      expect(() => resolveReturnTo(address, 'redirect', REDIRECT, PAGE)).toThrow(
        expect.objectContaining({ code: 'CONFIG_INVALID' }),
      )
    }
  })
})

describe('returnAddress', () => {
  const CALLBACK = 'https://shop.test/checkout#state=abc&id_token=t'

  it('on the page the answer came back to, restores its query and fragment', () => {
    expect(returnAddress(PAGE, CALLBACK)).toEqual({ address: PAGE, elsewhere: undefined })
  })

  it('on another path of the site, cleans the answer and names the page to go to once signed in', () => {
    expect(returnAddress('https://shop.test/orders?id=7', 'https://shop.test/auth/cb?code=c&state=s')).toEqual({
      address: 'https://shop.test/auth/cb',
      elsewhere: 'https://shop.test/orders?id=7',
    })
  })

  it('ignores a returnTo of another origin (storage written by someone else) or none', () => {
    for (const returnTo of ['https://evil.test/checkout', 'javascript:alert(1)', undefined]) {
      expect(returnAddress(returnTo, CALLBACK)).toEqual({ address: 'https://shop.test/checkout', elsewhere: undefined })
    }
  })
})
