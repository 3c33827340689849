import { ed25519 } from '@noble/curves/ed25519.js'
import { keccak_256 } from '@noble/hashes/sha3.js'
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js'
import { base58 } from '@scure/base'
import {
  concat,
  getTypesForEIP712Domain,
  keccak256,
  numberToHex,
  recoverAddress,
  serializeTypedData,
  toRlp,
  verifyMessage,
  verifyTypedData,
  type Hex,
  type TypedDataDefinition,
} from 'viem'
import { recoverAuthorizationAddress, verifyAuthorization } from 'viem/utils'
import { describe, expect, it } from 'vitest'
import type { SignRawPayloadResult } from '../../core/publicApiTypes'
import { MAX_PAYLOAD_CHARS } from '../limits'
import { itRefusesLikeEveryStampedActivity } from '../testing/activityRefusals'
import { expectRefused, type RefusalCode } from '../testing/expectRefused'
import { ok, type TestClock } from '../testing/harness'
import { signRawPayloadBody, signedInEmailUser, stampedCall, type SignedInUser } from '../testing/publicApi'
import type { MockAuthProxy } from '../types'
import { signedInWithWallet, walletAddresses, type WalletAddresses } from '../testing/walletAddresses'

interface SignAnswer {
  activity: {
    status: string
    type: string
    intent: { signRawPayloadIntentV2: Record<string, string> }
    result: { signRawPayloadResult: SignRawPayloadResult }
  }
}

function sign(proxy: MockAuthProxy, clock: TestClock, user: SignedInUser, parameters: object) {
  return stampedCall(
    proxy,
    'submit/sign_raw_payload',
    signRawPayloadBody(user.organizationId, parameters, clock),
    user.sessionKey,
  )
}

async function signature(answer: ReturnType<typeof sign>, parameters: object): Promise<SignRawPayloadResult> {
  const { activity } = await ok<SignAnswer>(answer)
  expect(activity).toMatchObject({
    status: 'ACTIVITY_STATUS_COMPLETED',
    type: 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2',
    intent: { signRawPayloadIntentV2: parameters },
  })
  expect(activity.result.signRawPayloadResult).toEqual({
    r: expect.stringMatching(/^[0-9a-f]{64}$/),
    s: expect.stringMatching(/^[0-9a-f]{64}$/),
    v: expect.stringMatching(/^0[01]$/),
  })
  return activity.result.signRawPayloadResult
}

/** The 65-byte r‖s‖v an Ethereum wallet returns, v as 27 or 28. */
function ethereumSignature({ r, s, v }: SignRawPayloadResult): Hex {
  return `0x${r}${s}${v === '00' ? '1b' : '1c'}`
}

const MAIL = {
  domain: {
    name: 'Ether Mail',
    version: '1',
    chainId: 1n,
    verifyingContract: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC',
  },
  types: {
    Person: [
      { name: 'name', type: 'string' },
      { name: 'wallets', type: 'address[]' },
    ],
    Mail: [
      { name: 'from', type: 'Person' },
      { name: 'to', type: 'Person[]' },
      { name: 'contents', type: 'string' },
      { name: 'amount', type: 'uint256' },
      { name: 'tag', type: 'bytes32' },
      { name: 'urgent', type: 'bool' },
    ],
  },
  primaryType: 'Mail',
  message: {
    from: { name: 'Cow', wallets: ['0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826'] },
    to: [{ name: 'Bob', wallets: ['0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB'] }],
    contents: 'Hello, Bob!',
    // Past 2^53: viem writes it as a decimal string.
    amount: 12345678901234567890123n,
    tag: `0x${'ab'.repeat(32)}`,
    urgent: true,
  },
} as const satisfies TypedDataDefinition

/** The EIP712Domain type of MAIL's domain, as viem's signTypedData adds it (getTypesForEIP712Domain). */
const EIP712_DOMAIN = [
  { name: 'name', type: 'string' },
  { name: 'version', type: 'string' },
  { name: 'chainId', type: 'uint256' },
  { name: 'verifyingContract', type: 'address' },
] as const

/** What production's viem account sends: serializeTypedData over the types with EIP712Domain added. */
function eip712Payload(): string {
  return serializeTypedData({ ...MAIL, types: { EIP712Domain: EIP712_DOMAIN, ...MAIL.types } })
}

