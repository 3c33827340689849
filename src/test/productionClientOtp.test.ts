// Production's own client (@turnkey/core 1.14) signs up and logs in again by email and by SMS against the
// mock: every call it makes, in production's form, is one the mock accepts, and every answer is one it
// reads. The code comes from the mock's outbox, as the user would read it from the message.
import { describe, expect, it } from 'vitest'
import type { MockAuthProxy } from '../mock/types'
import {
  PARENT_ORGANIZATION_ID,
  createProductionMock,
  openProductionClient,
  productionEnums,
  recordCalls,
  sentCode,
  installProductionClient,
  verifySession,
} from './productionClientHarness'

let proxy: MockAuthProxy = createProductionMock()
installProductionClient(() => proxy)

describe('production client, email OTP', () => {
  it('signs up step by step (initOtp, verifyOtp, signUpWithOtp), then logs in again with completeOtp into the same organization', async () => {
    proxy = createProductionMock()
    const { OtpType } = productionEnums()
    const email = 'ada@example.com'

    // Sign-up, one step at a time.
    const device = await openProductionClient()
    const calls = recordCalls()
    const otpId = await device.initOtp({ otpType: OtpType.Email, contact: email })
    expect(otpId).toBe(proxy.outbox(email)[0]?.otpId)
    // One key for the whole flow, as completeOtp does: the verification token names it, and the client
    // signature that redeems the token must be by it.
    const publicKey = await device.createApiKeyPair()
    const verified = await device.verifyOtp({
      otpId,
      otpCode: sentCode(proxy, email),
      contact: email,
      otpType: OtpType.Email,
      publicKey,
    })
    expect(verified.subOrganizationId).toBeUndefined()
    const signedUp = await device.signUpWithOtp({
      verificationToken: verified.verificationToken,
      contact: email,
      otpType: OtpType.Email,
      publicKey,
    })
    expect(calls).toEqual(['otp_init', 'otp_verify', 'account', 'signup', 'otp_login'])

    const first = await verifySession(proxy, signedUp.sessionToken)
    const stored = await device.getSession()
    expect(stored?.token).toBe(signedUp.sessionToken)
    expect(first.public_key).toBe(publicKey)
    expect(stored?.publicKey).toBe(publicKey)
    expect(first.session_type).toBe('SESSION_TYPE_READ_WRITE')
    expect(first.organization_id).not.toBe(PARENT_ORGANIZATION_ID)
    expect(proxy.state.organizations[first.organization_id]?.parentOrganizationId).toBe(PARENT_ORGANIZATION_ID)
    expect(proxy.state.users[first.user_id]?.email).toBe(email)

    // The session key stamps: production's whoami, stamped by it, names the new user.
    const whoami = await device.httpClient.getWhoami({ organizationId: first.organization_id })
    expect(whoami).toMatchObject({ organizationId: first.organization_id, userId: first.user_id })

    // Log in again on another device: completeOtp finds the account and logs in.
    const other = await openProductionClient()
    const again = recordCalls()
    const otpAgain = await other.initOtp({ otpType: OtpType.Email, contact: email })
    const loggedIn = await other.completeOtp({
      otpId: otpAgain,
      otpCode: sentCode(proxy, email),
      contact: email,
      otpType: OtpType.Email,
    })
    expect(loggedIn.action).toBe('LOGIN')
    expect(again).toEqual(['otp_init', 'otp_verify', 'account', 'otp_login'])
    const second = await verifySession(proxy, loggedIn.sessionToken)
    expect(second.public_key).toBe((await other.getSession())?.publicKey)
    expect(second.public_key).not.toBe(first.public_key)
    expect(second.organization_id).toBe(first.organization_id)
    expect(second.user_id).toBe(first.user_id)
  })

  it('refreshes a session with stamp_login stamped by the session key (refreshSession)', async () => {
    proxy = createProductionMock()
    const { OtpType } = productionEnums()
    const email = 'grace@example.com'
    const device = await openProductionClient()
    const otpId = await device.initOtp({ otpType: OtpType.Email, contact: email })
    const { sessionToken } = await device.completeOtp({
      otpId,
      otpCode: sentCode(proxy, email),
      contact: email,
      otpType: OtpType.Email,
    })
    const before = await verifySession(proxy, sessionToken)

    const calls = recordCalls()
    const refreshed = await device.refreshSession()
    expect(calls).toEqual(['submit/stamp_login'])
    const after = await verifySession(proxy, refreshed?.session ?? '')
    expect(after.public_key).not.toBe(before.public_key)
    expect(after.public_key).toBe((await device.getSession())?.publicKey)
    expect(after.user_id).toBe(before.user_id)
    expect(after.organization_id).toBe(before.organization_id)
  })

  it("hears a stamp by a session key the proxy ended as production recognises it (SESSION_EXPIRED), by production's phrase", async () => {
    let time = Date.parse('2030-01-01T00:00:00.000Z')
    proxy = createProductionMock({ now: () => time })
    const { OtpType } = productionEnums()
    const email = 'ended@example.com'
    const device = await openProductionClient()
    const otpId = await device.initOtp({ otpType: OtpType.Email, contact: email })
    await device.completeOtp({ otpId, otpCode: sentCode(proxy, email), contact: email, otpType: OtpType.Email })
    // The proxy's clock past the session's end; the device's own clock (the wall clock) has it live still.
    time += 16 * 60 * 1000
    await expect(device.fetchUser()).rejects.toMatchObject({ code: 'SESSION_EXPIRED' })
  })

  it('hears a wrong code as production recognises it (INVALID_OTP_CODE)', async () => {
    proxy = createProductionMock()
    const { OtpType } = productionEnums()
    const email = 'typo@example.com'
    const device = await openProductionClient()
    const otpId = await device.initOtp({ otpType: OtpType.Email, contact: email })
    const code = sentCode(proxy, email)
    const wrong = (code[0] === '2' ? '3' : '2') + code.slice(1)
    await expect(
      device.verifyOtp({ otpId, otpCode: wrong, contact: email, otpType: OtpType.Email }),
    ).rejects.toMatchObject({
      code: 'INVALID_OTP_CODE',
    })
  })

  it('hears a rate-limited otp_init as production recognises it (MAX_OTP_INITIATED_ERROR)', async () => {
    proxy = createProductionMock()
    const { OtpType } = productionEnums()
    const email = 'busy@example.com'
    const device = await openProductionClient()
    await device.initOtp({ otpType: OtpType.Email, contact: email })
    // A second code while the first is on its way: the mock's resend limit answers 8 with production's phrase.
    await expect(device.initOtp({ otpType: OtpType.Email, contact: email })).rejects.toMatchObject({
      code: 'MAX_OTP_INITIATED_ERROR',
    })
  })
})

