// Reading request bodies. Every reader throws a MockError (3 INVALID_ARGUMENT) whose message names the
// field by its full path (`apiKeys[0].publicKey`) and says what was expected and what came, so that a
// developer can fix the call from the message alone.
import { p256 } from '@noble/curves/nist.js'
import { MockError } from './http'
import { arrayCap, MAX_JSON_DEPTH, stringCap } from './limits'

export type JsonObject = Record<string, unknown>

/** Describes a JSON value's type for messages: `null` and arrays are named as such. */
export function describe(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  if (typeof value === 'string') return value === '' ? 'an empty string' : 'a string'
  if (typeof value === 'object') return 'an object'
  return `a ${typeof value}`
}

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function camelCase(key: string): string {
  // Only an underscore inside a word is a word break: `__proto__` stays as it is.
  return key.replace(/(?<=[a-zA-Z0-9])_([a-z0-9])/g, (_match, letter: string) => letter.toUpperCase())
}

/** The value of an own member, or undefined: `constructor` or `__proto__` is a name like any other. */
export function ownMember(object: JsonObject, name: string): unknown {
  return Object.hasOwn(object, name) ? object[name] : undefined
}

/**
 * A JSON object with no prototype: a member named `__proto__` or `constructor` is an own member like
 * any other, and reading a member the request did not send finds nothing inherited.
 */
export function emptyJsonObject(): JsonObject {
  return Object.create(null) as JsonObject
}

/**
 * Like a protobuf-JSON server, accept each field's snake_case spelling too (`otp_id`, `public_key`):
 * the seed writes some fields that way. Keys are rewritten at every depth; a field given in both
 * spellings is refused rather than one silently winning. JSON.parse makes `"__proto__"` an own member;
 * the copy keeps it one (a plain `{}` would take it as the copy's prototype).
 */
export function normalizeKeys(value: unknown, path = ''): unknown {
  if (Array.isArray(value)) {
    // Capped before anything reads an item: `authenticators[0].attestation.transports` as `transports`.
    const field = /([A-Za-z0-9_]+)(?:\[\d+\])*$/.exec(path)?.[1] ?? ''
    const cap = arrayCap(camelCase(field))
    if (value.length > cap) {
      throw new MockError(3, `${path}: too many items: at most ${cap} for ${field}, got ${value.length}`)
    }
    return value.map((item, index) => normalizeKeys(item, `${path}[${index}]`))
  }
  if (!isJsonObject(value)) return value
  const result = emptyJsonObject()
  const spelledAs = new Map<string, string>()
  for (const [key, item] of Object.entries(value)) {
    const name = camelCase(key)
    const fieldPath = path === '' ? name : `${path}.${name}`
    const earlier = spelledAs.get(name)
    if (earlier !== undefined) {
      throw new MockError(3, `${fieldPath}: given twice (as ${earlier} and ${key}); send it once`)
    }
    spelledAs.set(name, key)
    Object.defineProperty(result, name, {
      value: normalizeKeys(item, fieldPath),
      enumerable: true,
      writable: true,
      configurable: true,
    })
  }
  return result
}

/**
 * Refuses JSON nested deeper than MAX_JSON_DEPTH by a linear scan of the text, strings skipped, before
 * JSON.parse: a body 10,000 levels deep must never reach a recursive function (normalizeKeys, the
 * readers), whose stack it would overflow.
 */
export function assertJsonDepth(text: string, what: string): void {
  let depth = 0
  let inString = false
  for (let index = 0; index < text.length; index += 1) {
    const char = text.charCodeAt(index)
    if (inString) {
      if (char === 0x5c)
        index += 1 // a backslash escapes the next character, a quote included
      else if (char === 0x22) inString = false
    } else if (char === 0x22) {
      inString = true
    } else if (char === 0x7b || char === 0x5b) {
      depth += 1
      if (depth > MAX_JSON_DEPTH) {
        throw new MockError(3, `${what}: JSON nested deeper than ${MAX_JSON_DEPTH} levels; send a flatter value`)
      }
    } else if (char === 0x7d || char === 0x5d) {
      depth -= 1
    }
  }
}

/** JSON.parse after the depth check; `what` names the text in messages ('request body'). */
export function parseJson(text: string, what: string): unknown {
  assertJsonDepth(text, what)
  try {
    return JSON.parse(text)
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    throw new MockError(3, `${what}: not valid JSON (${reason})`)
  }
}

