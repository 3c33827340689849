import { describe, expect, it, vi } from 'vitest'
import { KitError } from '../errors'
import type { WalletKitConfigResponse } from '../types'
import { createConfigStore } from './configStore'

const CONFIG = {
  organizationId: 'org',
  enabledProviders: ['email'],
  sessionExpirationSeconds: '900',
  otpLength: '6',
  otpAlphanumeric: true,
} as unknown as WalletKitConfigResponse

describe('createConfigStore', () => {
  it('asks once however many readers ask, and keeps the answer', async () => {
    const request = vi.fn(async () => CONFIG)
    const config = createConfigStore({ request })
    const listener = vi.fn()
    config.subscribe(listener)
    expect(config.getSnapshot()).toMatchObject({ status: 'pending', isFetching: false })
    const [a, b] = await Promise.all([config.ensure(), config.ensure()])
    expect(a).toBe(CONFIG)
    expect(b).toBe(CONFIG)
    expect(await config.ensure()).toBe(CONFIG)
    expect(request).toHaveBeenCalledTimes(1)
    expect(config.getSnapshot()).toEqual({ status: 'success', data: CONFIG, error: null, isFetching: false })
    expect(listener).toHaveBeenCalledTimes(2)
  })

  it('retries a failure to reach the proxy twice, then reports it, and asks again on the next call', async () => {
    const unreachable = new KitError('PROXY_UNAVAILABLE', 'offline')
    const request = vi.fn<() => Promise<WalletKitConfigResponse>>().mockRejectedValue(unreachable)
    const config = createConfigStore({ request, retryDelayMs: () => 0 })
    await expect(config.ensure()).rejects.toBe(unreachable)
    expect(request).toHaveBeenCalledTimes(3)
    expect(config.getSnapshot()).toEqual({ status: 'error', data: undefined, error: unreachable, isFetching: false })
    request.mockResolvedValueOnce(CONFIG)
    const again = config.ensure()
    expect(config.getSnapshot()).toMatchObject({ status: 'error', isFetching: true })
    expect(await again).toBe(CONFIG)
    expect(request).toHaveBeenCalledTimes(4)
  })

  it('does not retry a refusal', async () => {
    const refused = new KitError('PERMISSION_DENIED', 'origin not allowed')
    const request = vi.fn<() => Promise<WalletKitConfigResponse>>().mockRejectedValue(refused)
    const config = createConfigStore({ request, retryDelayMs: () => 0 })
    await expect(config.ensure()).rejects.toBe(refused)
    expect(request).toHaveBeenCalledTimes(1)
  })
})
