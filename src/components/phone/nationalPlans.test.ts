import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { NATIONAL_PLANS_FILE, nationalPlansSource } from '../../../scripts/nationalPlans'
import { COUNTRY_DIAL_CODES } from './countryDialCodes'
import { NATIONAL_PLANS } from './nationalPlans'

describe('the national plans table', () => {
  it('is what scripts/nationalPlans.ts writes from the installed libphonenumber-js (run it if this fails)', () => {
    expect(readFileSync(NATIONAL_PLANS_FILE, 'utf8')).toBe(nationalPlansSource())
  })

  it('has one entry per listed country', () => {
    expect(NATIONAL_PLANS.split(' ')).toHaveLength(COUNTRY_DIAL_CODES.length)
  })

  it("gives the first country listed for a shared calling code bounds that hold the others' (numbers typed with + are checked by it)", () => {
    const entries = NATIONAL_PLANS.split(' ')
    const bounds = (index: number) => ({
      min: parseInt(entries[index]!.charAt(0), 36),
      max: parseInt(entries[index]!.charAt(1), 36),
    })
    COUNTRY_DIAL_CODES.forEach(({ code, dialCode }, index) => {
      // North America's +1 is held to 10 digits by toE164 itself (Canada's plan also allows 7).
      if (dialCode.startsWith('1')) return expect({ code, max: bounds(index).max }).toEqual({ code, max: 10 })
      const first = COUNTRY_DIAL_CODES.findIndex((country) => country.dialCode === dialCode)
      const own = bounds(index)
      const owner = bounds(first)
      expect({ code, holds: owner.min <= own.min && owner.max >= own.max }).toEqual({ code, holds: true })
    })
  })
})