/** Parses a request body; an empty body counts as `{}` only when `emptyAllowed`. */
export function parseJsonObject(text: string, emptyAllowed: boolean): JsonObject {
  if (text.trim() === '') {
    if (emptyAllowed) return emptyJsonObject()
    throw new MockError(3, 'request body: expected a JSON object, got an empty body')
  }
  const parsed = parseJson(text, 'request body')
  if (!isJsonObject(parsed)) {
    throw new MockError(3, `request body: expected a JSON object, got ${describe(parsed)}`)
  }
  return normalizeKeys(parsed) as JsonObject
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/
const E164_PATTERN = /^\+[1-9]\d{6,14}$/
const HEX_PATTERN = /^(?:[0-9a-fA-F]{2})*$/

export function isEmail(value: string): boolean {
  return value.length <= 254 && EMAIL_PATTERN.test(value)
}

export function isE164(value: string): boolean {
  return E164_PATTERN.test(value)
}

export function isHex(value: string): boolean {
  return HEX_PATTERN.test(value)
}

/** A redirect URI the authorization server may send a browser to (RFC 6749 3.1.2: absolute, no fragment). */
export function isAbsoluteHttpUrl(value: string): boolean {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return false
  }
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hash === '' && !value.includes('#')
}

/**
 * Typed access to one JSON object's fields, with the object's path for messages. Members are read as
 * own properties only, and every string is held to its field's cap (limits.ts), so that no reader can
 * forget either.
 */
export class Fields {
  readonly object: JsonObject
  readonly path: string

  constructor(object: JsonObject, path = '') {
    this.object = object
    this.path = path
  }

  /** The full path of a field, for messages. */
  name(field: string): string {
    return this.path === '' ? field : `${this.path}.${field}`
  }

  /** The member as sent; undefined when the request has no such own member. */
  value(field: string): unknown {
    return ownMember(this.object, field)
  }

  has(field: string): boolean {
    const value = this.value(field)
    return value !== undefined && value !== null
  }

  private fail(field: string, expected: string): never {
    const value = this.value(field)
    const got = value === undefined ? 'nothing' : describe(value)
    throw new MockError(3, `${this.name(field)}: expected ${expected}, got ${got}`)
  }

  string(field: string): string {
    const value = this.value(field)
    if (typeof value !== 'string') this.fail(field, 'a string')
    assertWithinCap(value, field, this.name(field))
    return value
  }

  nonEmptyString(field: string): string {
    const value = this.string(field)
    if (value.trim() === '') this.fail(field, 'a non-empty string')
    return value
  }

  /** Absent and `null` both mean "not given", as in protobuf JSON. */
  optionalString(field: string): string | undefined {
    return this.has(field) ? this.string(field) : undefined
  }

  boolean(field: string): boolean {
    const value = this.value(field)
    if (typeof value !== 'boolean') this.fail(field, 'true or false')
    return value
  }

  optionalBoolean(field: string): boolean | undefined {
    return this.has(field) ? this.boolean(field) : undefined
  }

  /** 64-bit integers travel as decimal strings; numbers are accepted too. */
  integer(field: string): number {
    const value = this.value(field)
    const expected = 'an integer (a number or a decimal string)'
    if (typeof value === 'number') {
      if (!Number.isSafeInteger(value)) this.fail(field, expected)
      return value
    }
    if (typeof value === 'string' && /^-?\d{1,15}$/.test(value)) return Number(value)
    return this.fail(field, expected)
  }

  optionalInteger(field: string): number | undefined {
    return this.has(field) ? this.integer(field) : undefined
  }

  oneOf<T extends string>(field: string, values: readonly T[]): T {
    const value = this.value(field)
    if (typeof value === 'string') assertWithinCap(value, field, this.name(field))
    if (typeof value !== 'string' || !(values as readonly string[]).includes(value)) {
      const got = typeof value === 'string' ? `"${value}"` : value === undefined ? 'nothing' : describe(value)
      throw new MockError(3, `${this.name(field)}: expected one of ${values.join(', ')}, got ${got}`)
    }
    return value as T
  }

  nested(field: string): Fields {
    const value = this.value(field)
    if (!isJsonObject(value)) this.fail(field, 'an object')
    return new Fields(value, this.name(field))
  }

  optionalObject(field: string): Fields | undefined {
    return this.has(field) ? this.nested(field) : undefined
  }

