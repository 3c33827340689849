// Checking a fault rule: from a test's code or, over HTTP, from any JSON. Every refusal is a TypeError
// naming the field by its path (`faults[0].fault.kind`), like the mock's other options.
import type { MockFault, MockFaultRule, MockFaultTarget } from '../types'

export const FAULT_KINDS: readonly MockFault['kind'][] = ['error', 'page', 'drop', 'late', 'truncate', 'contentType']

/** The members each kind takes besides `kind`. */
const KIND_FIELDS: Readonly<Record<MockFault['kind'], readonly string[]>> = {
  error: ['code', 'message', 'retryAfterSeconds'],
  page: ['status', 'body', 'contentType', 'retryAfter'],
  drop: ['after'],
  late: ['ms'],
  truncate: [],
  contentType: ['contentType'],
}

const RULE_FIELDS = ['endpoint', 'call', 'times', 'fault']

/** Statuses whose answer can have no body (the Response constructor refuses one). */
const NULL_BODY_STATUSES = new Set([204, 205, 304])

/** A late answer longer than this is a mistake (a test would hang), not a fault. */
const MAX_LATE_MS = 600_000

/**
 * Answers a checked copy of `value`. `targets` are the names a rule may target: the proxy's endpoints
 * and the public API's `submit/<name>`, `query/<name>`. `path` prefixes field names ('faults[0]', or ''
 * for a rule on its own).
 */
export function checkFaultRule(value: unknown, targets: readonly string[], path = ''): MockFaultRule {
  const at = (field: string): string => (path === '' ? field : `${path}.${field}`)
  const rule = asObject(value, path === '' ? 'rule' : path, '{endpoint, call?, times?, fault}')
  unknownMembers(rule, RULE_FIELDS, at)

  const endpoint = rule['endpoint']
  if (typeof endpoint !== 'string' || !targets.includes(endpoint)) {
    throw new TypeError(
      `${at('endpoint')}: expected a proxy endpoint or a public API operation (one of ${targets.join(', ')}), got ${show(endpoint)}`,
    )
  }
  const checked: MockFaultRule = {
    endpoint: endpoint as MockFaultTarget,
    fault: checkFault(rule['fault'], at('fault')),
  }
  if (rule['call'] !== undefined) {
    if (!isWholeNumber(rule['call'], 1)) {
      throw new TypeError(
        `${at('call')}: expected the call's number, a whole number >= 1 (1 is the first call), got ${show(rule['call'])}`,
      )
    }
    checked.call = rule['call']
  }
  if (rule['times'] !== undefined) {
    const times = rule['times']
    if (times !== Infinity && !isWholeNumber(times, 1)) {
      throw new TypeError(
        `${at('times')}: expected how many calls, a whole number >= 1 (or Infinity), got ${show(times)}`,
      )
    }
    checked.times = times as number
  }
  return checked
}

function checkFault(value: unknown, path: string): MockFault {
  const fault = asObject(value, path, `{kind, ...}`)
  const kind = fault['kind']
  if (typeof kind !== 'string' || !(FAULT_KINDS as readonly string[]).includes(kind)) {
    throw new TypeError(`${path}.kind: expected one of ${FAULT_KINDS.join(', ')}, got ${show(kind)}`)
  }
  const known = kind as MockFault['kind']
  unknownMembers(fault, ['kind', ...KIND_FIELDS[known]], (field) => `${path}.${field}`, ` for kind "${known}"`)
  const field = (name: string): unknown => fault[name]
  switch (known) {
    case 'error': {
      const code = field('code')
      if (!isWholeNumber(code, 1) || code > 16) {
        throw new TypeError(`${path}.code: expected a gRPC status code 1..16 (e.g. 14 UNAVAILABLE), got ${show(code)}`)
      }
      const result: Extract<MockFault, { kind: 'error' }> = { kind: 'error', code }
      const message = optionalString(field('message'), `${path}.message`, true)
      if (message !== undefined) result.message = message
      const retryAfterSeconds = field('retryAfterSeconds')
      if (retryAfterSeconds !== undefined) {
        if (!isWholeNumber(retryAfterSeconds, 0)) {
          throw new TypeError(
            `${path}.retryAfterSeconds: expected a whole number of seconds >= 0, got ${show(retryAfterSeconds)}`,
          )
        }
        result.retryAfterSeconds = retryAfterSeconds
      }
      return result
    }
    case 'page': {
      const status = field('status')
      if (!isWholeNumber(status, 200) || status > 599 || NULL_BODY_STATUSES.has(status)) {
        throw new TypeError(
          `${path}.status: expected an HTTP status 200..599 that has a body (not 204, 205 or 304), got ${show(status)}`,
        )
      }
      const result: Extract<MockFault, { kind: 'page' }> = { kind: 'page', status }
      const body = optionalString(field('body'), `${path}.body`, true)
      if (body !== undefined) result.body = body
      const contentType = optionalString(field('contentType'), `${path}.contentType`, false)
      if (contentType !== undefined) result.contentType = contentType
      const retryAfter = optionalString(field('retryAfter'), `${path}.retryAfter`, false)
      if (retryAfter !== undefined) result.retryAfter = retryAfter
      return result
    }
    case 'drop': {
      const after = field('after')
      if (after !== undefined && typeof after !== 'boolean') {
        throw new TypeError(`${path}.after: expected true (drop after processing) or false, got ${show(after)}`)
      }
      return after === undefined ? { kind: 'drop' } : { kind: 'drop', after }
    }
    case 'late': {
      const ms = field('ms')
      if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0 || ms > MAX_LATE_MS) {
        throw new TypeError(`${path}.ms: expected a delay in milliseconds, 0..${MAX_LATE_MS}, got ${show(ms)}`)
      }
      return { kind: 'late', ms }
    }
    case 'truncate':
      return { kind: 'truncate' }
    case 'contentType': {
      const contentType = optionalString(field('contentType'), `${path}.contentType`, false)
      return contentType === undefined ? { kind: 'contentType' } : { kind: 'contentType', contentType }
    }
  }
}

function asObject(value: unknown, path: string, expected: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new TypeError(`${path}: expected an object ${expected}, got ${show(value)}`)
  }
  return value as Record<string, unknown>
}

function unknownMembers(
  object: Record<string, unknown>,
  known: readonly string[],
  at: (field: string) => string,
  context = '',
): void {
  for (const key of Object.keys(object)) {
    if (!known.includes(key)) {
      throw new TypeError(`${at(key)}: unknown member${context} (expected ${known.join(', ') || 'none'})`)
    }
  }
}

function optionalString(value: unknown, path: string, emptyAllowed: boolean): string | undefined {
  if (value === undefined) return undefined
  if (typeof value !== 'string' || (!emptyAllowed && value.trim() === '')) {
    throw new TypeError(`${path}: expected ${emptyAllowed ? 'a string' : 'a non-empty string'}, got ${show(value)}`)
  }
  return value
}

function isWholeNumber(value: unknown, min: number): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= min
}

/** A value as a message shows it: strings quoted, the rest as JSON (undefined as such). */
function show(value: unknown): string {
  if (value === undefined) return 'undefined'
  if (typeof value === 'number' && !Number.isFinite(value)) return String(value)
  return JSON.stringify(value) ?? String(value)
}
