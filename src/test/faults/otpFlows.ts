// Sign-in by a code, by email or SMS, for a new and a returning user: createOtpFlow, as the UI runs it.
import { createOtpFlow, type OtpFlow, type OtpFlowSnapshot } from '../../core/otp/createOtpFlow'
import type { Session } from '../../core/contracts'
import type { Kit } from '../../core/createKit'
import type { MockAuthProxy } from '../../mock/types'
import type { FlowDef, Identity } from './flow'
import type { World } from './world'

export const EMAIL = 'ada@example.com'
const PHONE = '+447700900123'

function latestCode(mock: MockAuthProxy, contact: string): string {
  const message = mock.outbox(contact)[0]
  if (message === undefined) throw new Error(`no code was sent to ${contact}`)
  return message.code
}

/** Waits out (by moving the clocks) what the snapshot says to wait for: a rate limit's countdown. */
function waitOut(world: World, snapshot: OtpFlowSnapshot): void {
  const { error } = snapshot
  const announced = error?.code === 'RATE_LIMITED' ? (error.retryAfterSeconds ?? 30) : 0
  const seconds = Math.max(snapshot.retrySecondsLeft, announced)
  if (seconds > 0) world.advance(seconds)
}

/** Signs in once by a code, cleanly, and stays signed in (in `kit`: another tab's; default the world's). */
export async function signInByEmail(world: World, kit: Kit = world.kit): Promise<void> {
  const flow = createOtpFlow(kit, { otpType: 'OTP_TYPE_EMAIL' })
  await flow.start(EMAIL)
  await flow.verify(latestCode(world.mock, EMAIL))
  flow.destroy()
}

async function signUpByCode(world: World, otpType: 'OTP_TYPE_EMAIL' | 'OTP_TYPE_SMS', contact: string): Promise<void> {
  const flow = createOtpFlow(world.kit, { otpType })
  await flow.start(contact)
  await flow.verify(latestCode(world.mock, contact))
  const { step, error } = flow.getSnapshot()
  flow.destroy()
  if (step !== 'done') throw new Error(`setup: the first sign-in by code failed: ${error?.code ?? step}`)
  await world.kit.session.logout()
  world.advance(60)
}

export function otpFlowDef(
  name: string,
  otpType: 'OTP_TYPE_EMAIL' | 'OTP_TYPE_SMS',
  returning: boolean,
  /** 'v2': the current generation (the code sealed to the enclave's target, an attested stamp_login). */
  otpProtocol: 'v1' | 'v2' = 'v1',
  /**
   * Runs once the returning user has signed up and out, before the flow under test starts: another
   * tab's sign-in. Its session, if any, is the one the flow's failure must leave in place.
   */
  beforeFlow?: (world: World) => Promise<{ sessionBefore: Session | null; dispose(): void }>,
): FlowDef {
  const contact = otpType === 'OTP_TYPE_EMAIL' ? EMAIL : PHONE
  const [init, verify, signup, login] =
    otpProtocol === 'v2'
      ? (['otp_init_v2', 'otp_verify_v2', 'signup_v2', 'submit/stamp_login'] as const)
      : (['otp_init', 'otp_verify', 'signup', 'otp_login'] as const)
  const identity: Identity =
    otpType === 'OTP_TYPE_EMAIL' ? { kind: 'email', email: EMAIL } : { kind: 'phone', phoneNumber: PHONE }
  return {
    name,
    otpProtocol,
    steps: returning ? [init, verify, 'account', login] : [init, verify, 'account', signup, login],
    async prepare(world, step) {
      if (returning) await signUpByCode(world, otpType, contact)
      const before = (await beforeFlow?.(world)) ?? { sessionBefore: null, dispose: () => undefined }
      const flow: OtpFlow = createOtpFlow(world.kit, { otpType })
      let code: string | undefined
      if (step !== init) {
        await flow.start(contact)
        if (flow.getSnapshot().step !== 'code')
          throw new Error(`setup: no code was sent: ${flow.getSnapshot().error?.code}`)
        code = latestCode(world.mock, contact)
      }
      const outcome = () => {
        const snapshot = flow.getSnapshot()
        return snapshot.step === 'done'
          ? undefined
          : (snapshot.error ?? new Error(`the flow stopped at ${snapshot.step} without an error`))
      }
      return {
        async call() {
          if (code === undefined) {
            await flow.start(contact)
            if (flow.getSnapshot().step !== 'code') return outcome()
            code = latestCode(world.mock, contact)
          }
          await flow.verify(code)
          return outcome()
        },
        async recover() {
          // A failed send: start again, after the countdown when there is one.
          let refusedRestarts = 0
          for (let attempt = 0; attempt < 4 && flow.getSnapshot().step === 'contact'; attempt += 1) {
            waitOut(world, flow.getSnapshot())
            await flow.start(contact)
            if (flow.getSnapshot().step === 'code') code = latestCode(world.mock, contact)
            else refusedRestarts += 1
          }
          let sameCode = true
          let needsNewCode = false
          for (let attempt = 0; attempt < 6 && flow.getSnapshot().step === 'code'; attempt += 1) {
            const snapshot = flow.getSnapshot()
            waitOut(world, snapshot)
            if (snapshot.needsNewCode || needsNewCode) {
              const before = flow.getSnapshot()
              if (!before.canResend && before.resendSecondsLeft > 0) world.advance(before.resendSecondsLeft)
              await flow.resend()
              if (flow.getSnapshot().error !== null) {
                needsNewCode = true
                continue
              }
              needsNewCode = false
              sameCode = false
              code = latestCode(world.mock, contact)
            }
            // Same code: it resumes after otp_verify (the flow keeps the verification token).
            await flow.verify(code as string)
          }
          // Stuck: the flow's last error says where.
          const { step: reached, error } = flow.getSnapshot()
          if (reached !== 'done')
            throw error ?? new Error(`the recovery stopped at the ${reached} step without an error`)
          return { sameCode, refusedRestarts }
        },
        neededKeys() {
          const { challenge } = flow.getSnapshot()
          return challenge === undefined ? [] : [challenge.publicKey]
        },
        keptKeys: () => (flow.getSnapshot().maybeSent ? 1 : 0),
        countdown: () => flow.getSnapshot().retrySecondsLeft,
        sessionBefore: before.sessionBefore,
        identities: [identity],
        dispose() {
          flow.destroy()
          before.dispose()
        },
      }
    },
  }
}
