import { describe, expect, it, vi } from 'vitest'
import { createPageCodes, newestCode } from './pageCodes'

const mine = { otpId: 'otp-1', code: 'AAAAAA' }
const elsewhere = { otpId: 'otp-2', code: 'BBBBBB' }
const mineAgain = { otpId: 'otp-3', code: 'CCCCCC' }

describe('the codes this page asked for, and those dismissed', () => {
  it('shows only a code this page asked for, once it is in the outbox', () => {
    const codes = createPageCodes()
    expect(newestCode([elsewhere], codes.getSnapshot())).toBeUndefined()
    codes.asked(mine.otpId)
    // Asked for, not arrived yet.
    expect(newestCode([elsewhere], codes.getSnapshot())).toBeUndefined()
    // Another tab's or test's newer code does not take its place.
    expect(newestCode([elsewhere, mine], codes.getSnapshot())).toBe(mine)
    expect(newestCode(undefined, codes.getSnapshot())).toBeUndefined()
  })

  it('shows the newest until it is closed, and a newer one replaces it', () => {
    const codes = createPageCodes()
    codes.asked(mine.otpId)
    codes.asked(mineAgain.otpId)
    // Asked for, not arrived yet: the one that has arrived shows meanwhile.
    expect(newestCode([elsewhere, mine], codes.getSnapshot())).toBe(mine)
    expect(newestCode([mineAgain, elsewhere, mine], codes.getSnapshot())).toBe(mineAgain)
    codes.dismiss(mineAgain.otpId)
    // The older code does not come back when the newest is closed: it was replaced.
    expect(newestCode([mineAgain, elsewhere, mine], codes.getSnapshot())).toBeUndefined()
  })

  it('tells its subscribers of each change, and not of one that changes nothing', () => {
    const codes = createPageCodes()
    const listener = vi.fn()
    const unsubscribe = codes.subscribe(listener)
    codes.asked(mine.otpId)
    codes.asked(mine.otpId)
    codes.dismiss(mine.otpId)
    codes.dismiss(mine.otpId)
    expect(listener).toHaveBeenCalledTimes(2)
    const before = codes.getSnapshot()
    unsubscribe()
    codes.asked(mineAgain.otpId)
    expect(listener).toHaveBeenCalledTimes(2)
    expect(codes.getSnapshot()).not.toBe(before)
    expect(codes.getSnapshot().asked).toEqual([mine.otpId, mineAgain.otpId])
  })
})
