import { invalidArgument } from '../assert'
import type { SignInIdentity } from '../contracts'

/** What is kept at `<storageKey>:identity`: the identity, with the user and key it belongs to. */
export interface StoredIdentity {
  userId: string
  publicKey: string
  identity: SignInIdentity
}

// The methods and fields an identity may carry; anything else in storage is left out.
const METHODS = ['email', 'sms', 'oauth', 'passkey']
const FIELDS = ['contact', 'provider', 'email', 'name'] as const

/**
 * A copy of `value` with its method and the known fields that are non-empty strings (others are left
 * out: the identity is only shown); CONFIG_INVALID when it has no known method.
 */
export function checkIdentity(value: unknown, label: string): SignInIdentity {
  const candidate = Object(value) as Record<string, unknown>
  if (!METHODS.includes(candidate.method as string))
    throw invalidArgument(`${label}.method`, "'email', 'sms', 'oauth' or 'passkey'", candidate.method)
  const identity: Record<string, unknown> = { method: candidate.method }
  for (const field of FIELDS)
    if (typeof candidate[field] === 'string' && candidate[field] !== '') identity[field] = candidate[field]
  return identity as unknown as SignInIdentity
}

/** The stored identity, or undefined when there is none or it is not one (another version's, edited by hand). */
export function readIdentity(text: string | null): StoredIdentity | undefined {
  try {
    const { userId, publicKey, identity } = JSON.parse(text ?? 'null') as StoredIdentity
    return typeof userId === 'string' && typeof publicKey === 'string'
      ? { userId, publicKey, identity: checkIdentity(identity, '') }
      : undefined
  } catch {
    return undefined
  }
}
