import { describe, expect, it } from 'vitest'
import type { MockFaultRule } from '../types'
import { createFaultPlan } from './faultPlan'

const TARGETS = ['otp_init', 'otp_verify', 'submit/stamp_login']
const TRUNCATE = { kind: 'truncate' } as const

/** Which of `count` calls to `target` get a fault (1-based). */
function faulted(plan: ReturnType<typeof createFaultPlan>, target: string, count: number): number[] {
  const calls: number[] = []
  for (let call = 1; call <= count; call += 1) if (plan.take(target) !== undefined) calls.push(call)
  return calls
}

describe('the fault plan', () => {
  it('faults every call when neither call nor times is given', () => {
    const plan = createFaultPlan(TARGETS)
    plan.add({ endpoint: 'otp_init', fault: TRUNCATE })
    expect(faulted(plan, 'otp_init', 4)).toEqual([1, 2, 3, 4])
    expect(faulted(plan, 'otp_verify', 2)).toEqual([])
  })

  it('faults the Nth call once when call is given, and `times` calls from it', () => {
    const plan = createFaultPlan(TARGETS)
    plan.add({ endpoint: 'otp_init', call: 2, fault: TRUNCATE })
    expect(faulted(plan, 'otp_init', 4)).toEqual([2])
    plan.clear()
    plan.add({ endpoint: 'otp_init', call: 2, times: 2, fault: TRUNCATE })
    expect(faulted(plan, 'otp_init', 5)).toEqual([2, 3])
    plan.clear()
    plan.add({ endpoint: 'otp_init', times: 2, fault: TRUNCATE })
    expect(faulted(plan, 'otp_init', 4)).toEqual([1, 2])
  })

  it('counts calls from when the rule was added', () => {
    const plan = createFaultPlan(TARGETS)
    expect(faulted(plan, 'otp_init', 3)).toEqual([])
    plan.add({ endpoint: 'otp_init', call: 2, fault: TRUNCATE })
    expect(faulted(plan, 'otp_init', 3)).toEqual([2])
  })

  it('applies the first matching rule, while every rule at the endpoint counts the call', () => {
    const plan = createFaultPlan(TARGETS)
    plan.add({ endpoint: 'otp_init', call: 1, fault: { kind: 'drop' } })
    plan.add({ endpoint: 'otp_init', call: 1, times: 2, fault: { kind: 'late', ms: 5 } })
    expect(plan.take('otp_init')).toEqual({ kind: 'drop' })
    // The second rule counted call 1 too: call 2 is its second and last.
    expect(plan.take('otp_init')).toEqual({ kind: 'late', ms: 5 })
    expect(plan.take('otp_init')).toBeUndefined()
    expect(plan.list().map((rule) => rule.hits)).toEqual([1, 1])
  })

  it('lists the rules with their hits, as copies; a used-up rule stays listed', () => {
    const plan = createFaultPlan(TARGETS)
    const rule: MockFaultRule = { endpoint: 'submit/stamp_login', call: 1, fault: { kind: 'error', code: 14 } }
    plan.add(rule)
    expect(plan.list()).toEqual([{ ...rule, hits: 0 }])
    plan.take('submit/stamp_login')
    plan.take('submit/stamp_login')
    const listed = plan.list()
    expect(listed).toEqual([{ ...rule, hits: 1 }])
    listed[0]!.fault = { kind: 'truncate' }
    ;(listed[0]!.fault as { kind: string }).kind = 'drop'
    expect(plan.list()[0]!.fault).toEqual({ kind: 'error', code: 14 })
    // Changing the rule given to add changes nothing either.
    rule.endpoint = 'otp_init'
    expect(plan.list()[0]!.endpoint).toBe('submit/stamp_login')
  })

  it("add's remover removes that rule only, once", () => {
    const plan = createFaultPlan(TARGETS)
    const removeFirst = plan.add({ endpoint: 'otp_init', fault: TRUNCATE })
    plan.add({ endpoint: 'otp_verify', fault: TRUNCATE })
    removeFirst()
    removeFirst()
    expect(plan.list().map((rule) => rule.endpoint)).toEqual(['otp_verify'])
    expect(plan.take('otp_init')).toBeUndefined()
    expect(plan.take('otp_verify')).toEqual(TRUNCATE)
  })

  it('checks rules: added ones and initial ones, by their index', () => {
    const plan = createFaultPlan(TARGETS)
    expect(() => plan.add({ endpoint: 'nope' as 'otp_init', fault: TRUNCATE })).toThrow(TypeError)
    expect(plan.list()).toEqual([])
    expect(() =>
      createFaultPlan(TARGETS, [
        { endpoint: 'otp_init', fault: TRUNCATE },
        { endpoint: 'otp_init', fault: { kind: 'x' } as unknown as MockFaultRule['fault'] },
      ]),
    ).toThrow('faults[1].fault.kind: expected one of error, page, drop, late, truncate, contentType, got "x"')
    const initial = createFaultPlan(TARGETS, [{ endpoint: 'otp_verify', call: 1, fault: TRUNCATE }])
    expect(initial.take('otp_verify')).toEqual(TRUNCATE)
  })
})
