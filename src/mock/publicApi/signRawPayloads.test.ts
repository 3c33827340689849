import { ed25519 } from '@noble/curves/ed25519.js'
import { keccak_256 } from '@noble/hashes/sha3.js'
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js'
import { base58 } from '@scure/base'
import {
  recoverAddress,
  recoverMessageAddress,
  serializeTypedData,
  verifyMessage,
  verifyTypedData,
  type Hex,
} from 'viem'
import { verifyAuthorization } from 'viem/utils'
import { describe, expect, it } from 'vitest'
import type { SignRawPayloadResult } from '../../core/publicApiTypes'
import { itRefusesLikeEveryStampedActivity } from '../testing/activityRefusals'
import { setup, snapshot, type TestClock } from '../testing/harness'
import { signRawPayloadsBody, signedInEmailUser, stampedCall, type SignedInUser } from '../testing/publicApi'
import { walletAddresses } from '../testing/walletAddresses'
import type { MockAuthProxy } from '../types'
import { MAX_PAYLOAD_CHARS } from '../limits'
import { MAX_PAYLOADS } from './signRawPayloads'

interface SignAnswer {
  activity: { status: string; type: string; result: { signRawPayloadsResult: { signatures: SignRawPayloadResult[] } } }
}

/** EIP-191 personal_sign digest, built here from its definition: keccak256("\x19Ethereum Signed Message:\n" + len + message). */
function personalSignDigest(message: string): Uint8Array {
  const bytes = utf8ToBytes(message)
  return keccak_256(new Uint8Array([...utf8ToBytes(`\x19Ethereum Signed Message:\n${bytes.length}`), ...bytes]))
}

/** The 65-byte r‖s‖v signature personal_sign returns, v as 27 or 28. */
function ethereumSignature({ r, s, v }: SignRawPayloadResult): Hex {
  return `0x${r}${s}${v === '00' ? '1b' : '1c'}`
}

async function sign(proxy: MockAuthProxy, clock: TestClock, user: SignedInUser, parameters: object) {
  return stampedCall(
    proxy,
    'submit/sign_raw_payloads',
    signRawPayloadsBody(user.organizationId, parameters, clock),
    user.sessionKey,
  )
}

async function signatures(answer: ReturnType<typeof sign>): Promise<SignRawPayloadResult[]> {
  const { status, body } = await answer
  if (status !== 200) throw new Error(`expected 200, got ${status}: ${JSON.stringify(body)}`)
  const { activity } = body as SignAnswer
  expect(activity).toMatchObject({ status: 'ACTIVITY_STATUS_COMPLETED', type: 'ACTIVITY_TYPE_SIGN_RAW_PAYLOADS' })
  return activity.result.signRawPayloadsResult.signatures
}

