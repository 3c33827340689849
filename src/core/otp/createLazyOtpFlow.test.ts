// The OTP flow before its code is here, in Node: a lazy module whose download the test settles by hand,
// over the real flow and the bundled mock (strict).
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createMockAuthProxy } from '../../mock/handler'
import { DEMO_TENANT } from '../../mock/tenants'
import type { Kit } from '../createKit'
import { isKitError } from '../errors'
import { lazyModule } from '../lazyModule'
import { memoryStorage } from '../session/memoryStorage'
import { kitOnMock } from '../test/kitOnMock'
import { createLazyOtpFlow, type OtpFlowModule } from './createLazyOtpFlow'
import { createOtpFlow, OTP_FLOW_IDLE } from './createOtpFlow'
import { pendingOtpKey } from './pendingOtp'

const EMAIL = 'ada@example.com'

let kits: Kit[] = []
afterEach(() => {
  for (const kit of kits) kit.destroy()
  kits = []
})

/** A kit on a fresh mock, and the flow's code behind a download the test settles. */
function setup() {
  const proxy = createMockAuthProxy({ strictFields: true, tenants: [DEMO_TENANT] })
  const { kit, endpoints } = kitOnMock(proxy)
  kits.push(kit)
  const downloads: Array<{ resolve(module: OtpFlowModule): void; reject(error: unknown): void }> = []
  let made = 0
  const code = {
    module: lazyModule(
      'sign-in',
      () => new Promise<OtpFlowModule>((resolve, reject) => downloads.push({ resolve, reject })),
    ),
  }
  const flowModule: OtpFlowModule = {
    createOtpFlow: (kit, options) => {
      made += 1
      return createOtpFlow(kit, options)
    },
  }
  const storage = memoryStorage()
  const read = vi.spyOn(storage, 'getItem')
  const arrive = () => downloads.at(-1)?.resolve(flowModule)
  return { proxy, kit, endpoints, code, downloads, arrive, storage, read, made: () => made }
}

