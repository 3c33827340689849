import { describe, expect, it, vi } from 'vitest'
import { createDismissedCodes, newestCode } from './dismissedCodes'

const older = { otpId: 'otp-1', code: 'AAAAAA' }
const newer = { otpId: 'otp-2', code: 'BBBBBB' }
const newest = { otpId: 'otp-3', code: 'CCCCCC' }

describe('the codes the newest-code toast no longer shows', () => {
  it('shows nothing before the first read, and nothing of what the outbox held when the page opened', () => {
    const store = createDismissedCodes()
    expect(newestCode([older], store.getSnapshot())).toBeUndefined()
    store.noteFirstRead([older])
    expect(newestCode([older], store.getSnapshot())).toBeUndefined()
    // A code sent after the page opened is news.
    expect(newestCode([newer, older], store.getSnapshot())).toBe(newer)
  })

  it('takes only the first read as what was there before: later reads add nothing', () => {
    const store = createDismissedCodes()
    store.noteFirstRead([])
    store.noteFirstRead([newer])
    expect(newestCode([newer], store.getSnapshot())).toBe(newer)
  })

  it('shows the newest until it is closed, and a newer code replaces it', () => {
    const store = createDismissedCodes()
    store.noteFirstRead([])
    expect(newestCode([newer, older], store.getSnapshot())).toBe(newer)
    expect(newestCode([newest, newer, older], store.getSnapshot())).toBe(newest)
    store.dismiss(newest.otpId)
    // The older code does not come back when the newest is closed: it was replaced.
    expect(newestCode([newest, newer, older], store.getSnapshot())).toBeUndefined()
    expect(newestCode(undefined, store.getSnapshot())).toBeUndefined()
  })

  it('tells its subscribers of each change, and not of one that changes nothing', () => {
    const store = createDismissedCodes()
    const listener = vi.fn()
    const unsubscribe = store.subscribe(listener)
    store.noteFirstRead([older])
    store.noteFirstRead([newer])
    store.dismiss(newer.otpId)
    store.dismiss(newer.otpId)
    store.dismiss(older.otpId)
    expect(listener).toHaveBeenCalledTimes(2)
    const before = store.getSnapshot()
    unsubscribe()
    store.dismiss(newest.otpId)
    expect(listener).toHaveBeenCalledTimes(2)
    expect(store.getSnapshot()).not.toBe(before)
  })
})
