import { act, renderHook, waitFor } from '@testing-library/react'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { chunks } from '../chunks'
import { memoryStorage } from '../core'
import { LAZY_IDLE } from '../core/lazyModule'
import { KitError } from '../core/errors'
import { createTestProviders, latestCode } from './test/renderWithProxy'
import { useEmailOtp } from './useEmailOtp'
import { useWalletKitConfig } from './useWalletKitConfig'

const PENDING_KEY = 'auth-proxy-kit:demo:pending-email-otp'

function useEmailOtpWithConfig() {
  return { emailOtp: useEmailOtp(), config: useWalletKitConfig() }
}

afterEach(() => {
  vi.restoreAllMocks()
})

describe('useEmailOtp', () => {
  it("given a tenant with 8-digit codes, the challenge takes the tenant's format from wallet_kit_config", async () => {
    const { Providers, proxy } = createTestProviders({
      mock: { tenants: [{ configId: 'demo', organizationId: 'org', otpLength: 8, otpAlphanumeric: false }] },
    })
    const { result } = renderHook(useEmailOtpWithConfig, { wrapper: Providers })
    await waitFor(() => expect(result.current.config.isSuccess).toBe(true))
    act(() => result.current.emailOtp.start('  eight@example.com '))
    await waitFor(() => expect(result.current.emailOtp.step).toBe('code'))
    expect(result.current.emailOtp.challenge).toMatchObject({
      email: 'eight@example.com',
      otpLength: 8,
      alphanumeric: false,
    })
    expect(latestCode(proxy, 'eight@example.com')).toMatch(/^\d{8}$/)
  })

  it('given a started challenge, it is kept in the tab storage, and done or reset clears it', async () => {
    const flowStorage = memoryStorage()
    const { Providers, proxy } = createTestProviders({ flowStorage })
    const { result } = renderHook(useEmailOtpWithConfig, { wrapper: Providers })
    await waitFor(() => expect(result.current.config.isSuccess).toBe(true))

    act(() => result.current.emailOtp.start('keep@example.com'))
    await waitFor(() => expect(result.current.emailOtp.step).toBe('code'))
    expect(JSON.parse(flowStorage.getItem(PENDING_KEY) ?? 'null')).toEqual(result.current.emailOtp.challenge)
    act(() => result.current.emailOtp.reset())
    expect(result.current.emailOtp.step).toBe('email')
    expect(flowStorage.getItem(PENDING_KEY)).toBeNull()

    // Another address: the first one's code is still on its way, and the mock holds a second for 30 s.
    act(() => result.current.emailOtp.start('kept@example.com'))
    await waitFor(() => expect(result.current.emailOtp.step).toBe('code'))
    act(() => result.current.emailOtp.verify(latestCode(proxy, 'kept@example.com')))
    await waitFor(() => expect(result.current.emailOtp.step).toBe('done'))
    expect(result.current.emailOtp.result?.isNewUser).toBe(true)
    expect(flowStorage.getItem(PENDING_KEY)).toBeNull()
  })

  it('given a stored challenge that has expired, it starts at the email step and forgets it', async () => {
    const flowStorage = memoryStorage()
    const expired = {
      otpId: 'otp-1',
      email: 'old@example.com',
      publicKey: `02${'ab'.repeat(32)}`,
      otpLength: 6,
      alphanumeric: true,
      sentAt: Date.now() - 600_000,
      expiresAt: Date.now() - 300_000,
    }
    flowStorage.setItem(PENDING_KEY, JSON.stringify(expired))
    const { Providers } = createTestProviders({ flowStorage })
    const { result } = renderHook(() => useEmailOtp(), { wrapper: Providers })
    // The flow reads the storage when it is made, once its code is here.
    await waitFor(() => expect(flowStorage.getItem(PENDING_KEY)).toBeNull())
    expect(result.current.step).toBe('email')
  })

  it('given unreadable stored data, it starts at the email step', () => {
    const flowStorage = memoryStorage()
    flowStorage.setItem(PENDING_KEY, '{not json')
    const { Providers } = createTestProviders({ flowStorage })
    const { result } = renderHook(() => useEmailOtp(), { wrapper: Providers })
    expect(result.current.step).toBe('email')
  })

  it('given a malformed email, start reports INVALID_EMAIL and sends nothing', async () => {
    const { Providers, requests } = createTestProviders()
    const { result } = renderHook(() => useEmailOtp(), { wrapper: Providers })
    act(() => result.current.start('nobody'))
    await waitFor(() => expect(result.current.error?.code).toBe('INVALID_EMAIL'))
    expect(requests.filter((name) => name !== 'wallet_kit_config')).toEqual([])
  })

  it("picks the email template: the provider's otpOptions, over it the hook's, over that start's; a resend keeps it", async () => {
    let clock = Date.parse('2030-01-01T10:00:00Z')
    const now = () => clock
    const templates = ['provider', 'hook', 'call'].map((templateId) => ({
      templateId,
      subject: `${templateId} subject`,
    }))
    const { Providers, proxy } = createTestProviders({
      now,
      mock: { now, tenants: [{ configId: 'demo', organizationId: 'org', emailTemplates: templates }] },
      otpOptions: { emailCustomization: { templateId: 'provider' } },
    })
    const { result } = renderHook(
      () => ({
        plain: useEmailOtp(),
        hook: useEmailOtp({ emailCustomization: { templateId: 'hook' } }),
        config: useWalletKitConfig(),
      }),
      { wrapper: Providers },
    )
    await waitFor(() => expect(result.current.config.isSuccess).toBe(true))

    act(() => result.current.plain.start('a@example.com'))
    act(() => result.current.hook.start('b@example.com'))
    await waitFor(() => expect(result.current.hook.step).toBe('code'))
    await waitFor(() => expect(result.current.plain.step).toBe('code'))
    expect(proxy.outbox('a@example.com')[0]?.templateId).toBe('provider')
    expect(proxy.outbox('b@example.com')[0]?.templateId).toBe('hook')

    act(() => result.current.hook.reset())
    act(() => result.current.hook.start('c@example.com', { emailCustomization: { templateId: 'call' } }))
    await waitFor(() => expect(result.current.hook.step).toBe('code'))
    expect(proxy.outbox('c@example.com')[0]?.templateId).toBe('call')

    clock += 30_000
    await waitFor(() => expect(result.current.hook.canResend).toBe(true))
    act(() => result.current.hook.resend())
    await waitFor(() => expect(result.current.hook.hasResent).toBe(true))
    expect(proxy.outbox('c@example.com').map((message) => message.templateId)).toEqual(['call', 'call'])
  })

  it("given a code the tenant's shorter lifetime expired, verify reports OTP_EXPIRED and a new code is needed", async () => {
    let clock = Date.parse('2030-01-01T10:00:00Z')
    const now = () => clock
    const { Providers, proxy } = createTestProviders({
      now,
      mock: { now, tenants: [{ configId: 'demo', organizationId: 'org', otpExpirationSeconds: 60 }] },
    })
    const { result } = renderHook(() => useEmailOtp(), { wrapper: Providers })
    act(() => result.current.start('late@example.com'))
    await waitFor(() => expect(result.current.step).toBe('code'))
    clock += 61_000
    // The kit assumes production's default lifetime: by its count the code has minutes left.
    await waitFor(() => expect(result.current.expiresInSeconds).toBe(239))
    expect(result.current.needsNewCode).toBe(false)

    act(() => result.current.verify(latestCode(proxy, 'late@example.com')))
    await waitFor(() => expect(result.current.error?.code).toBe('OTP_EXPIRED'))
    expect(result.current.needsNewCode).toBe(true)
    expect(result.current.canResend).toBe(true)
    expect(result.current.step).toBe('code')
  })

  it("before the flow's code is here, shows the first step, and a start loads it, then sends", async () => {
    const flowModule = await chunks.otpFlow.load()
    let release: () => void = () => undefined
    const arrived = new Promise<void>((resolve) => {
      release = resolve
    })
    // The chunk as on a first visit: not here, and slow to come.
    const snapshot = vi.spyOn(chunks.otpFlow, 'getSnapshot').mockReturnValue(LAZY_IDLE)
    vi.spyOn(chunks.otpFlow, 'load').mockImplementation(() => arrived.then(() => flowModule))
    const { Providers, proxy } = createTestProviders()
    const { result } = renderHook(() => useEmailOtp(), { wrapper: Providers })
    expect(result.current).toMatchObject({ step: 'email', challenge: undefined, isSending: false, error: null })

    act(() => result.current.start('early@example.com'))
    snapshot.mockRestore()
    await act(async () => release())
    await waitFor(() => expect(result.current.step).toBe('code'))
    expect(result.current.challenge?.email).toBe('early@example.com')
    expect(proxy.outbox('early@example.com')).toHaveLength(1)
  })

  it("given the flow's code cannot be loaded, a start reports LOAD_FAILED", async () => {
    vi.spyOn(chunks.otpFlow, 'getSnapshot').mockReturnValue(LAZY_IDLE)
    vi.spyOn(chunks.otpFlow, 'load').mockRejectedValue(new KitError('LOAD_FAILED', 'sign-in: offline'))
    const { Providers } = createTestProviders()
    const { result } = renderHook(() => useEmailOtp(), { wrapper: Providers })
    act(() => result.current.start('offline@example.com'))
    await waitFor(() => expect(result.current.error?.code).toBe('LOAD_FAILED'))
    expect(result.current.step).toBe('email')
  })

  it('renders the idle first step on the server, reading no storage', () => {
    const read = vi.fn(() => null)
    const flowStorage = { getItem: read, setItem: vi.fn(), removeItem: vi.fn() }
    const { Providers } = createTestProviders({ flowStorage })
    function Step() {
      const { step, expiresInSeconds } = useEmailOtp()
      return <p>{`${step} ${expiresInSeconds}`}</p>
    }
    expect(
      renderToString(
        <Providers>
          <Step />
        </Providers>,
      ),
    ).toContain('email 0')
    expect(read).not.toHaveBeenCalled()
  })

  it('under StrictMode, one flow per hook: a code restored after a reload, then a sign-in', async () => {
    const flowStorage = memoryStorage()
    const first = createTestProviders({ flowStorage, strict: true })
    const before = renderHook(() => useEmailOtp(), { wrapper: first.Providers })
    await waitFor(() => expect(before.result.current.step).toBe('email'))
    act(() => before.result.current.start('strict@example.com'))
    await waitFor(() => expect(before.result.current.step).toBe('code'))
    const { challenge } = before.result.current
    before.unmount()

    // The reload: the same key store and tab storage, a new kit.
    const again = createTestProviders({ flowStorage, strict: true, proxy: first.proxy, keyStore: first.kit.keyStore })
    const after = renderHook(() => useEmailOtp(), { wrapper: again.Providers })
    await waitFor(() => expect(after.result.current.step).toBe('code'))
    expect(after.result.current.challenge).toEqual(challenge)
    act(() => after.result.current.verify(latestCode(first.proxy, 'strict@example.com')))
    await waitFor(() => expect(after.result.current.step).toBe('done'))
    expect(first.proxy.outbox('strict@example.com')).toHaveLength(1)
  })
})
