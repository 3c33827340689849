import { invalidArgument } from '../assert'
import type { SignInIdentity } from '../contracts'
import { isOAuthProviderName } from '../oauth/providerNames'

/** What is kept at `<storageKey>:identity`: the identity, with the user and key it belongs to. */
export interface StoredIdentity {
  userId: string
  publicKey: string
  identity: SignInIdentity
}

const METHODS: ReadonlySet<string> = new Set(['email', 'sms', 'oauth', 'passkey'])
const TEXT_FIELDS = ['contact', 'email', 'name'] as const

/** A copy of `value` with only the known fields, or a CONFIG_INVALID KitError naming the bad one. */
export function checkIdentity(value: unknown, label: string): SignInIdentity {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw invalidArgument(label, "{ method: 'email' | 'sms' | 'oauth' | 'passkey', contact?, provider?, email?, name? }", value)
  }
  const candidate = value as Record<string, unknown>
  const { method, provider } = candidate
  if (typeof method !== 'string' || !METHODS.has(method)) throw invalidArgument(`${label}.method`, "'email', 'sms', 'oauth' or 'passkey'", method)
  const identity: SignInIdentity = { method: method as SignInIdentity['method'] }
  if (provider !== undefined) {
    if (typeof provider !== 'string' || !isOAuthProviderName(provider)) throw invalidArgument(`${label}.provider`, 'an OAuth provider name', provider)
    identity.provider = provider
  }
  for (const field of TEXT_FIELDS) {
    const text = candidate[field]
    if (text === undefined) continue
    if (typeof text !== 'string' || text === '') throw invalidArgument(`${label}.${field}`, 'a non-empty string', text)
    identity[field] = text
  }
  return identity
}

/** The stored identity, or undefined when there is none or it is not one (another version's, edited by hand). */
export function readIdentity(text: string | null): StoredIdentity | undefined {
  if (text === null) return undefined
  try {
    const parsed = JSON.parse(text) as Partial<StoredIdentity> | null
    if (typeof parsed?.userId !== 'string' || typeof parsed.publicKey !== 'string') return undefined
    return { userId: parsed.userId, publicKey: parsed.publicKey, identity: checkIdentity(parsed.identity, 'stored identity') }
  } catch {
    return undefined
  }
}
