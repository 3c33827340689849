import { describe, expect, it } from 'vitest'
import { checkFaultRule } from './checkFaultRule'

const TARGETS = ['otp_init', 'otp_verify', 'submit/stamp_login', 'query/get_user']

function refusal(value: unknown, path = ''): string {
  try {
    checkFaultRule(value, TARGETS, path)
  } catch (error) {
    expect(error).toBeInstanceOf(TypeError)
    return (error as TypeError).message
  }
  throw new Error('expected a TypeError')
}

describe('checkFaultRule', () => {
  it('answers a copy of a good rule of every kind', () => {
    const rules = [
      { endpoint: 'otp_init', fault: { kind: 'error', code: 14, message: 'down', retryAfterSeconds: 3 } },
      {
        endpoint: 'submit/stamp_login',
        call: 2,
        fault: { kind: 'page', status: 429, retryAfter: '30', body: '<p>slow down</p>', contentType: 'text/html' },
      },
      { endpoint: 'otp_verify', times: 2, fault: { kind: 'drop', after: true } },
      { endpoint: 'query/get_user', call: 1, times: Infinity, fault: { kind: 'late', ms: 50 } },
      { endpoint: 'otp_init', fault: { kind: 'truncate' } },
      { endpoint: 'otp_init', fault: { kind: 'contentType', contentType: 'text/plain' } },
    ]
    for (const rule of rules) {
      const checked = checkFaultRule(rule, TARGETS)
      expect(checked).toEqual(rule)
      expect(checked).not.toBe(rule)
      expect(checked.fault).not.toBe(rule.fault)
    }
  })

  it('names the field at fault, under the given path', () => {
    expect(refusal({ endpoint: 'otp_init', fault: { kind: 'x' } }, 'faults[0]')).toBe(
      'faults[0].fault.kind: expected one of error, page, drop, late, truncate, contentType, got "x"',
    )
    expect(refusal(null)).toBe('rule: expected an object {endpoint, call?, times?, fault}, got null')
    expect(refusal([], 'faults[2]')).toMatch(/^faults\[2\]: expected an object/)
    expect(refusal({ endpoint: 'otp_nope', fault: { kind: 'truncate' } })).toMatch(
      /^endpoint: expected a proxy endpoint or a public API operation \(one of otp_init, otp_verify, submit\/stamp_login, query\/get_user\), got "otp_nope"$/,
    )
    expect(refusal({ endpoint: 'submit/nope', fault: { kind: 'truncate' } })).toMatch(
      /^endpoint: .*got "submit\/nope"$/,
    )
    expect(refusal({ endpoint: 'otp_init' })).toBe('fault: expected an object {kind, ...}, got undefined')
    expect(refusal({ endpoint: 'otp_init', fault: { kind: 'truncate' }, call: 0 })).toMatch(/^call: expected .* got 0$/)
    expect(refusal({ endpoint: 'otp_init', fault: { kind: 'truncate' }, call: 1.5 })).toMatch(/^call: .* got 1.5$/)
    expect(refusal({ endpoint: 'otp_init', fault: { kind: 'truncate' }, times: 0 })).toMatch(/^times: .* got 0$/)
    expect(refusal({ endpoint: 'otp_init', fault: { kind: 'truncate' }, every: 2 })).toBe(
      'every: unknown member (expected endpoint, call, times, fault)',
    )
  })

  it("checks each kind's own fields", () => {
    const at = (fault: object): string => refusal({ endpoint: 'otp_init', fault })
    expect(at({ kind: 'error' })).toMatch(/^fault.code: expected a gRPC status code 1..16 .* got undefined$/)
    expect(at({ kind: 'error', code: 17 })).toMatch(/^fault.code: .* got 17$/)
    expect(at({ kind: 'error', code: 14, message: 3 })).toBe('fault.message: expected a string, got 3')
    expect(at({ kind: 'error', code: 8, retryAfterSeconds: -1 })).toMatch(/^fault.retryAfterSeconds: .* got -1$/)
    expect(at({ kind: 'page' })).toMatch(/^fault.status: expected an HTTP status 200..599 .* got undefined$/)
    expect(at({ kind: 'page', status: 204 })).toMatch(/^fault.status: .* got 204$/)
    expect(at({ kind: 'page', status: 600 })).toMatch(/^fault.status: .* got 600$/)
    expect(at({ kind: 'page', status: 503, retryAfter: '' })).toBe(
      'fault.retryAfter: expected a non-empty string, got ""',
    )
    expect(at({ kind: 'page', status: 503, contentType: 1 })).toBe(
      'fault.contentType: expected a non-empty string, got 1',
    )
    expect(at({ kind: 'drop', after: 'yes' })).toMatch(/^fault.after: .* got "yes"$/)
    expect(at({ kind: 'late' })).toMatch(/^fault.ms: expected a delay in milliseconds.* got undefined$/)
    expect(at({ kind: 'late', ms: -5 })).toMatch(/^fault.ms: .* got -5$/)
    expect(at({ kind: 'contentType', contentType: '' })).toBe('fault.contentType: expected a non-empty string, got ""')
    // A member of another kind is a mistake, not something to ignore.
    expect(at({ kind: 'truncate', ms: 5 })).toBe('fault.ms: unknown member for kind "truncate" (expected kind)')
    expect(at({ kind: 'drop', code: 14 })).toBe('fault.code: unknown member for kind "drop" (expected kind, after)')
  })
})
