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
})