interface TypedJson {
  types: Record<string, { name: string; type: string }[]>
  primaryType?: unknown
  domain?: unknown
  message: Record<string, unknown>
}

/** The valid payload, changed by `edit`: one wrong thing at a time. */
function editedTypedData(edit: (json: TypedJson) => void): string {
  const json = JSON.parse(eip712Payload()) as TypedJson
  edit(json)
  return JSON.stringify(json)
}

describe('sign_raw_payload', () => {
  it('signs an Ethereum personal_sign digest (HEXADECIMAL, NO_OP) that viem verifies against the account', async () => {
    const { proxy, clock, ada, ethereum } = await signedInWithWallet()
    const message = 'Sign in to Example at 2030-01-01'
    const bytes = utf8ToBytes(message)
    const digest = keccak_256(
      new Uint8Array([...utf8ToBytes(`\x19Ethereum Signed Message:\n${bytes.length}`), ...bytes]),
    )
    const parameters = {
      signWith: ethereum.toLowerCase(),
      payload: `0x${bytesToHex(digest)}`,
      encoding: 'PAYLOAD_ENCODING_HEXADECIMAL',
      hashFunction: 'HASH_FUNCTION_NO_OP',
    }
    const result = await signature(sign(proxy, clock, ada, parameters), parameters)
    expect(await verifyMessage({ address: ethereum, message, signature: ethereumSignature(result) })).toBe(true)
  })

  it.each([
    ['HEXADECIMAL without 0x, KECCAK256', 'PAYLOAD_ENCODING_HEXADECIMAL', '68656c6c6f', 'HASH_FUNCTION_KECCAK256'],
    ['TEXT_UTF8, KECCAK256', 'PAYLOAD_ENCODING_TEXT_UTF8', 'hello', 'HASH_FUNCTION_KECCAK256'],
    ['TEXT_UTF8, SHA256', 'PAYLOAD_ENCODING_TEXT_UTF8', 'hello', 'HASH_FUNCTION_SHA256'],
  ])(
    'hashes as asked (%s): viem recovers the account from the digest',
    async (_name, encoding, payload, hashFunction) => {
      const { proxy, clock, ada, ethereum } = await signedInWithWallet()
      const parameters = { signWith: ethereum, payload, encoding, hashFunction }
      const result = await signature(sign(proxy, clock, ada, parameters), parameters)
      const hello = utf8ToBytes('hello')
      const digest =
        hashFunction === 'HASH_FUNCTION_KECCAK256'
          ? keccak_256(hello)
          : new Uint8Array(await crypto.subtle.digest('SHA-256', hello))
      expect(await recoverAddress({ hash: `0x${bytesToHex(digest)}`, signature: ethereumSignature(result) })).toBe(
        ethereum,
      )
    },
  )

  it.each([
    ['HEXADECIMAL', 'PAYLOAD_ENCODING_HEXADECIMAL', bytesToHex(utf8ToBytes('Sign in to Example'))],
    ['TEXT_UTF8', 'PAYLOAD_ENCODING_TEXT_UTF8', 'Sign in to Example'],
  ])(
    'signs a Solana message (%s, NOT_APPLICABLE) with ed25519: r‖s verifies against the address',
    async (_name, encoding, payload) => {
      const { proxy, clock, ada, solana } = await signedInWithWallet()
      const parameters = { signWith: solana, payload, encoding, hashFunction: 'HASH_FUNCTION_NOT_APPLICABLE' }
      const { r, s, v } = await signature(sign(proxy, clock, ada, parameters), parameters)
      expect(v).toBe('00')
      const bytes = hexToBytes(`${r}${s}`)
      expect(ed25519.verify(bytes, utf8ToBytes('Sign in to Example'), base58.decode(solana))).toBe(true)
      expect(ed25519.verify(bytes, utf8ToBytes('Sign in to Exampl3'), base58.decode(solana))).toBe(false)
    },
  )

  it('signs EIP-712 typed data as viem serializes it (EIP712, NO_OP): viem verifies it against the account', async () => {
    expect(getTypesForEIP712Domain({ domain: MAIL.domain })).toEqual(EIP712_DOMAIN)
    const { proxy, clock, ada, ethereum } = await signedInWithWallet()
    const parameters = {
      signWith: ethereum,
      payload: eip712Payload(),
      encoding: 'PAYLOAD_ENCODING_EIP712',
      hashFunction: 'HASH_FUNCTION_NO_OP',
    }
    const result = await signature(sign(proxy, clock, ada, parameters), parameters)
    expect(await verifyTypedData({ ...MAIL, address: ethereum, signature: ethereumSignature(result) })).toBe(true)
    expect(
      await verifyTypedData({
        ...MAIL,
        message: { ...MAIL.message, contents: 'Hello, Bobby!' },
        address: ethereum,
        signature: ethereumSignature(result),
      }),
    ).toBe(false)
  })

  it('signs the domain alone (primaryType EIP712Domain, no message) as viem hashes it', async () => {
    const { proxy, clock, ada, ethereum } = await signedInWithWallet()
    const domainOnly = {
      domain: MAIL.domain,
      types: { EIP712Domain: EIP712_DOMAIN },
      primaryType: 'EIP712Domain',
    } as const
    const parameters = {
      signWith: ethereum,
      payload: serializeTypedData(domainOnly),
      encoding: 'PAYLOAD_ENCODING_EIP712',
      hashFunction: 'HASH_FUNCTION_NO_OP',
    }
    expect(JSON.parse(parameters.payload)).not.toHaveProperty('message')
    const result = await signature(sign(proxy, clock, ada, parameters), parameters)
    expect(
      await verifyTypedData({
        ...domainOnly,
        address: ethereum,
        signature: ethereumSignature(result),
      }),
    ).toBe(true)
  })

  it('signs an EIP-7702 authorization as production viem sends it (EIP7702_AUTHORIZATION, NO_OP): viem recovers the account', async () => {
    const { proxy, clock, ada, ethereum } = await signedInWithWallet()
    const delegate = '0x1111111111111111111111111111111111111111'
    const parameters = {
      signWith: ethereum,
      payload: JSON.stringify({ address: delegate, chainId: 8453, nonce: 7 }),
      encoding: 'PAYLOAD_ENCODING_EIP7702_AUTHORIZATION',
      hashFunction: 'HASH_FUNCTION_NO_OP',
    }
    const { r, s, v } = await signature(sign(proxy, clock, ada, parameters), parameters)
    const authorization = {
      address: delegate,
      chainId: 8453,
      nonce: 7,
      r: `0x${r}`,
      s: `0x${s}`,
      yParity: Number(v),
    } as const
    expect(await recoverAuthorizationAddress({ authorization })).toBe(ethereum)
    expect(await verifyAuthorization({ address: ethereum, authorization })).toBe(true)
    expect(await verifyAuthorization({ address: ethereum, authorization: { ...authorization, nonce: 8 } })).toBe(false)
  })

  it('signs a chain id and nonce sent as decimal strings (past 2^53) as the same integers', async () => {
    const { proxy, clock, ada, ethereum } = await signedInWithWallet()
    const delegate = '0x2222222222222222222222222222222222222222'
    const parameters = {
      signWith: ethereum,
      payload: JSON.stringify({ address: delegate, chainId: '9007199254740993', nonce: '18446744073709551615' }),
      encoding: 'PAYLOAD_ENCODING_EIP7702_AUTHORIZATION',
      hashFunction: 'HASH_FUNCTION_NO_OP',
    }
    const result = await signature(sign(proxy, clock, ada, parameters), parameters)
    // EIP-7702's hash, from viem's RLP and Keccak (its hashAuthorization takes numbers, which would lose digits).
    const hash = keccak256(
      concat(['0x05', toRlp([numberToHex(9007199254740993n), delegate, numberToHex(18446744073709551615n)])]),
    )
    expect(await recoverAddress({ hash, signature: ethereumSignature(result) })).toBe(ethereum)
  })
})

