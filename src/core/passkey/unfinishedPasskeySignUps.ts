import type { SessionStorage } from '../contracts'

/** How many unfinished sign-ups are remembered: the oldest is forgotten first. A person makes few. */
export const UNFINISHED_PASSKEY_SIGNUPS_LIMIT = 10

interface UnfinishedSignUp {
  credentialId: string
  /** ms since the epoch, when the sign-up failed. */
  failedAt: number
}

/** Where one tenant's unfinished passkey sign-ups are kept (beside its session, in kit.storage). */
export function unfinishedPasskeySignUpsKey(configId: string): string {
  return `auth-proxy-kit:${configId}:unfinishedPasskeySignUps`
}

/**
 * The credential ids of passkey sign-ups that failed after the passkey was made, so that a later log-in
 * with such a passkey (after a reload too, from any button) can say that it may have no account. Kept in
 * kit.storage (localStorage by default), per config id, at most UNFINISHED_PASSKEY_SIGNUPS_LIMIT; an id
 * is forgotten once its passkey signs in. Storage that fails is ignored: this only improves a message.
 */
export interface UnfinishedPasskeySignUps {
  remember(credentialId: string, now: number): void
  has(credentialId: string): boolean
  forget(credentialId: string): void
}

export function unfinishedPasskeySignUps(storage: SessionStorage, configId: string): UnfinishedPasskeySignUps {
  const key = unfinishedPasskeySignUpsKey(configId)
  const read = (): UnfinishedSignUp[] => {
    try {
      const parsed: unknown = JSON.parse(storage.getItem(key) ?? '[]')
      return Array.isArray(parsed) ? parsed.filter(isUnfinishedSignUp) : []
    } catch {
      // Unreadable (blocked storage, or another writer's garbage): nothing remembered.
      return []
    }
  }
  const write = (entries: UnfinishedSignUp[]): void => {
    try {
      if (entries.length === 0) storage.removeItem(key)
      else storage.setItem(key, JSON.stringify(entries))
    } catch {
      // A full or blocked storage costs only the better message later.
    }
  }
  return {
    remember(credentialId, now) {
      const others = read().filter((entry) => entry.credentialId !== credentialId)
      write([...others, { credentialId, failedAt: now }].slice(-UNFINISHED_PASSKEY_SIGNUPS_LIMIT))
    },
    has: (credentialId) => read().some((entry) => entry.credentialId === credentialId),
    forget(credentialId) {
      const entries = read()
      const kept = entries.filter((entry) => entry.credentialId !== credentialId)
      if (kept.length !== entries.length) write(kept)
    },
  }
}

function isUnfinishedSignUp(value: unknown): value is UnfinishedSignUp {
  const candidate = value as Partial<UnfinishedSignUp> | null
  return (
    typeof candidate === 'object' &&
    candidate !== null &&
    typeof candidate.credentialId === 'string' &&
    typeof candidate.failedAt === 'number'
  )
}
