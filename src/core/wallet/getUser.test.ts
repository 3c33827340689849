import { describe, expect, it } from 'vitest'
import type { Kit } from '../contracts'
import { KitError } from '../errors'
import { grpcError, json } from '../test/fakeFetch'
import { signedInWallet, USER, WALLET_ORG, WALLET_USER, xStampVerifies } from '../test/walletApi'
import { getUser } from './getUser'

describe('getUser', () => {
  it("POSTs get_user for the session's user in its organization, X-Stamped by the session key, and answers the user", async () => {
    const { fake, kit, sessionKey } = await signedInWallet()
    expect(await getUser(kit)).toEqual(USER)
    expect(fake.calls.map((call) => call.url)).toEqual(['https://auth.example.com/public/v1/query/get_user'])
    expect(fake.texts[0]).toBe(`{"organizationId":"${WALLET_ORG}","userId":"${WALLET_USER}"}`)
    expect(xStampVerifies(fake.calls[0]?.headers['x-stamp'], fake.texts[0], sessionKey)).toBe(true)
  })

  it('is NOT_SIGNED_IN without a session, asking nothing', async () => {
    const { fake, kit } = await signedInWallet()
    await kit.session.logout()
    await expect(getUser(kit)).rejects.toMatchObject({
      code: 'NOT_SIGNED_IN',
      message: expect.stringMatching(/^getUser: /),
    })
    expect(fake.calls).toHaveLength(0)
  })

  it('passes a refused stamp on as STAMP_REFUSED', async () => {
    const { kit } = await signedInWallet({ overrides: { 'query/get_user': grpcError(16, 'session expired', 401) } })
    await expect(getUser(kit)).rejects.toMatchObject({ code: 'STAMP_REFUSED' })
  })

  it('refuses an answer without the user or its id (PROXY_BAD_RESPONSE)', async () => {
    for (const body of [{}, { user: { userName: 'x' } }, { user: { userId: '' } }]) {
      const { kit } = await signedInWallet({ overrides: { 'query/get_user': json(body) } })
      const error = await getUser(kit).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(KitError)
      expect(error).toMatchObject({ code: 'PROXY_BAD_RESPONSE', message: expect.stringMatching(/^get_user: no /) })
    }
  })

  it('is ABORTED by an aborted signal, and refuses a kit or options that are not ones', async () => {
    const { fake, kit } = await signedInWallet()
    await expect(getUser(kit, { signal: AbortSignal.abort() })).rejects.toMatchObject({ code: 'ABORTED' })
    expect(fake.calls).toHaveLength(0)
    await expect(getUser({} as Kit)).rejects.toMatchObject({
      code: 'CONFIG_INVALID',
      message: expect.stringMatching(/getUser\(kit\)/),
    })
    await expect(getUser(kit, { signal: 'no' as unknown as AbortSignal })).rejects.toMatchObject({
      code: 'CONFIG_INVALID',
    })
  })
})
