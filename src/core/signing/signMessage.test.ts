import { ed25519 } from '@noble/curves/ed25519.js'
import { base58 } from '@scure/base'
import { toHex as viemHex, verifyMessage } from 'viem'
import { describe, expect, it } from 'vitest'
import { toHex, utf8 } from '../encoding'
import { json } from '../test/fakeFetch'
import { activityAnswer, signedInWallet, WALLET_NOW, WALLET_ORG, xStampVerifies } from '../test/walletApi'
import { personalMessage, signMessage } from './signMessage'

describe('signMessage with an Ethereum account', () => {
  it("sends personal_sign's EIP-191 message for the API to hash with keccak-256, as production does; viem recovers the address", async () => {
    const { keys, fake, kit, sessionKey } = await signedInWallet()
    const message = 'Sign in to Example: nonce 42 ✓'

    const signed = await signMessage(kit, { account: keys.ethereum, message })

    expect(fake.endpoints()).toEqual(['submit/sign_raw_payload'])
    expect(JSON.parse(fake.texts[0] ?? '')).toEqual({
      type: 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2',
      timestampMs: String(WALLET_NOW),
      organizationId: WALLET_ORG,
      parameters: {
        signWith: keys.ethereum.address,
        payload: viemHex(`\x19Ethereum Signed Message:\n${utf8(message).length}${message}`),
        encoding: 'PAYLOAD_ENCODING_HEXADECIMAL',
        hashFunction: 'HASH_FUNCTION_KECCAK256',
      },
    })
    expect(xStampVerifies(fake.calls[0]?.headers['x-stamp'], fake.texts[0], sessionKey)).toBe(true)
    expect(signed.address).toBe(keys.ethereum.address)
    expect(signed.addressFormat).toBe('ADDRESS_FORMAT_ETHEREUM')
    expect(signed.signature).toMatch(/^0x[0-9a-f]{128}(1b|1c)$/)
    expect(
      await verifyMessage({
        address: keys.ethereum.address as `0x${string}`,
        message,
        signature: signed.signature as `0x${string}`,
      }),
    ).toBe(true)
    expect(signed.raw.v).toMatch(/^0[01]$/)
  })

  it('signs bytes as bytes (their length in the prefix)', async () => {
    const { keys, kit } = await signedInWallet()
    const bytes = new Uint8Array([0, 1, 2, 255])
    const signed = await signMessage(kit, { account: keys.ethereum, message: bytes })
    expect(
      await verifyMessage({
        address: keys.ethereum.address as `0x${string}`,
        message: { raw: bytes },
        signature: signed.signature as `0x${string}`,
      }),
    ).toBe(true)
    expect(toHex(personalMessage(bytes))).toBe(`${toHex(utf8('\x19Ethereum Signed Message:\n4'))}000102ff`)
  })

  it('pads short scalars and takes a v already shifted to 27/28', async () => {
    const { keys, kit } = await signedInWallet({
      overrides: {
        'submit/sign_raw_payload': activityAnswer('ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2', {
          signRawPayloadResult: { r: 'ab', s: '0xCD', v: '1c' },
        }),
      },
    })
    const { signature } = await signMessage(kit, { account: keys.ethereum, message: 'x' })
    expect(signature).toBe(`0x${'ab'.padStart(64, '0')}${'cd'.padStart(64, '0')}1c`)
  })

  it('refuses a signature the kit cannot turn into one (PROXY_BAD_RESPONSE)', async () => {
    for (const signRawPayloadResult of [
      { r: 'zz', s: '00', v: '00' },
      { r: '00', s: '00', v: '05' },
      { r: 'a'.repeat(66), s: '00', v: '00' },
    ]) {
      const { keys, kit } = await signedInWallet({
        overrides: {
          'submit/sign_raw_payload': activityAnswer('ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2', { signRawPayloadResult }),
        },
      })
      await expect(signMessage(kit, { account: keys.ethereum, message: 'x' })).rejects.toMatchObject({
        code: 'PROXY_BAD_RESPONSE',
      })
    }
  })

  it('refuses a result without signatures, or with members that are not {r, s, v} strings (PROXY_BAD_RESPONSE)', async () => {
    for (const result of [
      {},
      { signRawPayloadResult: {} },
      { signRawPayloadResult: 'x' },
      { signRawPayloadResult: { r: 1, s: '00', v: '00' } },
    ]) {
      const { keys, kit } = await signedInWallet({
        overrides: { 'submit/sign_raw_payload': activityAnswer('ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2', result) },
      })
      await expect(signMessage(kit, { account: keys.solana, message: 'x' })).rejects.toMatchObject({
        code: 'PROXY_BAD_RESPONSE',
        message: expect.stringMatching(/no signature \{r, s, v\}/),
      })
    }
  })
})

describe('signMessage with a Solana account', () => {
  it('asks ed25519 to sign the message bytes (HASH_FUNCTION_NOT_APPLICABLE); the base58 signature verifies with noble', async () => {
    const { keys, fake, kit } = await signedInWallet()
    const message = 'Hello from Solana'
    const signed = await signMessage(kit, { account: keys.solana, message })

    const body = JSON.parse(fake.texts[0] ?? '') as { parameters: Record<string, unknown> }
    expect(body.parameters).toEqual({
      signWith: keys.solana.address,
      payload: `0x${toHex(utf8(message))}`,
      encoding: 'PAYLOAD_ENCODING_HEXADECIMAL',
      hashFunction: 'HASH_FUNCTION_NOT_APPLICABLE',
    })
    const signature = base58.decode(signed.signature)
    expect(signature).toHaveLength(64)
    expect(ed25519.verify(signature, utf8(message), base58.decode(keys.solana.address))).toBe(true)
    expect(signed).toMatchObject({ address: keys.solana.address, addressFormat: 'ADDRESS_FORMAT_SOLANA' })
  })
})

describe('signMessage refusals', () => {
  it('is NOT_SIGNED_IN without a session, before any request', async () => {
    const { keys, fake, kit } = await signedInWallet()
    await kit.session.logout()
    await expect(signMessage(kit, { account: keys.ethereum, message: 'x' })).rejects.toMatchObject({
      code: 'NOT_SIGNED_IN',
    })
    expect(fake.calls).toHaveLength(0)
  })

  it('refuses an unknown address format, no account, or a message that is neither text nor bytes (CONFIG_INVALID)', async () => {
    const { keys, fake, kit } = await signedInWallet()
    const bad = [
      { account: { address: 'cosmos1xyz', addressFormat: 'ADDRESS_FORMAT_COSMOS' }, message: 'x' },
      { account: { address: '', addressFormat: 'ADDRESS_FORMAT_ETHEREUM' }, message: 'x' },
      { account: keys.ethereum, message: 42 },
      { message: 'x' },
      null,
    ]
    for (const parameters of bad) {
      await expect(signMessage(kit, parameters as unknown as Parameters<typeof signMessage>[1])).rejects.toMatchObject({
        code: 'CONFIG_INVALID',
        message: expect.stringMatching(/^signMessage\((\{ (account|message)|parameters)/),
      })
    }
    expect(fake.calls).toHaveLength(0)
  })

  it("passes on the API's refusal of a read-only session (PERMISSION_DENIED)", async () => {
    const { keys, kit } = await signedInWallet({
      overrides: {
        'submit/sign_raw_payload': json(
          { code: 7, message: 'SESSION_TYPE_READ_ONLY sessions cannot sign', details: [] },
          403,
        ),
      },
    })
    await expect(signMessage(kit, { account: keys.ethereum, message: 'x' })).rejects.toMatchObject({
      code: 'PERMISSION_DENIED',
    })
  })
})