  array(field: string): unknown[] {
    const value = this.value(field)
    if (!Array.isArray(value)) {
      if (value === undefined) {
        throw new MockError(3, `${this.name(field)}: required; send [] when there is none`)
      }
      this.fail(field, 'an array')
    }
    return value
  }

  /** The items of an array field that must each be an object. */
  objects(field: string): Fields[] {
    return this.array(field).map((item, index) => {
      const path = `${this.name(field)}[${index}]`
      if (!isJsonObject(item)) throw new MockError(3, `${path}: expected an object, got ${describe(item)}`)
      return new Fields(item, path)
    })
  }

  /** A list of strings, each one of `values`. */
  oneOfList<T extends string>(field: string, values: readonly T[]): T[] {
    return this.array(field).map((item, index) => {
      if (typeof item === 'string') assertWithinCap(item, field, `${this.name(field)}[${index}]`)
      if (typeof item !== 'string' || !(values as readonly string[]).includes(item)) {
        const got = typeof item === 'string' ? `"${item}"` : describe(item)
        throw new MockError(3, `${this.name(field)}[${index}]: expected one of ${values.join(', ')}, got ${got}`)
      }
      return item as T
    })
  }

  email(field: string): string {
    const value = this.string(field)
    if (!isEmail(value)) {
      throw new MockError(3, `${this.name(field)}: expected an email address like name@example.com, got "${value}"`)
    }
    return value
  }

  optionalEmail(field: string): string | undefined {
    return this.has(field) ? this.email(field) : undefined
  }

  phoneNumber(field: string): string {
    const value = this.string(field)
    if (!isE164(value)) {
      throw new MockError(3, `${this.name(field)}: expected an E.164 phone number like +14155550123, got "${value}"`)
    }
    return value
  }

  optionalPhoneNumber(field: string): string | undefined {
    return this.has(field) ? this.phoneNumber(field) : undefined
  }

  /** A client key: the compressed P-256 point (33 bytes) as hex, answered in lowercase. */
  compressedP256PublicKey(field: string): string {
    const value = this.string(field)
    const expected = `${this.name(field)}: expected a compressed P-256 public key as 66 hex characters`
    if (value.length !== 66 || !isHex(value)) {
      const count = `${value.length} character${value.length === 1 ? '' : 's'}`
      throw new MockError(3, `${expected}, got ${count}${isHex(value) ? '' : ' (not hex)'}`)
    }
    const lower = value.toLowerCase()
    if (!parsesAsP256Point(lower)) {
      throw new MockError(3, `${expected}; this one is not a point on the P-256 curve`)
    }
    return lower
  }
}

/**
 * Refuses a string longer than its field's cap (limits.ts), naming the field and the cap: `field` is
 * the member's own name, which selects the cap; `path` is its full path, for the message.
 */
export function assertWithinCap(value: string, field: string, path: string): void {
  const cap = stringCap(field)
  if (value.length > cap) {
    throw new MockError(3, `${path}: too long: at most ${cap} characters for ${field}, got ${value.length}`)
  }
}

/**
 * The compressed lowercase hex form of a P-256 public key given compressed or uncompressed, or
 * undefined when it is not a point on the curve: one key has two spellings, and they must match.
 */
export function compressedP256Hex(hex: string): string | undefined {
  const lower = hex.toLowerCase()
  // A stamp is checked against every API key of the users in scope (all of a tenant's, for its parent
  // organization): each key is read off the curve once, not at every request.
  if (COMPRESSED.has(lower)) return COMPRESSED.get(lower)
  let compressed: string | undefined
  try {
    compressed = p256.Point.fromHex(lower).toHex(true)
  } catch {
    compressed = undefined
  }
  if (COMPRESSED.size >= COMPRESSED_MAX) COMPRESSED.delete(COMPRESSED.keys().next().value ?? '')
  COMPRESSED.set(lower, compressed)
  return compressed
}

/** compressedP256Hex's answers, oldest first: a bounded memory, as any key may be sent. */
const COMPRESSED = new Map<string, string | undefined>()
const COMPRESSED_MAX = 10_000

/** Point.fromHex checks the prefix and that the point lies on the curve. */
export function parsesAsP256Point(hex: string): boolean {
  try {
    p256.Point.fromHex(hex)
    return true
  } catch {
    return false
  }
}
