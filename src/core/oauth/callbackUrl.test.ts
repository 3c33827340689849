import { describe, expect, it } from 'vitest'
import { cleanOAuthCallbackUrl, isOAuthCallback, parseOAuthCallback } from './callbackUrl'

const STATE = 'S'.repeat(43)
// A JWT's shape: three base64url parts.
const ID_TOKEN = 'eyJhbGciOiJSUzI1NiJ9.eyJub25jZSI6Im4ifQ.c2ln'

describe('parseOAuthCallback', () => {
  it('reads code and state from the query', () => {
    expect(parseOAuthCallback(`https://app.example.com/cb?code=abc&state=${STATE}&scope=openid`)).toEqual({
      responseMode: 'query',
      code: 'abc',
      state: STATE,
    })
  })

  it('reads an error and its description, decoded', () => {
    expect(
      parseOAuthCallback(
        `https://app.example.com/cb?error=access_denied&error_description=User+said+no&state=${STATE}`,
      ),
    ).toEqual({
      responseMode: 'query',
      error: 'access_denied',
      errorDescription: 'User said no',
      state: STATE,
    })
  })

  it('reads the fragment when the provider answered with response_mode=fragment', () => {
    expect(parseOAuthCallback(`https://app.example.com/cb#state=${STATE}&code=xyz`)).toEqual({
      responseMode: 'fragment',
      code: 'xyz',
      state: STATE,
    })
  })

  it('reads Google’s id_token answer from the fragment, with what Google adds', () => {
    expect(
      parseOAuthCallback(`https://app.example.com/cb#state=${STATE}&id_token=${ID_TOKEN}&authuser=0&prompt=consent`),
    ).toEqual({
      responseMode: 'fragment',
      idToken: ID_TOKEN,
      state: STATE,
    })
  })

  it('reads Apple’s answer in Apple’s order: state, code, id_token', () => {
    expect(
      parseOAuthCallback(`https://app.example.com/cb#state=${STATE}&code=c0de.apple&id_token=${ID_TOKEN}`),
    ).toEqual({
      responseMode: 'fragment',
      code: 'c0de.apple',
      idToken: ID_TOKEN,
      state: STATE,
    })
  })

  it('reads an error in the fragment, where Google and Apple answer', () => {
    expect(
      parseOAuthCallback(`https://app.example.com/cb#error=access_denied&error_description=Cancelled&state=${STATE}`),
    ).toEqual({
      responseMode: 'fragment',
      error: 'access_denied',
      errorDescription: 'Cancelled',
      state: STATE,
    })
  })

  it('reads Facebook’s query answer despite its #_=_', () => {
    expect(parseOAuthCallback(`https://app.example.com/cb?code=fb&state=${STATE}#_=_`)).toEqual({
      responseMode: 'query',
      code: 'fb',
      state: STATE,
    })
  })

  it('prefers a whole answer in the fragment to an app’s own ?code= in the query', () => {
    expect(parseOAuthCallback(`https://app.example.com/cb?code=promo#state=${STATE}&code=xyz`)).toMatchObject({
      responseMode: 'fragment',
      code: 'xyz',
    })
  })

  it('is undefined for a URL with no answer, and refuses what is not a URL', () => {
    expect(parseOAuthCallback('https://app.example.com/cb?tab=2#top')).toBeUndefined()
    expect(() => parseOAuthCallback('/cb?code=1')).toThrow(/parseOAuthCallback\(url\): expected an absolute URL/)
  })
})

describe('isOAuthCallback', () => {
  it.each([
    [`https://a.example/cb?code=1&state=${STATE}`, true],
    [`https://a.example/cb?error=access_denied&state=${STATE}`, true],
    [`https://a.example/cb#code=1&state=${STATE}`, true],
    [`https://a.example/cb#state=${STATE}&id_token=${ID_TOKEN}`, true],
    [`https://a.example/cb#error=access_denied&state=${STATE}`, true],
    [`https://a.example/cb#id_token=${ID_TOKEN}`, false],
    ['https://a.example/cb?code=1', false],
    ['https://a.example/cb?error=oops', false],
    [`https://a.example/cb?state=${STATE}`, false],
    ['https://a.example/cb', false],
  ])('%s → %s', (url, expected) => {
    expect(isOAuthCallback(url)).toBe(expected)
  })
})

describe('cleanOAuthCallbackUrl', () => {
  it('removes every parameter of the answer from the query and keeps the app’s', () => {
    expect(
      cleanOAuthCallbackUrl(
        `https://app.example.com/login?tab=2&code=4%2F0Ad&state=${STATE}&scope=openid+email&authuser=0&prompt=consent&iss=https%3A%2F%2Faccounts.google.com#section`,
      ),
    ).toBe('https://app.example.com/login?tab=2#section')
  })

  it('leaves no `?` when only the answer was in the query', () => {
    expect(
      cleanOAuthCallbackUrl(`https://app.example.com/login?error=access_denied&error_description=no&state=${STATE}`),
    ).toBe('https://app.example.com/login')
  })

  it('removes an answer in the fragment, keeping the rest of the fragment', () => {
    expect(cleanOAuthCallbackUrl(`https://app.example.com/cb#state=${STATE}&code=xyz`)).toBe(
      'https://app.example.com/cb',
    )
    expect(cleanOAuthCallbackUrl(`https://app.example.com/cb?tab=2#view=grid&state=${STATE}&code=xyz`)).toBe(
      'https://app.example.com/cb?tab=2#view=grid',
    )
  })

  it('removes an id_token answer from the fragment, Google’s extras and Apple’s code with it', () => {
    expect(
      cleanOAuthCallbackUrl(`https://app.example.com/cb#state=${STATE}&id_token=${ID_TOKEN}&authuser=0&prompt=consent`),
    ).toBe('https://app.example.com/cb')
    expect(cleanOAuthCallbackUrl(`https://app.example.com/cb?tab=2#state=${STATE}&code=c&id_token=${ID_TOKEN}`)).toBe(
      'https://app.example.com/cb?tab=2',
    )
  })

  it('removes Facebook’s #_=_ after a query answer, and on its own', () => {
    expect(cleanOAuthCallbackUrl(`https://app.example.com/cb?code=1&state=${STATE}#_=_`)).toBe(
      'https://app.example.com/cb',
    )
    expect(cleanOAuthCallbackUrl(`https://app.example.com/cb?error=access_denied&state=${STATE}#_=_`)).toBe(
      'https://app.example.com/cb',
    )
    expect(cleanOAuthCallbackUrl('https://app.example.com/cb?tab=2#_=_')).toBe('https://app.example.com/cb?tab=2')
  })

  it('leaves a URL that is not a callback as it is (an app’s own ?code= or ?prompt=)', () => {
    const url = 'https://app.example.com/redeem?code=PROMO&prompt=yes#top'
    expect(cleanOAuthCallbackUrl(url)).toBe(url)
  })

  it('accepts a URL object without changing it', () => {
    const url = new URL(`https://app.example.com/cb?code=1&state=${STATE}`)
    expect(cleanOAuthCallbackUrl(url)).toBe('https://app.example.com/cb')
    expect(url.search).toBe(`?code=1&state=${STATE}`)
  })
})
