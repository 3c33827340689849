import { describe, expect, it } from 'vitest'
import { grpcError } from '../test/fakeFetch'
import { fakeStorage } from '../test/fakes'
import { activityAnswer, signedInWallet, WALLET_ORG, xStampVerifies } from '../test/walletApi'
import { refreshSession } from './refreshSession'

describe('refreshSession', () => {
  it('submits stamp_login for the same key, X-Stamped by it, and adopts the new token keeping the identity', async () => {
    const storage = fakeStorage()
    const { clock, fake, kit, sessionKey } = await signedInWallet({ kitOptions: { storage } })
    const before = kit.session.getSnapshot().session!
    await kit.session.set(before.token, { identity: { method: 'email', contact: 'ada@example.com' } })
    clock.now += 600_000

    const session = await refreshSession(kit)

    expect(fake.endpoints()).toEqual(['submit/stamp_login'])
    expect(fake.texts[0]).toBe(
      `{"type":"ACTIVITY_TYPE_STAMP_LOGIN","timestampMs":"${clock.now}","organizationId":"${WALLET_ORG}","parameters":{"publicKey":"${sessionKey}"}}`,
    )
    expect(xStampVerifies(fake.calls[0]?.headers['x-stamp'], fake.texts[0], sessionKey)).toBe(true)
    expect(session.token).not.toBe(before.token)
    expect(session).toMatchObject({ publicKey: sessionKey, userId: before.userId, expiresAt: clock.now + 900_000 })
    expect(session.identity).toEqual({ method: 'email', contact: 'ada@example.com' })
    expect(kit.session.getSnapshot().session).toBe(session)
    expect(storage.items.get('auth-proxy-kit:demo:session')).toBe(session.token)
    expect(await kit.keyStore.list()).toEqual([sessionKey])
  })

  it('sends expirationSeconds when given, and refuses one that is not a whole number of seconds', async () => {
    const { fake, kit } = await signedInWallet()
    await refreshSession(kit, { expirationSeconds: '3600' })
    expect((fake.calls[0]?.body as { parameters: Record<string, unknown> }).parameters.expirationSeconds).toBe('3600')
    for (const expirationSeconds of ['0', '1.5', 3600, '']) {
      await expect(refreshSession(kit, { expirationSeconds } as { expirationSeconds: string })).rejects.toMatchObject({
        code: 'CONFIG_INVALID',
      })
    }
    expect(fake.calls).toHaveLength(1)
  })

  it('is STAMP_REFUSED when the API no longer takes the session, and changes nothing', async () => {
    const { kit } = await signedInWallet({ overrides: { 'submit/stamp_login': grpcError(16, 'expired', 401) } })
    const before = kit.session.getSnapshot()
    await expect(refreshSession(kit)).rejects.toMatchObject({ code: 'STAMP_REFUSED' })
    expect(kit.session.getSnapshot()).toBe(before)
  })

  it('is PROXY_BAD_RESPONSE when the answer has no session, and changes nothing', async () => {
    const { kit } = await signedInWallet({
      overrides: { 'submit/stamp_login': activityAnswer('ACTIVITY_TYPE_STAMP_LOGIN', { stampLoginResult: {} }) },
    })
    const before = kit.session.getSnapshot()
    await expect(refreshSession(kit)).rejects.toMatchObject({
      code: 'PROXY_BAD_RESPONSE',
      message: 'stamp_login: no result.stampLoginResult.session in the answer',
    })
    expect(kit.session.getSnapshot()).toBe(before)
  })

  it('is NOT_SIGNED_IN without a session', async () => {
    const { fake, kit } = await signedInWallet()
    await kit.session.logout()
    await expect(refreshSession(kit)).rejects.toMatchObject({ code: 'NOT_SIGNED_IN' })
    expect(fake.calls).toHaveLength(0)
  })
})
