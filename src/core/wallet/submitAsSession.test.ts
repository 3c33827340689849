import { describe, expect, it } from 'vitest'
import { activityAnswer, signedInWallet, WALLET_NOW, WALLET_ORG, WALLET_USER, xStampVerifies } from '../test/walletApi'
import { signedInSession } from './signedInSession'
import { submitAsSession } from './submitAsSession'

describe('submitAsSession', () => {
  it("sends the activity's envelope in the session's organization, in the seed's member order, X-Stamped by the session key", async () => {
    const { fake, kit, sessionKey } = await signedInWallet({
      overrides: {
        'submit/create_authenticators': activityAnswer('ACTIVITY_TYPE_CREATE_AUTHENTICATORS_V2', {
          createAuthenticatorsResult: { authenticatorIds: ['a-2'] },
        }),
      },
    })
    const session = await signedInSession(kit, 'test')
    const activity = await submitAsSession(
      kit,
      session,
      'create_authenticators',
      { userId: WALLET_USER, authenticators: [] },
      undefined,
    )
    expect(activity.result.createAuthenticatorsResult.authenticatorIds).toEqual(['a-2'])
    expect(fake.endpoints()).toEqual(['submit/create_authenticators'])
    expect(fake.texts[0]).toBe(
      `{"type":"ACTIVITY_TYPE_CREATE_AUTHENTICATORS_V2","timestampMs":"${WALLET_NOW}","organizationId":"${WALLET_ORG}","parameters":{"userId":"${WALLET_USER}","authenticators":[]}}`,
    )
    expect(xStampVerifies(fake.calls[0]?.headers['x-stamp'], fake.texts[0], sessionKey)).toBe(true)
  })

  it('passes the signal on: an aborted one sends nothing', async () => {
    const { fake, kit } = await signedInWallet()
    const session = await signedInSession(kit, 'test')
    const submitted = submitAsSession(
      kit,
      session,
      'stamp_login',
      { publicKey: session.publicKey },
      AbortSignal.abort(),
    )
    await expect(submitted).rejects.toMatchObject({ code: 'ABORTED' })
    expect(fake.calls).toHaveLength(0)
  })
})