describe('sign_raw_payloads', () => {
  it('signs an Ethereum personal_sign digest (HASH_FUNCTION_NO_OP) that viem recovers to the account address', async () => {
    const { proxy, clock } = setup()
    const ada = await signedInEmailUser(proxy, 'ada@example.com')
    const { ethereum } = walletAddresses(proxy, ada)
    const message = 'Sign in to Example at 2030-01-01'
    const [signature] = await signatures(
      sign(proxy, clock, ada, {
        // Lowercase: Ethereum addresses compare case-insensitively.
        signWith: ethereum.toLowerCase(),
        payloads: [bytesToHex(personalSignDigest(message))],
        encoding: 'PAYLOAD_ENCODING_HEXADECIMAL',
        hashFunction: 'HASH_FUNCTION_NO_OP',
      }),
    )
    expect(signature).toEqual({
      r: expect.stringMatching(/^[0-9a-f]{64}$/),
      s: expect.stringMatching(/^[0-9a-f]{64}$/),
      v: expect.stringMatching(/^0[01]$/),
    })
    if (signature === undefined) throw new Error('no signature')
    const full = ethereumSignature(signature)
    expect(await verifyMessage({ address: ethereum as Hex, message, signature: full })).toBe(true)
    expect(await recoverMessageAddress({ message, signature: full })).toBe(ethereum)
  })

  it('hashes with Keccak-256 or SHA-256 when asked, one signature per payload, UTF-8 text too', async () => {
    const { proxy, clock } = setup()
    const ada = await signedInEmailUser(proxy, 'ada@example.com')
    const { ethereum } = walletAddresses(proxy, ada)
    const result = await signatures(
      sign(proxy, clock, ada, {
        signWith: ethereum,
        payloads: ['hello', 'wallet'],
        encoding: 'PAYLOAD_ENCODING_TEXT_UTF8',
        hashFunction: 'HASH_FUNCTION_KECCAK256',
      }),
    )
    expect(result).toHaveLength(2)
    for (const [index, text] of ['hello', 'wallet'].entries()) {
      const signature = result[index]
      if (signature === undefined) throw new Error('missing signature')
      const hash = `0x${bytesToHex(keccak_256(utf8ToBytes(text)))}` as Hex
      expect(await recoverAddress({ hash, signature: ethereumSignature(signature) })).toBe(ethereum)
    }
    const [sha] = await signatures(
      sign(proxy, clock, ada, {
        signWith: ethereum,
        payloads: ['0x68656c6c6f'],
        encoding: 'PAYLOAD_ENCODING_HEXADECIMAL',
        hashFunction: 'HASH_FUNCTION_SHA256',
      }),
    )
    const shaHash =
      `0x${bytesToHex(new Uint8Array(await crypto.subtle.digest('SHA-256', utf8ToBytes('hello'))))}` as Hex
    if (sha === undefined) throw new Error('missing signature')
    expect(await recoverAddress({ hash: shaHash, signature: ethereumSignature(sha) })).toBe(ethereum)
  })

  it("signs a Solana message with ed25519 (HASH_FUNCTION_NOT_APPLICABLE): r‖s verifies against the address's key", async () => {
    const { proxy, clock } = setup()
    const ada = await signedInEmailUser(proxy, 'ada@example.com')
    const { solana } = walletAddresses(proxy, ada)
    const message = utf8ToBytes('Sign in to Example')
    const [signature] = await signatures(
      sign(proxy, clock, ada, {
        signWith: solana,
        payloads: [bytesToHex(message)],
        encoding: 'PAYLOAD_ENCODING_HEXADECIMAL',
        hashFunction: 'HASH_FUNCTION_NOT_APPLICABLE',
      }),
    )
    expect(signature?.v).toBe('00')
    const bytes = hexToBytes(`${signature?.r ?? ''}${signature?.s ?? ''}`)
    expect(ed25519.verify(bytes, message, base58.decode(solana))).toBe(true)
    expect(ed25519.verify(bytes, utf8ToBytes('Sign in to Exampl3'), base58.decode(solana))).toBe(false)
  })

  it('signs EIP-712 typed data and EIP-7702 authorizations as sign_raw_payload does, one signature each', async () => {
    const { proxy, clock } = setup()
    const ada = await signedInEmailUser(proxy, 'ada@example.com')
    const address = walletAddresses(proxy, ada).ethereum as Hex
    const typedData = {
      domain: { name: 'Permit', chainId: 10n },
      types: {
        EIP712Domain: [
          { name: 'name', type: 'string' },
          { name: 'chainId', type: 'uint256' },
        ],
        Permit: [{ name: 'value', type: 'uint256' }],
      },
      primaryType: 'Permit',
      message: { value: 5n },
    } as const
    const [typed] = await signatures(
      sign(proxy, clock, ada, {
        signWith: address,
        payloads: [serializeTypedData(typedData)],
        encoding: 'PAYLOAD_ENCODING_EIP712',
        hashFunction: 'HASH_FUNCTION_NO_OP',
      }),
    )
    const [authorization] = await signatures(
      sign(proxy, clock, ada, {
        signWith: address,
        payloads: [JSON.stringify({ address, chainId: 1, nonce: 0 })],
        encoding: 'PAYLOAD_ENCODING_EIP7702_AUTHORIZATION',
        hashFunction: 'HASH_FUNCTION_NO_OP',
      }),
    )
    if (typed === undefined || authorization === undefined) throw new Error('missing signature')
    expect(await verifyTypedData({ ...typedData, address, signature: ethereumSignature(typed) })).toBe(true)
    const { r, s, v } = authorization
    expect(
      await verifyAuthorization({
        address,
        authorization: { address, chainId: 1, nonce: 0, r: `0x${r}`, s: `0x${s}`, yParity: Number(v) },
      }),
    ).toBe(true)
  })

  it.each<[string, (addresses: { ethereum: string; solana: string }) => object, number, string | RegExp]>([
    [
      'a payload over the cap, naming it by its index',
      ({ ethereum }) => ({
        signWith: ethereum,
        payloads: ['ab', 'a'.repeat(MAX_PAYLOAD_CHARS + 1)],
        encoding: 'PAYLOAD_ENCODING_TEXT_UTF8',
        hashFunction: 'HASH_FUNCTION_KECCAK256',
      }),
      3,
      `parameters.payloads[1]: too long: at most ${MAX_PAYLOAD_CHARS} characters for payload, got ${MAX_PAYLOAD_CHARS + 1}`,
    ],
    [
      'a payload that is not a string',
      ({ ethereum }) => ({
        signWith: ethereum,
        payloads: [null],
        encoding: 'PAYLOAD_ENCODING_HEXADECIMAL',
        hashFunction: 'HASH_FUNCTION_KECCAK256',
      }),
      3,
      'parameters.payloads[0]: expected a string, got object',
    ],
    [
      'malformed typed data, naming the payload by its index',
      ({ ethereum }) => ({
        signWith: ethereum,
        payloads: ['{}'],
        encoding: 'PAYLOAD_ENCODING_EIP712',
        hashFunction: 'HASH_FUNCTION_NO_OP',
      }),
      3,
      'parameters.payloads[0]: EIP-712 typed data: types: expected an object of type definitions',
    ],
    [
      'a NO_OP secp256k1 payload that is not 32 bytes',
      ({ ethereum }) => ({
        signWith: ethereum,
        payloads: ['abcd'],
        encoding: 'PAYLOAD_ENCODING_HEXADECIMAL',
        hashFunction: 'HASH_FUNCTION_NO_OP',
      }),
      3,
      'parameters.payloads[0]: 2 bytes; with HASH_FUNCTION_NO_OP a secp256k1 payload is the 32-byte digest to sign',
    ],
    [
      'NOT_APPLICABLE on secp256k1',
      ({ ethereum }) => ({
        signWith: ethereum,
        payloads: ['ab'],
        encoding: 'PAYLOAD_ENCODING_HEXADECIMAL',
        hashFunction: 'HASH_FUNCTION_NOT_APPLICABLE',
      }),
      3,
      /^parameters\.hashFunction: HASH_FUNCTION_NOT_APPLICABLE is for ed25519 accounts/,
    ],
    [
      'a hash function on ed25519',
      ({ solana }) => ({
        signWith: solana,
        payloads: ['ab'],
        encoding: 'PAYLOAD_ENCODING_HEXADECIMAL',
        hashFunction: 'HASH_FUNCTION_SHA256',
      }),
      3,
      'parameters.hashFunction: HASH_FUNCTION_SHA256 cannot be used with an ed25519 account, which signs the message itself (RFC 8032); send HASH_FUNCTION_NOT_APPLICABLE',
    ],
    [
      'no payloads',
      ({ ethereum }) => ({
        signWith: ethereum,
        payloads: [],
        encoding: 'PAYLOAD_ENCODING_HEXADECIMAL',
        hashFunction: 'HASH_FUNCTION_KECCAK256',
      }),
      3,
      `parameters.payloads: expected 1 to ${MAX_PAYLOADS} payloads, got 0`,
    ],
    [
      'too many payloads',
      ({ ethereum }) => ({
        signWith: ethereum,
        payloads: Array.from({ length: MAX_PAYLOADS + 1 }, () => 'ab'),
        encoding: 'PAYLOAD_ENCODING_HEXADECIMAL',
        hashFunction: 'HASH_FUNCTION_KECCAK256',
      }),
      3,
      `parameters.payloads: expected 1 to ${MAX_PAYLOADS} payloads, got ${MAX_PAYLOADS + 1}`,
    ],
    [
      'a payload that is not hex',
      ({ ethereum }) => ({
        signWith: ethereum,
        payloads: ['xyz'],
        encoding: 'PAYLOAD_ENCODING_HEXADECIMAL',
        hashFunction: 'HASH_FUNCTION_KECCAK256',
      }),
      3,
      'parameters.payloads[0]: expected hexadecimal bytes (PAYLOAD_ENCODING_HEXADECIMAL), an even number of hex digits',
    ],
    [
      'an unknown encoding',
      ({ ethereum }) => ({
        signWith: ethereum,
        payloads: ['ab'],
        encoding: 'PAYLOAD_ENCODING_BASE64',
        hashFunction: 'HASH_FUNCTION_KECCAK256',
      }),
      3,
      'parameters.encoding: expected one of PAYLOAD_ENCODING_HEXADECIMAL, PAYLOAD_ENCODING_TEXT_UTF8, PAYLOAD_ENCODING_EIP712, PAYLOAD_ENCODING_EIP7702_AUTHORIZATION, got "PAYLOAD_ENCODING_BASE64"',
    ],
    [
      'an address that is no account of the organization',
      () => ({
        signWith: '0x0000000000000000000000000000000000000001',
        payloads: ['ab'],
        encoding: 'PAYLOAD_ENCODING_HEXADECIMAL',
        hashFunction: 'HASH_FUNCTION_KECCAK256',
      }),
      5,
      /^parameters\.signWith: "0x0000000000000000000000000000000000000001" is no wallet account address of organization/,
    ],
  ])('refuses %s, changing nothing', async (_name, parameters, code, message) => {
    const { proxy, clock } = setup()
    const ada = await signedInEmailUser(proxy, 'ada@example.com')
    const before = snapshot(proxy)
    const answer = await sign(proxy, clock, ada, parameters(walletAddresses(proxy, ada)))
    expect(answer.body).toEqual({
      code,
      message: typeof message === 'string' ? message : expect.stringMatching(message),
      details: [],
    })
    expect(snapshot(proxy)).toBe(before)
  })

  it("refuses an account of another organization: signWith finds the request's organization's accounts only", async () => {
    const { proxy, clock } = setup()
    const ada = await signedInEmailUser(proxy, 'ada@example.com')
    const bob = await signedInEmailUser(proxy, 'bob@example.com')
    const answer = await sign(proxy, clock, ada, {
      signWith: walletAddresses(proxy, bob).ethereum,
      payloads: ['ab'],
      encoding: 'PAYLOAD_ENCODING_HEXADECIMAL',
      hashFunction: 'HASH_FUNCTION_KECCAK256',
    })
    expect(answer.body).toMatchObject({ code: 5 })
  })
})

describe('sign_raw_payloads refusals by stamp', () => {
  itRefusesLikeEveryStampedActivity({
    route: 'submit/sign_raw_payloads',
    body: ({ proxy, clock, user }, organizationId) =>
      signRawPayloadsBody(
        organizationId,
        {
          signWith: walletAddresses(proxy, user).ethereum,
          payloads: ['ab'],
          encoding: 'PAYLOAD_ENCODING_HEXADECIMAL',
          hashFunction: 'HASH_FUNCTION_KECCAK256',
        },
        clock,
      ),
  })
})
