import { describe, expect, it } from 'vitest'
import { fakeStorage } from '../test/fakes'
import {
  UNFINISHED_PASSKEY_SIGNUPS_LIMIT,
  unfinishedPasskeySignUps,
  unfinishedPasskeySignUpsKey,
} from './unfinishedPasskeySignUps'

describe('unfinishedPasskeySignUps', () => {
  it('remembers credential ids per config id, forgets one when asked, and removes the item when empty', () => {
    const storage = fakeStorage()
    const demo = unfinishedPasskeySignUps(storage, 'demo')
    const other = unfinishedPasskeySignUps(storage, 'other')
    demo.remember('cred-1', 1000)
    expect(demo.has('cred-1')).toBe(true)
    expect(other.has('cred-1')).toBe(false)
    expect(JSON.parse(storage.getItem(unfinishedPasskeySignUpsKey('demo')) ?? '')).toEqual([
      { credentialId: 'cred-1', failedAt: 1000 },
    ])
    demo.forget('cred-1')
    expect(demo.has('cred-1')).toBe(false)
    expect(storage.items.has(unfinishedPasskeySignUpsKey('demo'))).toBe(false)
  })

  it(`keeps the ${UNFINISHED_PASSKEY_SIGNUPS_LIMIT} most recent, once each`, () => {
    const storage = fakeStorage()
    const list = unfinishedPasskeySignUps(storage, 'demo')
    for (let index = 0; index < UNFINISHED_PASSKEY_SIGNUPS_LIMIT + 2; index += 1) list.remember(`cred-${index}`, index)
    list.remember('cred-5', 99)
    const kept = JSON.parse(storage.getItem(unfinishedPasskeySignUpsKey('demo')) ?? '') as { credentialId: string }[]
    expect(kept).toHaveLength(UNFINISHED_PASSKEY_SIGNUPS_LIMIT)
    expect(list.has('cred-0')).toBe(false)
    expect(list.has('cred-1')).toBe(false)
    expect(list.has('cred-2')).toBe(true)
    expect(kept.at(-1)).toEqual({ credentialId: 'cred-5', failedAt: 99 })
  })

  it('treats unreadable contents as nothing remembered, and a storage that throws as a no-op', () => {
    const storage = fakeStorage({ [unfinishedPasskeySignUpsKey('demo')]: '{not json' })
    const list = unfinishedPasskeySignUps(storage, 'demo')
    expect(list.has('cred-1')).toBe(false)
    list.remember('cred-1', 1)
    expect(list.has('cred-1')).toBe(true)
    const blocked = {
      getItem: () => {
        throw new Error('SecurityError')
      },
      setItem: () => {
        throw new Error('QuotaExceededError')
      },
      removeItem: () => {
        throw new Error('SecurityError')
      },
    }
    const nowhere = unfinishedPasskeySignUps(blocked, 'demo')
    expect(() => nowhere.remember('cred-1', 1)).not.toThrow()
    expect(nowhere.has('cred-1')).toBe(false)
    expect(() => nowhere.forget('cred-1')).not.toThrow()
  })
})
