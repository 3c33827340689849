import { act, renderHook, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { memoryStorage } from '../core'
import { DEMO_TENANT } from '../mock'
import { createTestProviders, latestCode } from './test/renderWithProxy'
import { useEmailOtp } from './useEmailOtp'
import { useSmsOtp } from './useSmsOtp'
import { useWalletKitConfig } from './useWalletKitConfig'

const PHONE = '+447700900123'
const PENDING_KEY = 'auth-proxy-kit:demo:pending-sms-otp'

function useFlows() {
  return { smsOtp: useSmsOtp(), emailOtp: useEmailOtp(), config: useWalletKitConfig() }
}

describe('useSmsOtp', () => {
  it('given a phone number, sends a code by SMS, keeps the challenge in the tab, and signs a new user up', async () => {
    const flowStorage = memoryStorage()
    const { Providers, proxy, requests } = createTestProviders({ flowStorage })
    const { result } = renderHook(useFlows, { wrapper: Providers })
    await waitFor(() => expect(result.current.config.isSuccess).toBe(true))
    expect(result.current.smsOtp.step).toBe('phone')

    act(() => result.current.smsOtp.start(' +44 7700 900123 '))
    await waitFor(() => expect(result.current.smsOtp.step).toBe('code'))
    expect(result.current.smsOtp.challenge).toMatchObject({
      otpType: 'OTP_TYPE_SMS',
      phoneNumber: PHONE,
      contact: PHONE,
    })
    expect(JSON.parse(flowStorage.getItem(PENDING_KEY) ?? 'null')).toEqual(result.current.smsOtp.challenge)
    // The email flow is a separate one.
    expect(result.current.emailOtp.step).toBe('email')
    expect(proxy.outbox(PHONE)[0]).toMatchObject({
      otpType: 'OTP_TYPE_SMS',
      text: expect.stringMatching(/^Your verification code is /),
    })

    act(() => result.current.smsOtp.verify(latestCode(proxy, PHONE)))
    await waitFor(() => expect(result.current.smsOtp.step).toBe('done'))
    expect(result.current.smsOtp.result?.isNewUser).toBe(true)
    expect(requests.slice(-4)).toEqual(['otp_verify_v2', 'account', 'signup_v2', '/public/v1/submit/stamp_login'])
    expect(Object.values(proxy.state.users)).toEqual([expect.objectContaining({ phoneNumber: PHONE })])
    expect(flowStorage.getItem(PENDING_KEY)).toBeNull()
  })

  it('given a malformed number, start reports INVALID_PHONE and sends nothing', async () => {
    const { Providers, requests } = createTestProviders()
    const { result } = renderHook(() => useSmsOtp(), { wrapper: Providers })
    act(() => result.current.start('07700 900123'))
    await waitFor(() => expect(result.current.error?.code).toBe('INVALID_PHONE'))
    expect(requests.filter((name) => name !== 'wallet_kit_config')).toEqual([])
  })

  it('given the mock refuses a second code, reports RATE_LIMITED and counts down to when a code may be asked for', async () => {
    let clock = Date.parse('2030-01-01T10:00:00Z')
    const now = () => clock
    const { Providers, proxy } = createTestProviders({ now, mock: { now } })
    const { result } = renderHook(() => useSmsOtp(), { wrapper: Providers })
    act(() => result.current.start(PHONE))
    await waitFor(() => expect(result.current.step).toBe('code'))
    act(() => result.current.reset())
    clock += 10_000

    act(() => result.current.start(PHONE))
    await waitFor(() => expect(result.current.error?.code).toBe('RATE_LIMITED'))
    expect(result.current.step).toBe('phone')
    expect(result.current.error?.retryAfterSeconds).toBe(20)
    expect(result.current.retrySecondsLeft).toBe(20)
    clock += 15_000
    await waitFor(() => expect(result.current.retrySecondsLeft).toBe(5))
    clock += 5_000
    await waitFor(() => expect(result.current.retrySecondsLeft).toBe(0))

    act(() => result.current.start(PHONE))
    await waitFor(() => expect(result.current.step).toBe('code'))
    expect(result.current.error).toBeNull()
    expect(proxy.outbox(PHONE)).toHaveLength(2)
  })

  it("texts what the tenant's SMS template says, and sends an app's email template with emails only", async () => {
    const { Providers, proxy } = createTestProviders({
      mock: {
        tenants: [
          {
            ...DEMO_TENANT,
            appName: 'Acme',
            smsTemplate: '{{.AppName}} code: {{.OtpCode}}',
            otpLength: 8,
            otpAlphanumeric: false,
            emailTemplates: [
              { templateId: 'login', subject: 'Your {{.AppName}} code' },
              { templateId: 'latest', subject: 'Latest' },
            ],
          },
        ],
      },
      otpOptions: { emailCustomization: { templateId: 'login' } },
    })
    const { result } = renderHook(useFlows, { wrapper: Providers })
    await waitFor(() => expect(result.current.config.isSuccess).toBe(true))

    act(() => result.current.smsOtp.start(PHONE))
    await waitFor(() => expect(result.current.smsOtp.step).toBe('code'))
    const sms = proxy.outbox(PHONE)[0]
    expect(sms?.code).toMatch(/^\d{8}$/)
    expect(sms?.text).toBe(`Acme code: ${sms?.code}`)
    expect(sms?.templateId).toBeUndefined()
    expect(result.current.smsOtp.challenge).toMatchObject({ otpLength: 8, alphanumeric: false })

    act(() => result.current.emailOtp.start('ada@example.com'))
    await waitFor(() => expect(result.current.emailOtp.step).toBe('code'))
    expect(proxy.outbox('ada@example.com')[0]).toMatchObject({ templateId: 'login', subject: 'Your Acme code' })
  })

  it('given a resend, sends the new code in the format of the first', async () => {
    let clock = Date.parse('2030-01-01T10:00:00Z')
    const now = () => clock
    const { Providers, proxy, requests } = createTestProviders({
      now,
      mock: { now, tenants: [{ ...DEMO_TENANT, otpLength: 7, otpAlphanumeric: false }] },
    })
    const { result } = renderHook(() => useSmsOtp(), { wrapper: Providers })
    act(() => result.current.start(PHONE))
    await waitFor(() => expect(result.current.step).toBe('code'))
    expect(result.current.canResend).toBe(false)
    clock += 30_000
    await waitFor(() => expect(result.current.canResend).toBe(true))
    act(() => result.current.resend())
    await waitFor(() => expect(result.current.hasResent).toBe(true))
    const [second, first] = proxy.outbox(PHONE)
    expect(second?.code).toMatch(/^\d{7}$/)
    expect(result.current.challenge).toMatchObject({ otpId: second?.otpId, otpLength: 7, alphanumeric: false })
    expect(Object.values(proxy.state.otps).map((otp) => otp.otpId)).toEqual([first?.otpId, second?.otpId])
    // The config was read once, for the first code.
    expect(requests.filter((name) => name === 'wallet_kit_config')).toHaveLength(1)
  })
})
