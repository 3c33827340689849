import { act, renderHook, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { memoryStorage } from '../core'
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
    expect(result.current.smsOtp.challenge).toMatchObject({ otpType: 'OTP_TYPE_SMS', phoneNumber: PHONE, contact: PHONE })
    expect(JSON.parse(flowStorage.getItem(PENDING_KEY) ?? 'null')).toEqual(result.current.smsOtp.challenge)
    // The email flow is a separate one.
    expect(result.current.emailOtp.step).toBe('email')
    expect(proxy.outbox(PHONE)[0]).toMatchObject({ otpType: 'OTP_TYPE_SMS', text: expect.stringMatching(/^Your verification code is /) })

    act(() => result.current.smsOtp.verify(latestCode(proxy, PHONE)))
    await waitFor(() => expect(result.current.smsOtp.step).toBe('done'))
    expect(result.current.smsOtp.result?.isNewUser).toBe(true)
    expect(requests.slice(-4)).toEqual(['otp_verify', 'account', 'signup', 'otp_login'])
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
    await waitFor(() => expect(result.current.retrySecondsLeft).toBe(5), { timeout: 2000 })
    clock += 5_000
    await waitFor(() => expect(result.current.retrySecondsLeft).toBe(0), { timeout: 2000 })

    act(() => result.current.start(PHONE))
    await waitFor(() => expect(result.current.step).toBe('code'))
    expect(result.current.error).toBeNull()
    expect(proxy.outbox(PHONE)).toHaveLength(2)
  })

  it("merges the provider's otpOptions, the hook's and start's, field by field, and sends each channel its own", async () => {
    const { Providers, proxy } = createTestProviders({
      otpOptions: {
        smsCustomization: { template: 'Provider: {{.OtpCode}}' },
        emailCustomization: { appName: 'Demo', logoUrl: 'https://app.test/logo.png' },
        sendFromEmailAddress: 'noreply@app.test',
        sendFromEmailSenderName: 'Demo app',
        replyToEmailAddress: 'help@app.test',
        expirationSeconds: 120,
        otpLength: 8,
        alphanumeric: false,
      },
    })
    const { result } = renderHook(
      () => ({
        smsOtp: useSmsOtp({ smsCustomization: { template: 'Hook: {{.OtpCode}}' }, userIdentifier: 'ip-1' }),
        emailOtp: useEmailOtp({ emailCustomization: { appName: 'Hook app', templateId: 't-9' } }),
        config: useWalletKitConfig(),
      }),
      { wrapper: Providers },
    )
    await waitFor(() => expect(result.current.config.isSuccess).toBe(true))

    act(() => result.current.smsOtp.start(PHONE, { expirationSeconds: 60 }))
    await waitFor(() => expect(result.current.smsOtp.step).toBe('code'))
    const sms = proxy.outbox(PHONE)[0]
    expect(sms?.code).toMatch(/^\d{8}$/)
    expect(sms?.text).toBe(`Hook: ${sms?.code}`)
    expect(sms).toMatchObject({ userIdentifier: 'ip-1', expiresAt: new Date(Date.parse(sms?.createdAt ?? '') + 60_000).toISOString() })
    expect(sms?.emailCustomization).toBeUndefined()
    expect(sms?.sendFromEmailAddress).toBeUndefined()

    act(() => result.current.emailOtp.start('ada@example.com', { replyToEmailAddress: 'support@app.test' }))
    await waitFor(() => expect(result.current.emailOtp.step).toBe('code'))
    expect(proxy.outbox('ada@example.com')[0]).toMatchObject({
      emailCustomization: { appName: 'Hook app', templateId: 't-9' },
      sendFromEmailAddress: 'noreply@app.test',
      sendFromEmailSenderName: 'Demo app',
      replyToEmailAddress: 'support@app.test',
      expiresAt: expect.any(String),
    })
    expect(proxy.outbox('ada@example.com')[0]?.smsCustomization).toBeUndefined()
    expect(result.current.emailOtp.challenge?.expiresAt).toBe((result.current.emailOtp.challenge?.sentAt ?? 0) + 120_000)
  })

  it('given a resend, sends the new code with the options of the first', async () => {
    let clock = Date.parse('2030-01-01T10:00:00Z')
    const now = () => clock
    const { Providers, proxy } = createTestProviders({ now, mock: { now } })
    const { result } = renderHook(() => useSmsOtp(), { wrapper: Providers })
    act(() => result.current.start(PHONE, { smsCustomization: { template: 'Once: {{.OtpCode}}' } }))
    await waitFor(() => expect(result.current.step).toBe('code'))
    expect(result.current.canResend).toBe(false)
    clock += 30_000
    await waitFor(() => expect(result.current.canResend).toBe(true), { timeout: 2000 })
    act(() => result.current.resend())
    await waitFor(() => expect(result.current.hasResent).toBe(true))
    const [second, first] = proxy.outbox(PHONE)
    expect(second?.text).toBe(`Once: ${second?.code}`)
    expect(Object.values(proxy.state.otps).map((otp) => otp.otpId)).toEqual([first?.otpId, second?.otpId])
  })
})
