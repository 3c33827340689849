// The people the mock's consent page lets you sign in as. Their `sub` is derived, not random, so that the
// same person is the same account at every start of the mock (an e2e test that signs up and logs in
// again across a restart lands in the same organization).
import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js'
import { MockError } from './http'
import { MOCK_OAUTH_PROVIDERS, type MockOAuthProvider } from './oauthProviders'
import type { MockOAuthIdentity, MockOAuthIdentityInput, MockState } from './types'
import { Fields, type JsonObject } from './validate'

interface Person {
  name: string
  email?: string | undefined
}

const EVERYWHERE: readonly Person[] = [
  { name: 'Ada Lovelace', email: 'ada@example.com' },
  { name: 'Grace Hopper', email: 'grace@example.com' },
]
/** X gives no email by default: the kit must sign up without one. */
const EXTRA: Partial<Record<MockOAuthProvider, readonly Person[]>> = { x: [{ name: 'Alan Turing' }] }

/** OIDC limits `sub` to 255 ASCII characters. */
const SUB_PATTERN = /^[\x21-\x7e]{1,255}$/

export function defaultOAuthIdentities(): MockOAuthIdentity[] {
  return MOCK_OAUTH_PROVIDERS.flatMap((provider) =>
    [...EVERYWHERE, ...(EXTRA[provider] ?? [])].map((person) => identityFor(provider, person)),
  )
}

export function findOAuthIdentity(
  state: MockState,
  provider: MockOAuthProvider,
  sub: string,
): MockOAuthIdentity | undefined {
  return state.oauthIdentities.find((identity) => identity.provider === provider && identity.sub === sub)
}

/**
 * Checks an identity to add (plain JSON from `POST /__mock/oauth/identities`, or the JS API) and adds it
 * at its provider, or at every provider. Bad fields are 3, a `sub` already taken at a provider is 6;
 * nothing is added unless all of it can be.
 */
export function addOAuthIdentities(state: MockState, input: JsonObject): MockOAuthIdentity[] {
  const fields = new Fields(input)
  const provider = fields.has('provider') ? fields.oneOf('provider', MOCK_OAUTH_PROVIDERS) : undefined
  const name = fields.nonEmptyString('name').trim()
  if (name.length > 100) throw new MockError(3, `name: expected at most 100 characters, got ${name.length}`)
  const email = fields.optionalEmail('email')
  const sub = fields.optionalString('sub')
  if (sub !== undefined && !SUB_PATTERN.test(sub)) {
    throw new MockError(3, 'sub: expected 1 to 255 printable ASCII characters without spaces')
  }
  const person: Person = email === undefined ? { name } : { name, email: email.toLowerCase() }
  const added = (provider === undefined ? MOCK_OAUTH_PROVIDERS : [provider]).map((at) => {
    const identity = identityFor(at, person)
    return sub === undefined ? identity : { ...identity, sub }
  })
  for (const identity of added) {
    if (findOAuthIdentity(state, identity.provider, identity.sub) !== undefined) {
      throw new MockError(6, `sub: ${identity.provider} already has an identity with sub "${identity.sub}"`)
    }
  }
  state.oauthIdentities.push(...added)
  return structuredClone(added)
}

/** The JS API's shape of the same check, throwing TypeError like the other option checks do. */
export function addOAuthIdentityOrThrow(state: MockState, input: MockOAuthIdentityInput): MockOAuthIdentity[] {
  try {
    return addOAuthIdentities(state, { ...input })
  } catch (error) {
    if (error instanceof MockError) throw new TypeError(`addOAuthIdentity: ${error.message}`, { cause: error })
    throw error
  }
}

function identityFor(provider: MockOAuthProvider, person: Person): MockOAuthIdentity {
  const seed = `${provider}\n${person.email ?? `name:${person.name}`}`
  const identity: MockOAuthIdentity = {
    provider,
    sub: `mock-${bytesToHex(sha256(utf8ToBytes(seed))).slice(0, 24)}`,
    name: person.name,
  }
  if (person.email !== undefined) identity.email = person.email
  return identity
}
