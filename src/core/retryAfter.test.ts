import { describe, expect, it } from 'vitest'
import { KitError } from './errors'
import { readRetryAfterSeconds, withRetryAfter } from './retryAfter'

const retryInfo = (retryDelay: unknown) => ({ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay })

describe('readRetryAfterSeconds', () => {
  it.each([
    [[retryInfo('23s')], null, 23],
    [[retryInfo('0.250s')], null, 1],
    [[retryInfo({ seconds: '4', nanos: 500_000_000 })], null, 5],
    [[{ '@type': 'type.googleapis.com/google.rpc.QuotaFailure' }, retryInfo('9s')], '60', 9],
    [[], '17', 17],
    [[retryInfo('soon')], ' 12 ', 12],
  ])('reads %j with Retry-After %j as %i s', (details, header, seconds) => {
    expect(readRetryAfterSeconds(details, header)).toBe(seconds)
  })

  it.each([
    [[], null],
    [[{ retryDelay: '5s' }], null],
    [[retryInfo('-5s')], 'Wed, 21 Oct 2015 07:28:00 GMT'],
    [[], 'soon'],
    [[], '2030-10-21T07:28:00Z'],
    [['23s', null], '-1'],
  ])('says nothing for %j with Retry-After %j', (details, header) => {
    expect(readRetryAfterSeconds(details, header)).toBeUndefined()
  })
})

describe('readRetryAfterSeconds: an HTTP date (what a CDN or a WAF may send)', () => {
  const now = Date.parse('Wed, 21 Oct 2030 07:28:00 GMT')

  it('is the seconds from now until then, rounded up', () => {
    expect(readRetryAfterSeconds([], 'Wed, 21 Oct 2030 07:28:30 GMT', now)).toBe(30)
    expect(readRetryAfterSeconds([], 'Wed, 21 Oct 2030 07:28:30 GMT', now + 500)).toBe(30)
  })

  it('says nothing for a date now or past', () => {
    expect(readRetryAfterSeconds([], 'Wed, 21 Oct 2030 07:28:00 GMT', now)).toBeUndefined()
    expect(readRetryAfterSeconds([], 'Wed, 21 Oct 2030 07:27:00 GMT', now)).toBeUndefined()
  })

  it("withRetryAfter measures it from the answer's Date, not the device clock", () => {
    const limited = new KitError('RATE_LIMITED', 'x: HTTP 429', { status: 429 })
    const headers = new Headers({
      'Retry-After': 'Wed, 21 Oct 2030 07:29:00 GMT',
      Date: 'Wed, 21 Oct 2030 07:28:00 GMT',
    })
    const error = withRetryAfter(limited, headers)
    expect(error).toMatchObject({ code: 'RATE_LIMITED', status: 429, retryAfterSeconds: 60 })
    expect(error.userMessage).toBe('Too many attempts. Please wait 60 seconds and try again.')
  })
})
