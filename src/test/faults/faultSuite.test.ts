// Issue 14, "Make it a suite": every flow, with each fault at each of its steps (or, where the steps
// would only repeat other flows' runs, at one: FlowDef.eachFaultOnce), one run each; and (issue 29)
// the faults of a device (conditions.ts) and of an OAuth provider itself (providerFaults.ts). A run
// holds when (1) the call ends signed in, or with the KitError code that is stable for the fault;
// (2) there is no session, or the right one; (3) no key is left that nothing references; (4) no
// identity has two accounts; (5) the documented recovery then signs in, and 2-4 still hold.
import { afterAll, describe, expect, it, vi, type TestContext } from 'vitest'
import { isKitError } from '../../core/errors'
import { logout } from '../../core/session/logout'
import type { MockFaultTarget } from '../../mock/types'
import { checkAfterFailure, checkSignedIn } from './checks'
import { CONDITIONS, type Condition } from './conditions'
import { expectationFor, isAbsorbed, mustRestartAtOnce, mustResumeWithSameCode } from './expectation'
import { FAULTS, LATE_TIMEOUT_MS, type FaultCase } from './faults'
import type { FlowDef, FlowRun } from './flow'
import { CONDITION_FLOWS, FLOWS, PROVIDER_RUNS, SIGN_INS } from './flows'
import { createTally } from './tally'
import { createWorld, type World } from './world'

const tally = createTally()

// A late answer is one the kit has given up on. In the runs of the `late` fault, setTimeout is fake:
// neither the kit's deadline (LATE_TIMEOUT_MS) nor the late answer (later) comes by itself, however long
// the healthy calls take on a busy machine. Once the mock has processed the faulted request and holds its
// answer (faultAfter, wrapped here), the test moves the fake clock to the kit's deadline.
const late = vi.hoisted(() => ({ answerHeld(): void {} }))
vi.mock('../../mock/faults/applyFault', async (importOriginal) => {
  const module = await importOriginal<typeof import('../../mock/faults/applyFault')>()
  return {
    ...module,
    faultAfter(...args: Parameters<typeof module.faultAfter>) {
      const answer = module.faultAfter(...args)
      if (args[0].kind === 'late') late.answerHeld()
      return answer
    },
  }
})

afterAll(() => {
  console.log(tally.summary())
})

/**
 * Runs `body`, counting it as held or failed under its flow and fault. The checks are soft (each
 * failure is reported and the run goes on), so that one run names every way it fails.
 */
async function counted(context: TestContext, flow: string, fault: string, body: () => Promise<void>): Promise<void> {
  try {
    await body()
    tally.record(flow, fault, (context.task.result?.errors ?? []).length === 0)
  } catch (error) {
    tally.record(flow, fault, false)
    throw error
  }
}

/** The outcome as compared: the code and the announced wait, or 'signed in'. */
function outcomeOf(error: unknown): { code: string; retryAfterSeconds?: number } | 'signed in' {
  if (error === undefined) return 'signed in'
  if (!isKitError(error)) return { code: `not a KitError: ${String(error)}` }
  return error.retryAfterSeconds === undefined
    ? { code: error.code }
    : { code: error.code, retryAfterSeconds: error.retryAfterSeconds }
}

/**
 * One run: the fault at the first `shots` calls to `step` from the call under test on. Once is the
 * matrix; twice, where the kit sends once more by itself after the first, shows what it does when its
 * second try fails too.
 */
async function run(flow: FlowDef, step: MockFaultTarget, fault: FaultCase, shots: 1 | 2): Promise<void> {
  const isLate = fault.fault.kind === 'late'
  if (isLate) {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    // Once faultAfter has set the held answer's timer and abort listener (the rest of this turn).
    late.answerHeld = () =>
      void setImmediate(() => {
        if (vi.isFakeTimers()) vi.advanceTimersByTime(LATE_TIMEOUT_MS)
      })
  }
  const world = createWorld({
    ...(isLate ? { timeoutMs: LATE_TIMEOUT_MS } : {}),
    ...(flow.otpProtocol === undefined ? {} : { otpProtocol: flow.otpProtocol }),
    ...(flow.wallet === true ? { wallet: true } : {}),
  })
  let flowRun: FlowRun | undefined
  try {
    flowRun = await flow.prepare(world, step)
    // A moment passes between what came before and the call (a stamped body carries the time).
    world.advance(1)
    world.addFault({ endpoint: step, call: 1, times: shots, fault: fault.fault })
    const error = await flowRun.call()
    const expected = expectationFor(flow, step, fault, shots)
    const outcome = outcomeOf(error)

    // 1. The call's outcome.
    if (expected.success) {
      expect.soft(outcome, 'the call').toBe('signed in')
      if (outcome === 'signed in') {
        await checkSignedIn(world, flowRun, 'after the call')
        return
      }
    } else {
      expect.soft(outcome === 'signed in' ? outcome : outcome.code, 'the code').toBeOneOf(expected.codes)
      if (expected.retryAfterSeconds !== undefined) {
        expect
          .soft(outcome === 'signed in' ? undefined : outcome.retryAfterSeconds, 'retryAfterSeconds')
          .toBe(expected.retryAfterSeconds)
        if (flowRun.countdown !== undefined) {
          expect.soft(flowRun.countdown(), 'the flow’s countdown (retrySecondsLeft)').toBe(expected.retryAfterSeconds)
        }
      }
      if (outcome === 'signed in') {
        await checkSignedIn(world, flowRun, 'after the call')
        return
      }
    }
    // 2-4.
    await checkAfterFailure(world, flowRun)

    // 5. The documented recovery, on a healthy connection (a fault that hit twice may have a shot left,
    // which the kit's own second try did not take), a moment later (after the wait a rate limit announced).
    world.clearFaults()
    world.advance(1 + (isKitError(error) ? (error.retryAfterSeconds ?? 0) : 0))
    const recovery = await flowRun.recover(error).catch((recoveryError: unknown) => {
      expect.soft(outcomeOf(recoveryError), 'the recovery').toBe('signed in')
      return undefined
    })
    await checkSignedIn(world, flowRun, 'after the recovery')
    if (recovery?.sameCode !== undefined && mustResumeWithSameCode(step, fault)) {
      expect.soft(recovery.sameCode, 'the recovery signed in with the code the person had').toBe(true)
    }
    if (recovery?.refusedRestarts !== undefined && mustRestartAtOnce(step)) {
      expect.soft(recovery.refusedRestarts, 'starts again refused after the countdown the flow showed').toBe(0)
    }
  } finally {
    flowRun?.dispose()
    world.kit.destroy()
    if (isLate) {
      late.answerHeld = () => {}
      vi.useRealTimers()
    }
  }
}

