import { verifyTypedData } from 'viem'
import { describe, expect, it } from 'vitest'
import { KitError } from '../errors'
import { PERMIT } from '../test/typedDataExamples'
import { activityAnswer, signedInWallet, WALLET_NOW, WALLET_ORG, xStampVerifies } from '../test/walletApi'
import type { SigningRequest } from './signingPrompt'
import { signTypedData } from './signTypedData'

describe('signTypedData', () => {
  it("asks sign_raw_payload for the EIP-712 JSON as production's viem package does; viem's verifyTypedData holds", async () => {
    const { keys, fake, kit, sessionKey } = await signedInWallet()
    const signed = await signTypedData(kit, { account: keys.ethereum, typedData: PERMIT })

    expect(fake.endpoints()).toEqual(['submit/sign_raw_payload'])
    const body = JSON.parse(fake.texts[0] ?? '') as {
      type: string
      timestampMs: string
      organizationId: string
      parameters: Record<string, string>
    }
    expect(body).toMatchObject({
      type: 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2',
      timestampMs: String(WALLET_NOW),
      organizationId: WALLET_ORG,
      parameters: {
        signWith: keys.ethereum.address,
        encoding: 'PAYLOAD_ENCODING_EIP712',
        hashFunction: 'HASH_FUNCTION_NO_OP',
      },
    })
    const payload = JSON.parse(body.parameters.payload ?? '') as { domain: unknown; types: Record<string, unknown> }
    expect(payload.domain).toEqual(PERMIT.domain)
    expect(payload.types.EIP712Domain).toHaveLength(4)
    expect(xStampVerifies(fake.calls[0]?.headers['x-stamp'], fake.texts[0], sessionKey)).toBe(true)
    expect(signed.signature).toMatch(/^0x[0-9a-f]{128}(1b|1c)$/)
    expect(
      await verifyTypedData({
        ...PERMIT,
        address: keys.ethereum.address as `0x${string}`,
        signature: signed.signature,
      }),
    ).toBe(true)
  })

  it('shows the typed data in the signing prompt first, and sends nothing when the person declines (USER_REJECTED)', async () => {
    const { keys, fake, kit } = await signedInWallet()
    const seen: SigningRequest[] = []
    kit.signingPrompt.current = async (request) => {
      seen.push(request)
      throw new KitError('USER_REJECTED', 'signTypedData: declined in the signing prompt')
    }
    await expect(signTypedData(kit, { account: keys.ethereum, typedData: PERMIT })).rejects.toMatchObject({
      code: 'USER_REJECTED',
    })
    expect(seen).toEqual([
      {
        kind: 'typedData',
        account: { address: keys.ethereum.address, addressFormat: 'ADDRESS_FORMAT_ETHEREUM' },
        typedData: PERMIT,
      },
    ])
    expect(fake.calls).toHaveLength(0)

    kit.signingPrompt.current = async () => undefined
    await expect(signTypedData(kit, { account: keys.ethereum, typedData: PERMIT })).resolves.toMatchObject({
      address: keys.ethereum.address,
    })
  })

  it('is ABORTED when the signal fires while the prompt is open, and sends nothing', async () => {
    const { keys, fake, kit } = await signedInWallet()
    const controller = new AbortController()
    kit.signingPrompt.current = async () => controller.abort()
    await expect(
      signTypedData(kit, { account: keys.ethereum, typedData: PERMIT, signal: controller.signal }),
    ).rejects.toMatchObject({ code: 'ABORTED' })
    expect(fake.calls).toHaveLength(0)
  })

  it('refuses a Solana account and malformed typed data before any prompt or request (CONFIG_INVALID)', async () => {
    const { keys, fake, kit } = await signedInWallet()
    let prompted = 0
    kit.signingPrompt.current = async () => void (prompted += 1)
    await expect(signTypedData(kit, { account: keys.solana, typedData: PERMIT })).rejects.toMatchObject({
      code: 'CONFIG_INVALID',
      message: expect.stringMatching(/account\.addressFormat/),
    })
    await expect(
      signTypedData(kit, { account: keys.ethereum, typedData: { ...PERMIT, primaryType: 'Order' } }),
    ).rejects.toMatchObject({ code: 'CONFIG_INVALID', message: expect.stringMatching(/primaryType/) })
    expect(prompted).toBe(0)
    expect(fake.calls).toHaveLength(0)
  })

  it('refuses an answer without a signature (PROXY_BAD_RESPONSE)', async () => {
    const { keys, kit } = await signedInWallet({
      overrides: { 'submit/sign_raw_payload': activityAnswer('ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2', {}) },
    })
    await expect(signTypedData(kit, { account: keys.ethereum, typedData: PERMIT })).rejects.toMatchObject({
      code: 'PROXY_BAD_RESPONSE',
      message: 'signTypedData: no signature {r, s, v} in the sign_raw_payload answer',
    })
  })

  it('is NOT_SIGNED_IN without a session', async () => {
    const { keys, fake, kit } = await signedInWallet()
    await kit.session.logout()
    await expect(signTypedData(kit, { account: keys.ethereum, typedData: PERMIT })).rejects.toMatchObject({
      code: 'NOT_SIGNED_IN',
    })
    expect(fake.calls).toHaveLength(0)
  })
})
