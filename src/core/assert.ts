import { KitError } from './errors'

// Misuse of the kit by the app (a wrong argument) is a set-up problem, so it carries CONFIG_INVALID:
// its userMessage ("Sign-in is not set up for this site") is the honest thing to show, and the developer message
// names the function, the argument and what was expected, so the fix is obvious.

/** Describes a received value for an error message without dumping secrets or huge objects. */
export function describeValue(value: unknown): string {
  if (value === null) return 'null'
  if (typeof value === 'string') {
    return value.length > 80 ? `a string of length ${value.length}` : JSON.stringify(value)
  }
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') {
    return String(value)
  }
  if (value instanceof Uint8Array) return `${value.length} bytes`
  if (Array.isArray(value)) return `an array of length ${value.length}`
  return typeof value === 'object' ? 'an object' : typeof value
}

export function invalidArgument(label: string, expected: string, value: unknown): KitError {
  return new KitError('CONFIG_INVALID', `${label}: expected ${expected}, got ${describeValue(value)}`)
}

export function assertNonEmptyString(value: unknown, label: string): asserts value is string {
  if (typeof value !== 'string' || value.trim() === '') {
    throw invalidArgument(label, 'a non-empty string', value)
  }
}

export function assertObject(value: unknown, label: string): asserts value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw invalidArgument(label, 'an object', value)
  }
}

export function assertInteger(value: unknown, label: string, min: number, max: number): asserts value is number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw invalidArgument(label, `an integer from ${min} to ${max}`, value)
  }
}

/** `value` has these methods (a Storage, a KeyStore, an event target): duck-typed, as objects from other realms must pass. */
export function assertMethods(value: unknown, methods: readonly string[], label: string, expected: string): void {
  const candidate = value as Record<string, unknown> | null | undefined
  if (!methods.every((method) => typeof candidate?.[method] === 'function'))
    throw invalidArgument(label, expected, value)
}