describe.each(FLOWS.map((flow) => [flow.name, flow] as const))('%s', (flowName, flow) => {
  const pairs =
    flow.eachFaultOnce === true
      ? FAULTS.map((fault, index) => [flow.steps[index % flow.steps.length] as MockFaultTarget, fault] as const)
      : flow.steps.flatMap((step) => FAULTS.map((fault) => [step, fault] as const))
  const cases = pairs.flatMap(([step, fault]) => {
    const once = [step, fault.name, fault, 1] as const
    return isAbsorbed(step, fault) ? [once, [step, `${fault.name} twice`, fault, 2] as const] : [once]
  })
  // Counted under the fault's name, once or twice: the summary's columns are the kinds of fault.
  it.for(cases)('%s × %s', ([step, , fault, shots], context) =>
    counted(context, flowName, fault.name, () => run(flow, step, fault, shots)),
  )
})

/**
 * One run on a device that goes wrong (conditions.ts): the flow from its start, the condition's fault
 * just before the call; the same checks as a network fault's, and the recovery once the device works.
 */
async function runOn(flow: FlowDef, condition: Condition): Promise<void> {
  const device = condition.setUp()
  let world: World | undefined
  let flowRun: FlowRun | undefined
  try {
    world = createWorld({
      ...device.world,
      ...(flow.otpProtocol === undefined ? {} : { otpProtocol: flow.otpProtocol }),
      ...(flow.wallet === true ? { wallet: true } : {}),
    })
    const [first] = flow.steps
    if (first === undefined) throw new Error(`${flow.name} has no step`)
    flowRun = await flow.prepare(world, first)
    world.advance(1)
    device.start?.(world)
    const error = await flowRun.call()
    const outcome = outcomeOf(error)
    const expected = condition.expected(flow)
    if (expected === 'success') {
      expect.soft(outcome, 'the call').toBe('signed in')
    } else {
      // A passkey sign-up that fails after the account exists says so (PASSKEY_SIGNUP_INCOMPLETE).
      const codes = [...expected.codes, ...(flow.passkeySignup === true ? ['PASSKEY_SIGNUP_INCOMPLETE'] : [])]
      expect.soft(outcome === 'signed in' ? outcome : outcome.code, 'the code').toBeOneOf(codes)
    }
    if (outcome === 'signed in') {
      await checkSignedIn(world, flowRun, 'after the call')
      condition.check?.(world)
      return
    }
    await checkAfterFailure(world, flowRun)
    device.heal(world)
    world.advance(1)
    await flowRun.recover(error).catch((recoveryError: unknown) => {
      expect.soft(outcomeOf(recoveryError), 'the recovery').toBe('signed in')
    })
    await checkSignedIn(world, flowRun, 'after the recovery')
    condition.check?.(world)
  } finally {
    flowRun?.dispose()
    world?.kit.destroy()
    device.restore?.()
  }
}

// Each condition once over flows that reach each kind of sign-in and a signature (flows.ts): a device's
// fault does not depend on which request is in flight, so the flows' steps would only repeat it.
describe.each(CONDITION_FLOWS.map((flow) => [flow.name, flow] as const))('%s on a device', (flowName, flow) => {
  it.for(CONDITIONS.map((condition) => [condition.name, condition] as const))('%s', ([, condition], context) =>
    counted(context, flowName, condition.name, () => runOn(flow, condition)),
  )
})

// The provider's own faults (providerFaults.ts): its token endpoint, its id_token.
describe.each(PROVIDER_RUNS.map(({ flow, conditions }) => [flow.name, flow, conditions] as const))(
  '%s at the provider',
  (flowName, flow, conditions) => {
    it.for(conditions.map((condition) => [condition.name, condition] as const))('%s', ([, condition], context) =>
      counted(context, flowName, condition.name, () => runOn(flow, condition)),
    )
  },
)

describe('logout (local)', () => {
  it.for(SIGN_INS.map((signIn) => [signIn.name, signIn] as const))(
    'after a sign-in by %s, leaves no session and no key',
    ([, signIn], context) =>
      counted(context, 'logout', 'none', async () => {
        const world = createWorld()
        try {
          await signIn.signIn(world)
          expect(world.kit.session.getSnapshot().status, 'signed in first').toBe('signedIn')
          await logout(world.kit)
          expect(world.kit.session.getSnapshot().session, 'the session').toBeNull()
          expect(await world.kit.keyStore.list(), 'the keys').toEqual([])
        } finally {
          world.kit.destroy()
        }
      }),
  )
})