describe('production client, SMS OTP', () => {
  it('signs up with completeOtp, then logs in again step by step (initOtp, verifyOtp, loginWithOtp) into the same organization', async () => {
    proxy = createProductionMock()
    const { OtpType } = productionEnums()
    const phone = '+14155550123'

    const device = await openProductionClient()
    const calls = recordCalls()
    const otpId = await device.initOtp({ otpType: OtpType.Sms, contact: phone })
    expect(proxy.outbox(phone)[0]).toMatchObject({ otpId, otpType: 'OTP_TYPE_SMS' })
    const signedUp = await device.completeOtp({
      otpId,
      otpCode: sentCode(proxy, phone),
      contact: phone,
      otpType: OtpType.Sms,
    })
    expect(signedUp.action).toBe('SIGNUP')
    expect(calls).toEqual(['otp_init', 'otp_verify', 'account', 'signup', 'otp_login'])
    const first = await verifySession(proxy, signedUp.sessionToken)
    expect(first.public_key).toBe((await device.getSession())?.publicKey)
    expect(proxy.state.users[first.user_id]?.phoneNumber).toBe(phone)

    const other = await openProductionClient()
    const otpAgain = await other.initOtp({ otpType: OtpType.Sms, contact: phone })
    const publicKey = await other.createApiKeyPair()
    const verified = await other.verifyOtp({
      otpId: otpAgain,
      otpCode: sentCode(proxy, phone),
      contact: phone,
      otpType: OtpType.Sms,
      publicKey,
    })
    expect(verified.subOrganizationId).toBe(first.organization_id)
    const loggedIn = await other.loginWithOtp({ verificationToken: verified.verificationToken, publicKey })
    const second = await verifySession(proxy, loggedIn.sessionToken)
    expect(second.public_key).toBe(publicKey)
    expect((await other.getSession())?.publicKey).toBe(publicKey)
    expect(second.organization_id).toBe(first.organization_id)
    expect(second.user_id).toBe(first.user_id)
  })
})
