// The wrong-code message with the tries left: in English the kit's own message (which counts them), in
// French the locale's message and its plural form of the count. The errors come from core's OTP flow,
// as the proxy's answers make them.
import { afterEach, describe, expect, it } from 'vitest'
import { createKit, type Kit } from '../../core/createKit'
import { KitError } from '../../core/errors'
import { completeOtp } from '../../core/otp/completeOtp'
import { startOtp } from '../../core/otp/startOtp'
import { fakeFetch, grpcError, json } from '../../core/test/fakeFetch'
import { testKitOptions } from '../../core/test/testKitOptions'
import { en } from '../locales/en'
import { fr } from '../locales/fr'
import { errorMessage } from './errorMessage'
import { resolveLabels } from './resolveLabels'

let kits: Kit[] = []
afterEach(() => {
  for (const kit of kits) kit.destroy()
  kits = []
})

/** The error completeOtp throws when otp_verify answers a wrong code with this message. */
async function wrongCode(proxyMessage: string): Promise<KitError> {
  const fake = fakeFetch({
    wallet_kit_config: json({ organizationId: 'org-parent' }),
    otp_init: json({ otpId: 'otp-1' }),
    otp_verify: grpcError(3, proxyMessage, 400),
  })
  const kit = createKit(testKitOptions(fake.fetch, () => Date.UTC(2030, 5, 1)))
  kits.push(kit)
  const challenge = await startOtp(kit, { otpType: 'OTP_TYPE_EMAIL', contact: 'ada@example.com' })
  const error = await completeOtp(kit, { challenge, code: 'AB12CD' }).catch((e: unknown) => e)
  if (!(error instanceof KitError)) throw new Error(`expected a KitError, got ${String(error)}`)
  return error
}

const EN_WRONG = 'That code is not right. Check it and try again.'

describe('errorMessage: a wrong code', () => {
  it.each([
    ['Invalid OTP code; 1 attempt left', `${EN_WRONG} 1 attempt left.`],
    ['Invalid OTP code; 2 attempts left', `${EN_WRONG} 2 attempts left.`],
    ['Invalid OTP code', EN_WRONG],
  ])('in English, %s: the kit message, the count said once', async (proxyMessage, shown) => {
    expect(errorMessage(en, await wrongCode(proxyMessage))).toBe(shown)
  })

  it.each([
    ['Invalid OTP code; 1 attempt left', `${fr.errors.OTP_CODE_INVALID} Il vous reste 1 essai.`],
    ['Invalid OTP code; 2 attempts left', `${fr.errors.OTP_CODE_INVALID} Il vous reste 2 essais.`],
    ['Invalid OTP code; 0 attempts left', `${fr.errors.OTP_CODE_INVALID} Il vous reste 0 essai.`],
    ['Invalid OTP code', fr.errors.OTP_CODE_INVALID],
  ])('in French, %s: the French message and its count', async (proxyMessage, shown) => {
    const message = errorMessage(resolveLabels(fr), await wrongCode(proxyMessage))
    expect(message).toBe(shown)
    expect(message).not.toMatch(/attempt/)
  })

  it("counts after an English app's own wording too, in English", async () => {
    const labels = resolveLabels({}, { errors: { OTP_CODE_INVALID: 'Wrong code.' } })
    expect(errorMessage(labels, await wrongCode('Invalid OTP code; 2 attempts left'))).toBe(
      'Wrong code. 2 attempts left.',
    )
  })

  it('leaves an error without a count as its wording', () => {
    const error = new KitError('OTP_EXPIRED', 'otp_verify: expired')
    expect(errorMessage(resolveLabels(fr), error)).toBe(fr.errors.OTP_EXPIRED)
    expect(errorMessage(en, error)).toBe(error.userMessage)
  })
})
