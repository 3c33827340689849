import { describe, expect, it } from 'vitest'
import { readRetryAfterSeconds } from './retryAfter'

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
    [[retryInfo('-5s')], 'Wed, 21 Oct 2030 07:28:00 GMT'],
    [['23s', null], '-1'],
  ])('says nothing for %j with Retry-After %j', (details, header) => {
    expect(readRetryAfterSeconds(details, header)).toBeUndefined()
  })
})