const TOO_MANY_TYPES = Object.fromEntries(
  Array.from({ length: 257 }, (_, index) => [`T${index}`, [{ name: 'v', type: 'uint8' }]]),
)

describe('sign_raw_payload refusals', () => {
  it.each<[string, (accounts: WalletAddresses) => object, RefusalCode, string | RegExp]>([
    [
      'EIP712 with a hash function other than NO_OP',
      ({ ethereum }) => ({
        signWith: ethereum,
        payload: eip712Payload(),
        encoding: 'PAYLOAD_ENCODING_EIP712',
        hashFunction: 'HASH_FUNCTION_KECCAK256',
      }),
      3,
      'parameters.hashFunction: PAYLOAD_ENCODING_EIP712 is hashed by the API as its standard defines; send HASH_FUNCTION_NO_OP, got HASH_FUNCTION_KECCAK256',
    ],
    [
      'EIP7702_AUTHORIZATION with a hash function other than NO_OP',
      ({ ethereum }) => ({
        signWith: ethereum,
        payload: JSON.stringify({ address: ethereum, chainId: 1, nonce: 0 }),
        encoding: 'PAYLOAD_ENCODING_EIP7702_AUTHORIZATION',
        hashFunction: 'HASH_FUNCTION_NOT_APPLICABLE',
      }),
      3,
      'parameters.hashFunction: PAYLOAD_ENCODING_EIP7702_AUTHORIZATION is hashed by the API as its standard defines; send HASH_FUNCTION_NO_OP, got HASH_FUNCTION_NOT_APPLICABLE',
    ],
    [
      'EIP712 for a Solana account',
      ({ solana }) => ({
        signWith: solana,
        payload: eip712Payload(),
        encoding: 'PAYLOAD_ENCODING_EIP712',
        hashFunction: 'HASH_FUNCTION_NO_OP',
      }),
      3,
      /^parameters\.signWith: "\w+" is an ed25519 \(Solana\) account; PAYLOAD_ENCODING_EIP712 is signed by a secp256k1 \(Ethereum\) account$/,
    ],
    [
      'EIP7702_AUTHORIZATION for a Solana account',
      ({ solana, ethereum }) => ({
        signWith: solana,
        payload: JSON.stringify({ address: ethereum, chainId: 1, nonce: 0 }),
        encoding: 'PAYLOAD_ENCODING_EIP7702_AUTHORIZATION',
        hashFunction: 'HASH_FUNCTION_NO_OP',
      }),
      3,
      /^parameters\.signWith: "\w+" is an ed25519 \(Solana\) account; PAYLOAD_ENCODING_EIP7702_AUTHORIZATION is signed by a secp256k1 \(Ethereum\) account$/,
    ],
    [
      'a payload over the cap',
      ({ ethereum }) => ({
        signWith: ethereum,
        payload: 'a'.repeat(MAX_PAYLOAD_CHARS + 1),
        encoding: 'PAYLOAD_ENCODING_TEXT_UTF8',
        hashFunction: 'HASH_FUNCTION_KECCAK256',
      }),
      3,
      `parameters.payload: too long: at most ${MAX_PAYLOAD_CHARS} characters for payload, got ${MAX_PAYLOAD_CHARS + 1}`,
    ],
    [
      'a payload that is not a string',
      ({ ethereum }) => ({
        signWith: ethereum,
        payload: 42,
        encoding: 'PAYLOAD_ENCODING_HEXADECIMAL',
        hashFunction: 'HASH_FUNCTION_KECCAK256',
      }),
      3,
      'parameters.payload: expected a string, got number',
    ],
    [
      'an empty text',
      ({ ethereum }) => ({
        signWith: ethereum,
        payload: '',
        encoding: 'PAYLOAD_ENCODING_TEXT_UTF8',
        hashFunction: 'HASH_FUNCTION_KECCAK256',
      }),
      3,
      'parameters.payload: expected a non-empty text',
    ],
    [
      'hex with an odd number of digits',
      ({ ethereum }) => ({
        signWith: ethereum,
        payload: '0xabc',
        encoding: 'PAYLOAD_ENCODING_HEXADECIMAL',
        hashFunction: 'HASH_FUNCTION_KECCAK256',
      }),
      3,
      'parameters.payload: expected hexadecimal bytes (PAYLOAD_ENCODING_HEXADECIMAL), an even number of hex digits',
    ],
    [
      'a NO_OP secp256k1 payload that is not 32 bytes',
      ({ ethereum }) => ({
        signWith: ethereum,
        payload: 'abcd',
        encoding: 'PAYLOAD_ENCODING_HEXADECIMAL',
        hashFunction: 'HASH_FUNCTION_NO_OP',
      }),
      3,
      'parameters.payload: 2 bytes; with HASH_FUNCTION_NO_OP a secp256k1 payload is the 32-byte digest to sign',
    ],
    [
      'NOT_APPLICABLE for a secp256k1 account',
      ({ ethereum }) => ({
        signWith: ethereum,
        payload: 'ab',
        encoding: 'PAYLOAD_ENCODING_HEXADECIMAL',
        hashFunction: 'HASH_FUNCTION_NOT_APPLICABLE',
      }),
      3,
      /^parameters\.hashFunction: HASH_FUNCTION_NOT_APPLICABLE is for ed25519 accounts/,
    ],
    [
      'a hash function for an ed25519 account',
      ({ solana }) => ({
        signWith: solana,
        payload: 'ab',
        encoding: 'PAYLOAD_ENCODING_HEXADECIMAL',
        hashFunction: 'HASH_FUNCTION_NO_OP',
      }),
      3,
      'parameters.hashFunction: HASH_FUNCTION_NO_OP cannot be used with an ed25519 account, which signs the message itself (RFC 8032); send HASH_FUNCTION_NOT_APPLICABLE',
    ],
    [
      'an encoding production does not define',
      ({ ethereum }) => ({
        signWith: ethereum,
        payload: 'ab',
        encoding: 'PAYLOAD_ENCODING_BASE64',
        hashFunction: 'HASH_FUNCTION_KECCAK256',
      }),
      3,
      /^parameters\.encoding: expected one of PAYLOAD_ENCODING_HEXADECIMAL, PAYLOAD_ENCODING_TEXT_UTF8, PAYLOAD_ENCODING_EIP712, PAYLOAD_ENCODING_EIP7702_AUTHORIZATION, got "PAYLOAD_ENCODING_BASE64"$/,
    ],
    [
      'an address that is no account of the organization',
      () => ({
        signWith: '0x0000000000000000000000000000000000000001',
        payload: 'ab',
        encoding: 'PAYLOAD_ENCODING_HEXADECIMAL',
        hashFunction: 'HASH_FUNCTION_KECCAK256',
      }),
      5,
      /^parameters\.signWith: "0x0000000000000000000000000000000000000001" is no wallet account address of organization "[0-9a-f-]+"$/,
    ],
  ])('refuses %s, changing nothing', async (_name, parameters, code, message) => {
    const { proxy, clock, ada, ...addresses } = await signedInWithWallet()
    await expectRefused(proxy, () => sign(proxy, clock, ada, parameters(addresses)), code, message)
  })

  it.each<[string, string, string]>([
    ['not JSON', '{"types":', 'not JSON; PAYLOAD_ENCODING_EIP712 is the JSON of {types, primaryType, domain, message}'],
    ['not an object', '[]', 'expected a JSON object {types, primaryType, domain, message}'],
    [
      'no types',
      editedTypedData((json) => Reflect.deleteProperty(json, 'types')),
      'types: expected an object of type definitions',
    ],
    [
      'types without EIP712Domain',
      editedTypedData((json) => Reflect.deleteProperty(json.types, 'EIP712Domain')),
      'types.EIP712Domain: required, the members of domain (as eth_signTypedData_v4 sends them)',
    ],
    [
      'a type name that is not an identifier',
      editedTypedData((json) => (json.types['Mail Box'] = [])),
      'types: "Mail Box" is not a type name (an identifier)',
    ],
    [
      'a type that is not a list',
      editedTypedData((json) => Object.assign(json.types, { Person: { name: 'string' } })),
      'types.Person: expected a list of {name, type}',
    ],
    [
      'a member that is not {name, type}',
      editedTypedData((json) => Object.assign(json.types, { Person: [{ name: 'name' }] })),
      'types.Person[0]: expected {name, type}, two strings',
    ],
    [
      'a member name that is not an identifier',
      editedTypedData((json) => json.types['Person']?.push({ name: 'home town', type: 'string' })),
      'types.Person[2].name: "home town" is not an identifier',
    ],
    [
      'a member defined twice',
      editedTypedData((json) => json.types['Person']?.push({ name: 'name', type: 'string' })),
      'types.Person[2].name: "name" is a member of Person twice',
    ],
    [
      'a type not defined',
      editedTypedData((json) => json.types['Mail']?.push({ name: 'cc', type: 'Persn[]' })),
      'types.Mail[6].type: "Persn[]" is neither an EIP-712 atomic type nor a type defined in types',
    ],
    [
      'an atomic type EIP-712 does not define',
      editedTypedData((json) => json.types['Mail']?.push({ name: 'count', type: 'uint7' })),
      'types.Mail[6].type: "uint7" is neither an EIP-712 atomic type nor a type defined in types',
    ],
    [
      'no primaryType',
      editedTypedData((json) => Reflect.deleteProperty(json, 'primaryType')),
      'primaryType: required, the name of the type of message',
    ],
    [
      'a primaryType not defined',
      editedTypedData((json) => (json.primaryType = 'Letter')),
      'primaryType: "Letter" is not defined in types',
    ],
    ['no domain', editedTypedData((json) => Reflect.deleteProperty(json, 'domain')), 'domain: expected an object'],
    [
      'a domain member EIP712Domain does not list',
      editedTypedData((json) => (json.domain = { ...(json.domain as object), salt: `0x${'00'.repeat(32)}` })),
      'domain.salt: not a member of EIP712Domain',
    ],
    ['no message', editedTypedData((json) => Reflect.deleteProperty(json, 'message')), 'message: expected an object'],
    [
      'a missing value',
      editedTypedData((json) => Reflect.deleteProperty(json.message, 'contents')),
      'message.contents: missing (string)',
    ],
    [
      'a member the type does not have',
      editedTypedData((json) => (json.message['cc'] = 'Carol')),
      'message.cc: not a member of Mail',
    ],
    [
      'a uint256 that is not an integer',
      editedTypedData((json) => (json.message['amount'] = '12.5')),
      'message.amount (uint256): "12.5" is not an integer (a safe JSON number, or a decimal or 0x string)',
    ],
    [
      'an integer past 2^53 as a JSON number',
      editedTypedData((json) => (json.message['amount'] = 2 ** 60)),
      'message.amount (uint256): 1152921504606847000 is not an integer (a safe JSON number, or a decimal or 0x string)',
    ],
    [
      'a negative uint256',
      editedTypedData((json) => (json.message['amount'] = '-1')),
      `message.amount (uint256): -1 is out of range (0 to ${2n ** 256n - 1n})`,
    ],
    [
      'an address that is not 20 bytes',
      editedTypedData((json) => (json.message['from'] = { name: 'Cow', wallets: ['0x1234'] })),
      'message.from.wallets[0]: "0x1234" is not an address (0x and 40 hex digits)',
    ],
    [
      'a bytes32 of 31 bytes',
      editedTypedData((json) => (json.message['tag'] = `0x${'ab'.repeat(31)}`)),
      `message.tag: "0x${'ab'.repeat(31)}" is not bytes32 (0x and 64 hex digits)`,
    ],
    [
      'a bool as a string',
      editedTypedData((json) => (json.message['urgent'] = 'true')),
      'message.urgent: "true" is not true or false (bool)',
    ],
    [
      'a string as a number',
      editedTypedData((json) => (json.message['contents'] = 5)),
      'message.contents: 5 is not a string',
    ],
    [
      'a list that is not a list',
      editedTypedData((json) => (json.message['to'] = { name: 'Bob', wallets: [] })),
      'message.to: expected a list (Person[])',
    ],
    [
      'a struct that is not an object',
      editedTypedData((json) => (json.message['from'] = 'Cow')),
      'message.from: expected an object (Person)',
    ],
    [
      'a fixed-size list of another length',
      editedTypedData((json) => {
        json.types['Mail']?.push({ name: 'pair', type: 'uint8[2]' })
        json.message['pair'] = [1, 2, 3]
      }),
      'message.pair: expected 2 items (uint8[2]), got 3',
    ],
    [
      'more types than the library hashes',
      editedTypedData((json) => Object.assign(json.types, TOO_MANY_TYPES)),
      'EIP712: too many types, limit is 256',
    ],
  ])(
    'refuses malformed EIP-712 typed data (%s) with 3 naming what is wrong, changing nothing',
    async (_name, payload, what) => {
      const { proxy, clock, ada, ethereum } = await signedInWithWallet()
      const parameters = {
        signWith: ethereum,
        payload,
        encoding: 'PAYLOAD_ENCODING_EIP712',
        hashFunction: 'HASH_FUNCTION_NO_OP',
      }
      await expectRefused(
        proxy,
        () => sign(proxy, clock, ada, parameters),
        3,
        `parameters.payload: EIP-712 typed data: ${what}`,
      )
    },
  )

  it.each<[string, string, string]>([
    [
      'not JSON',
      'address=0x11',
      'not JSON; PAYLOAD_ENCODING_EIP7702_AUTHORIZATION is the JSON of {address, chainId, nonce}',
    ],
    ['not an object', '"0x11"', 'expected a JSON object {address, chainId, nonce}'],
    [
      'an address that is not 20 bytes',
      JSON.stringify({ address: '0x11', chainId: 1, nonce: 0 }),
      'address: expected the delegate contract address, 0x and 40 hex digits',
    ],
    [
      'an address whose checksum is wrong',
      JSON.stringify({ address: '0xAbCdEf1111111111111111111111111111111111', chainId: 1, nonce: 0 }),
      'address: address checksum does not match',
    ],
    [
      'no chain id',
      JSON.stringify({ address: '0x1111111111111111111111111111111111111111', nonce: 0 }),
      'chainId: expected an integer from 0 to 2^256 - 1 (a JSON number, or a decimal or 0x string), got nothing',
    ],
    [
      'a negative chain id',
      JSON.stringify({ address: '0x1111111111111111111111111111111111111111', chainId: -1, nonce: 0 }),
      'chainId: expected an integer from 0 to 2^256 - 1 (a JSON number, or a decimal or 0x string), got -1',
    ],
    [
      'a nonce past 2^64 - 1',
      JSON.stringify({
        address: '0x1111111111111111111111111111111111111111',
        chainId: 1,
        nonce: '18446744073709551616',
      }),
      'nonce: expected an integer from 0 to 2^64 - 1 (a JSON number, or a decimal or 0x string), got "18446744073709551616"',
    ],
  ])(
    'refuses a malformed EIP-7702 authorization (%s) with 3 naming what is wrong, changing nothing',
    async (_name, payload, what) => {
      const { proxy, clock, ada, ethereum } = await signedInWithWallet()
      const parameters = {
        signWith: ethereum,
        payload,
        encoding: 'PAYLOAD_ENCODING_EIP7702_AUTHORIZATION',
        hashFunction: 'HASH_FUNCTION_NO_OP',
      }
      await expectRefused(
        proxy,
        () => sign(proxy, clock, ada, parameters),
        3,
        `parameters.payload: EIP-7702 authorization: ${what}`,
      )
    },
  )

  it("refuses an account of another organization with 5: signWith finds the request's organization's accounts only", async () => {
    const { proxy, clock, ada } = await signedInWithWallet()
    const bob = await signedInEmailUser(proxy, 'bob@example.com')
    const parameters = {
      signWith: walletAddresses(proxy, bob).ethereum,
      payload: 'hello',
      encoding: 'PAYLOAD_ENCODING_TEXT_UTF8',
      hashFunction: 'HASH_FUNCTION_KECCAK256',
    }
    await expectRefused(
      proxy,
      () => sign(proxy, clock, ada, parameters),
      5,
      /is no wallet account address of organization/,
    )
  })
})

describe('sign_raw_payload refusals by stamp', () => {
  itRefusesLikeEveryStampedActivity({
    route: 'submit/sign_raw_payload',
    body: ({ proxy, clock, user }, organizationId) =>
      signRawPayloadBody(
        organizationId,
        {
          signWith: walletAddresses(proxy, user).ethereum,
          payload: eip712Payload(),
          encoding: 'PAYLOAD_ENCODING_EIP712',
          hashFunction: 'HASH_FUNCTION_NO_OP',
        },
        clock,
      ),
  })
})