describe('createLazyOtpFlow', () => {
  it('before its code is here, is idle, and fetches, reads and asks nothing', () => {
    const { kit, code, downloads, endpoints, read, made } = setup()
    const flow = createLazyOtpFlow(code, kit, { otpType: 'OTP_TYPE_EMAIL' })
    const listener = vi.fn()
    flow.subscribe(listener)
    expect(flow.getSnapshot()).toBe(OTP_FLOW_IDLE)
    expect(downloads).toHaveLength(0)
    expect(made()).toBe(0)
    expect(read).not.toHaveBeenCalled()
    expect(endpoints).toEqual([])
    expect(listener).not.toHaveBeenCalled()
  })

  it('given a verb, fetches the code, makes the flow, then acts; its listeners hear the flow from then on', async () => {
    const { kit, proxy, code, downloads, arrive, storage, made } = setup()
    const flow = createLazyOtpFlow(code, kit, { otpType: 'OTP_TYPE_EMAIL', storage })
    const seen: string[] = []
    flow.subscribe(() => seen.push(flow.getSnapshot().step))

    const starting = flow.start(EMAIL)
    expect(downloads).toHaveLength(1)
    expect(flow.getSnapshot()).toMatchObject({ step: 'contact', error: null })
    arrive()
    await starting
    expect(made()).toBe(1)
    expect(flow.getSnapshot()).toMatchObject({ step: 'code', challenge: { email: EMAIL } })
    expect(storage.getItem(pendingOtpKey('demo', 'OTP_TYPE_EMAIL'))).not.toBeNull()
    expect(seen.at(-1)).toBe('code')
    expect(proxy.outbox(EMAIL)).toHaveLength(1)

    // The next verb goes to the same flow, with nothing fetched again.
    await flow.verify('')
    expect(flow.getSnapshot()).toMatchObject({ step: 'code', error: { code: 'OTP_CODE_FORMAT' } })
    expect(seen.at(-1)).toBe('code')
    expect(made()).toBe(1)
    expect(downloads).toHaveLength(1)
  })

  it('given its code arriving while someone listens (fetched ahead), makes the flow, which restores a code on its way', async () => {
    const { kit, proxy, code, arrive, storage, made } = setup()
    const before = createLazyOtpFlow(code, kit, { otpType: 'OTP_TYPE_EMAIL', storage })
    const sending = before.start(EMAIL)
    arrive()
    await sending
    const { challenge } = before.getSnapshot()
    before.destroy()

    // A reload: the code is fetched again, ahead of any verb, when the flow has a listener.
    const again = setup()
    const prefetch = vi.fn(() => {
      void again.code.module.load()
      return () => undefined
    })
    const after = createLazyOtpFlow({ ...again.code, prefetch }, kit, { otpType: 'OTP_TYPE_EMAIL', storage })
    expect(prefetch).not.toHaveBeenCalled()
    const listener = vi.fn()
    after.subscribe(listener)
    expect(prefetch).toHaveBeenCalledTimes(1)
    again.arrive()
    await again.code.module.load()
    expect(again.made()).toBe(1)
    expect(listener).toHaveBeenCalled()
    expect(after.getSnapshot()).toMatchObject({ step: 'code', challenge })
    expect(proxy.outbox(EMAIL)).toHaveLength(1)
    expect(made()).toBe(1)
  })

  it('given the code cannot be fetched, shows LOAD_FAILED as the error, and the next verb fetches again', async () => {
    const { kit, proxy, code, downloads, arrive, made } = setup()
    const flow = createLazyOtpFlow(code, kit, { otpType: 'OTP_TYPE_EMAIL' })
    const errors: unknown[] = []
    flow.subscribe(() => errors.push(flow.getSnapshot().error))

    const failing = flow.start(EMAIL)
    downloads[0]?.reject(new TypeError('Failed to fetch dynamically imported module'))
    await failing
    const { error } = flow.getSnapshot()
    expect(isKitError(error, 'LOAD_FAILED')).toBe(true)
    expect(flow.getSnapshot()).toMatchObject({ step: 'contact', isSending: false })
    expect(errors).toEqual([error])
    expect(made()).toBe(0)

    const retrying = flow.start(EMAIL)
    // Trying again clears it at once.
    expect(flow.getSnapshot().error).toBeNull()
    expect(downloads).toHaveLength(2)
    arrive()
    await retrying
    expect(flow.getSnapshot()).toMatchObject({ step: 'code', error: null })
    expect(proxy.outbox(EMAIL)).toHaveLength(1)
  })

  it('destroyed before its code is here, leaves nothing behind: no flow, no request, no key, nothing stored or heard', async () => {
    const { kit, code, arrive, endpoints, storage, read, made } = setup()
    const prefetchCancelled = vi.fn()
    const flow = createLazyOtpFlow({ ...code, prefetch: () => prefetchCancelled }, kit, {
      otpType: 'OTP_TYPE_EMAIL',
      storage,
    })
    const listener = vi.fn()
    flow.subscribe(listener)
    const starting = flow.start(EMAIL)
    flow.destroy()
    expect(prefetchCancelled).toHaveBeenCalledTimes(1)
    arrive()
    await starting
    await code.module.load()

    expect(made()).toBe(0)
    expect(endpoints).toEqual([])
    expect(await kit.keyStore.list()).toEqual([])
    expect(read).not.toHaveBeenCalled()
    expect(storage.length).toBe(0)
    expect(listener).not.toHaveBeenCalled()
    expect(flow.getSnapshot()).toBe(OTP_FLOW_IDLE)
  })

  it('destroyed while a load fails, shows nothing of it', async () => {
    const { kit, code, downloads } = setup()
    const flow = createLazyOtpFlow(code, kit, { otpType: 'OTP_TYPE_EMAIL' })
    const starting = flow.start(EMAIL)
    flow.destroy()
    downloads[0]?.reject(new TypeError('offline'))
    await starting
    expect(flow.getSnapshot()).toBe(OTP_FLOW_IDLE)
  })

  it('subscribed to again after destroy (a StrictMode remount), makes a new flow from storage', async () => {
    const { kit, code, arrive, storage, made } = setup()
    const flow = createLazyOtpFlow(code, kit, { otpType: 'OTP_TYPE_EMAIL', storage })
    const sending = flow.start(EMAIL)
    arrive()
    await sending
    const { challenge } = flow.getSnapshot()
    flow.destroy()
    expect(flow.getSnapshot()).toBe(OTP_FLOW_IDLE)

    const listener = vi.fn()
    flow.subscribe(listener)
    expect(made()).toBe(2)
    expect(flow.getSnapshot()).toMatchObject({ step: 'code', challenge })
    expect(listener).toHaveBeenCalled()
  })
})
