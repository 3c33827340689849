// The pending sign-in, kept between startOAuth and completeOAuth. Its storage key is the `state`, so
// a callback can only find the flow this browser started, and only once: completeOAuth removes it
// before it sends anything.
import { assertNonEmptyString } from '../assert'
import { base64urlEncode } from '../encoding'
import { isCompressedPublicKey } from '../keys/p256'
import type { OAuthStorage } from './kitOAuth'
import { OAUTH_PROVIDERS, isOAuthProviderName, type OAuthProviderName } from './providers'

export type OAuthMode = 'redirect' | 'popup'

/** How long a pending sign-in waits for the provider's answer. */
export const OAUTH_PENDING_TTL_MS = 10 * 60_000

export interface PendingOAuth {
  state: string
  provider: OAuthProviderName
  mode: OAuthMode
  /**
   * oauthNonce(publicKey): sent to the provider (Google, Apple, Facebook), whose id_token must carry it,
   * or to oauth2_authenticate (X, Discord).
   */
  nonce: string
  /** The new client key the session will be bound to. */
  publicKey: string
  /** The PKCE verifier, for the providers that use PKCE (Facebook, X, Discord) only. */
  codeVerifier?: string | undefined
  redirectUri: string
  clientId: string
  returnTo?: string | undefined
  /** ms since the epoch (kit.now()). */
  createdAt: number
}

// 32 random bytes, base64url: 256 bits, far beyond guessing, and the same alphabet the check accepts.
const STATE = /^[A-Za-z0-9_-]{43}$/

/** A fresh `state`: 32 random bytes, base64url without padding. */
export function generateOAuthState(): string {
  return base64urlEncode(crypto.getRandomValues(new Uint8Array(32)))
}

export function isOAuthState(value: unknown): value is string {
  return typeof value === 'string' && STATE.test(value)
}

/** `auth-proxy-kit:<configId>:oauth:<state>` */
export function pendingOAuthKey(configId: string, state: string): string {
  assertNonEmptyString(configId, 'pendingOAuthKey(configId)')
  return `${pendingOAuthPrefix(configId)}${state}`
}

function pendingOAuthPrefix(configId: string): string {
  return `auth-proxy-kit:${configId}:oauth:`
}

export function savePendingOAuth(storage: OAuthStorage, configId: string, record: PendingOAuth): void {
  storage.setItem(pendingOAuthKey(configId, record.state), JSON.stringify(record))
}

/** The record stored for `state`; undefined when there is none or it is not one of ours. */
export function readPendingOAuth(storage: OAuthStorage, configId: string, state: string): PendingOAuth | undefined {
  if (!isOAuthState(state)) return undefined
  return parsePendingOAuth(storage.getItem(pendingOAuthKey(configId, state)), state)
}

export function removePendingOAuth(storage: OAuthStorage, configId: string, state: string): void {
  storage.removeItem(pendingOAuthKey(configId, state))
}

export function isPendingOAuthExpired(record: PendingOAuth, now: number): boolean {
  return now - record.createdAt > OAUTH_PENDING_TTL_MS
}

/**
 * Storage keys of this tenant's pending sign-ins, with their records (undefined when unreadable).
 * Empty when the storage cannot be enumerated.
 */
export function listPendingOAuth(
  storage: OAuthStorage,
  configId: string,
): { key: string; record: PendingOAuth | undefined }[] {
  if (typeof storage.key !== 'function' || typeof storage.length !== 'number') return []
  const prefix = pendingOAuthPrefix(configId)
  const keys: string[] = []
  for (let index = 0; index < storage.length; index++) {
    const key = storage.key(index)
    if (key !== null && key.startsWith(prefix)) keys.push(key)
  }
  return keys.map((key) => ({ key, record: parsePendingOAuth(storage.getItem(key), key.slice(prefix.length)) }))
}

function parsePendingOAuth(text: string | null, state: string): PendingOAuth | undefined {
  if (text === null) return undefined
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return undefined
  }
  const record = value as Partial<PendingOAuth> | null
  const isString = (field: unknown) => typeof field === 'string' && field !== ''
  if (
    typeof record !== 'object' ||
    record === null ||
    record.state !== state ||
    !isOAuthProviderName(record.provider) ||
    (record.mode !== 'redirect' && record.mode !== 'popup') ||
    !isString(record.nonce) ||
    !isCompressedPublicKey(record.publicKey) ||
    // A verifier exactly where the provider uses PKCE: one is never kept where nothing redeems it.
    (OAUTH_PROVIDERS[record.provider].pkce ? !isString(record.codeVerifier) : record.codeVerifier !== undefined) ||
    !isString(record.redirectUri) ||
    !isString(record.clientId) ||
    (record.returnTo !== undefined && typeof record.returnTo !== 'string') ||
    typeof record.createdAt !== 'number' ||
    !Number.isFinite(record.createdAt)
  ) {
    return undefined
  }
  return record as PendingOAuth
}
