// A signed-in kit over a recording fetch that answers the signed-in queries and activities the way
// production does (shapes of @turnkey/sdk-types), with real keys: sign_raw_payload(s) signs what it is
// given with a secp256k1 or ed25519 key, so that tests verify the kit's signatures with independent code.
import { ed25519 } from '@noble/curves/ed25519.js'
import { p256 } from '@noble/curves/nist.js'
import { secp256k1 } from '@noble/curves/secp256k1.js'
import { keccak_256 } from '@noble/hashes/sha3.js'
import { base58 } from '@scure/base'
import { hashTypedData, parseTransaction, type TypedDataDefinition } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { onTestFinished } from 'vitest'
import { createKit, type Kit, type KitOptions } from '../createKit'
import { base64urlDecode, fromHex, fromUtf8, toHex, utf8 } from '../encoding'
import type { PublicUser, PublicWallet, PublicWalletAccount } from '../publicApiTypes'
import { fakeFetch, json, type FakeAnswer, type FakeFetch, type RecordedCall } from './fakeFetch'
import { testKitOptions } from './testKitOptions'
import { sessionToken } from './tokens'

export const WALLET_NOW = Date.UTC(2030, 5, 1, 12)
export const WALLET_ORG = 'org-sub'
export const WALLET_USER = 'user-1'
const TIME = { seconds: String(WALLET_NOW / 1000), nanos: '0' }

/** Two accounts with real keys: what the mock's default wallet holds. */
export function walletKeys() {
  const ethereumKey = secp256k1.utils.randomSecretKey()
  const solanaKey = ed25519.utils.randomSecretKey()
  const ethereum: PublicWalletAccount = {
    walletAccountId: 'account-eth',
    organizationId: WALLET_ORG,
    walletId: 'wallet-1',
    curve: 'CURVE_SECP256K1',
    pathFormat: 'PATH_FORMAT_BIP32',
    path: "m/44'/60'/0'/0/0",
    addressFormat: 'ADDRESS_FORMAT_ETHEREUM',
    address: privateKeyToAccount(`0x${toHex(ethereumKey)}`).address,
    createdAt: TIME,
    updatedAt: TIME,
    publicKey: toHex(secp256k1.getPublicKey(ethereumKey)),
  }
  const solanaPublicKey = ed25519.getPublicKey(solanaKey)
  const solana: PublicWalletAccount = {
    walletAccountId: 'account-sol',
    organizationId: WALLET_ORG,
    walletId: 'wallet-1',
    curve: 'CURVE_ED25519',
    pathFormat: 'PATH_FORMAT_BIP32',
    path: "m/44'/501'/0'/0'",
    addressFormat: 'ADDRESS_FORMAT_SOLANA',
    address: base58.encode(solanaPublicKey),
    createdAt: TIME,
    updatedAt: TIME,
    publicKey: toHex(solanaPublicKey),
  }
  return { ethereum, solana, ethereumKey, solanaKey, solanaPublicKey }
}

export type WalletKeys = ReturnType<typeof walletKeys>

export const USER: PublicUser = {
  userId: WALLET_USER,
  userName: 'ada@example.com',
  userEmail: 'ada@example.com',
  authenticators: [],
  apiKeys: [],
  userTags: [],
  oauthProviders: [],
  createdAt: TIME,
  updatedAt: TIME,
}

export const WALLET: PublicWallet = {
  walletId: 'wallet-1',
  walletName: 'Default wallet',
  createdAt: TIME,
  updatedAt: TIME,
  exported: false,
  imported: false,
}

export function activityAnswer(type: string, result: Record<string, unknown>): Response {
  return json({
    activity: {
      id: 'act-1',
      organizationId: WALLET_ORG,
      status: 'ACTIVITY_STATUS_COMPLETED',
      type,
      intent: {},
      result,
      votes: [],
      fingerprint: 'fp-1',
      canApprove: false,
      canReject: false,
      createdAt: TIME,
      updatedAt: TIME,
    },
  })
}

/**
 * One signature as production answers it: `{r, s, v}` hex without 0x, v the recovery id. secp256k1 signs
 * the payload (HASH_FUNCTION_NO_OP) or its keccak-256; ed25519 the payload itself.
 */
function signPayload(keys: WalletKeys, signWith: string, payload: string, hashFunction: string) {
  const bytes = fromHex(payload.replace(/^0x/, ''))
  if (signWith === keys.ethereum.address && ['HASH_FUNCTION_NO_OP', 'HASH_FUNCTION_KECCAK256'].includes(hashFunction)) {
    const digest = hashFunction === 'HASH_FUNCTION_NO_OP' ? bytes : keccak_256(bytes)
    const signature = secp256k1.Signature.fromBytes(
      secp256k1.sign(digest, keys.ethereumKey, { prehash: false, format: 'recovered' }),
      'recovered',
    )
    return {
      r: signature.r.toString(16).padStart(64, '0'),
      s: signature.s.toString(16).padStart(64, '0'),
      v: `0${signature.recovery}`,
    }
  }
  if (signWith === keys.solana.address && hashFunction === 'HASH_FUNCTION_NOT_APPLICABLE') {
    const signature = ed25519.sign(bytes, keys.solanaKey)
    return { r: toHex(signature.slice(0, 32)), s: toHex(signature.slice(32)), v: '00' }
  }
  throw new Error(`walletApi: cannot sign with ${signWith} and ${hashFunction}`)
}

/** sign_raw_payloads: one signature per payload. */
function signPayloadsAnswer(keys: WalletKeys) {
  return (call: RecordedCall): Response => {
    const { signWith, payloads, hashFunction } = (
      call.body as { parameters: { signWith: string; payloads: string[]; hashFunction: string } }
    ).parameters
    const signatures = payloads.map((payload) => signPayload(keys, signWith, payload, hashFunction))
    return activityAnswer('ACTIVITY_TYPE_SIGN_RAW_PAYLOADS', { signRawPayloadsResult: { signatures } })
  }
}

/** sign_raw_payload (V2) of a hex payload, or of EIP-712 JSON (hashed with viem's hashTypedData, as the API does). */
function signPayloadAnswer(keys: WalletKeys) {
  return (call: RecordedCall): Response => {
    const { signWith, payload, encoding, hashFunction } = (
      call.body as { parameters: { signWith: string; payload: string; encoding: string; hashFunction: string } }
    ).parameters
    const hex =
      encoding === 'PAYLOAD_ENCODING_EIP712' ? hashTypedData(JSON.parse(payload) as TypedDataDefinition) : payload
    const signRawPayloadResult = signPayload(keys, signWith, hex, hashFunction)
    return activityAnswer('ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2', { signRawPayloadResult })
  }
}

/**
 * sign_transaction as production answers it (hex without 0x): Ethereum signed by viem's local account
 * (which parses and re-serializes), Solana's message signed into the first slot (the fee payer's).
 */
function signTransactionAnswer(keys: WalletKeys) {
  return async (call: RecordedCall): Promise<Response> => {
    const { signWith, unsignedTransaction, type } = (
      call.body as { parameters: { signWith: string; unsignedTransaction: string; type: string } }
    ).parameters
    let signedTransaction: string
    if (type === 'TRANSACTION_TYPE_ETHEREUM' && signWith === keys.ethereum.address) {
      const account = privateKeyToAccount(`0x${toHex(keys.ethereumKey)}`)
      signedTransaction = (await account.signTransaction(parseTransaction(`0x${unsignedTransaction}`))).slice(2)
    } else if (type === 'TRANSACTION_TYPE_SOLANA' && signWith === keys.solana.address) {
      const bytes = fromHex(unsignedTransaction)
      const slots = bytes[0] ?? 0
      bytes.set(ed25519.sign(bytes.slice(1 + 64 * slots), keys.solanaKey), 1)
      signedTransaction = toHex(bytes)
    } else throw new Error(`walletApi: cannot sign a ${type} with ${signWith}`)
    return activityAnswer('ACTIVITY_TYPE_SIGN_TRANSACTION_V2', { signTransactionResult: { signedTransaction } })
  }
}

/** stamp_login answered with a session for the key in the body, `lifetimeSeconds` from the clock. */
export function stampLoginAnswer(clock: { now: number }, lifetimeSeconds = 900) {
  return async (call: RecordedCall): Promise<Response> => {
    const { publicKey } = (call.body as { parameters: { publicKey: string } }).parameters
    const session = await sessionToken({
      exp: Math.floor(clock.now / 1000) + lifetimeSeconds,
      public_key: publicKey,
      organization_id: WALLET_ORG,
      user_id: WALLET_USER,
    })
    return activityAnswer('ACTIVITY_TYPE_STAMP_LOGIN', { stampLoginResult: { session } })
  }
}

export type WalletApi = FakeFetch & { texts: (string | undefined)[] }

/** The recording fetch with production's answers, plus the exact body texts sent (what a stamp signs). */
export function walletApi(
  keys: WalletKeys,
  clock: { now: number },
  overrides: Record<string, FakeAnswer | FakeAnswer[]> = {},
): WalletApi {
  const fake = fakeFetch({
    'query/get_user': json({ user: USER }),
    'query/list_wallets': json({ wallets: [WALLET] }),
    'query/list_wallet_accounts': json({ accounts: [keys.ethereum, keys.solana] }),
    'submit/sign_raw_payloads': signPayloadsAnswer(keys),
    'submit/sign_raw_payload': signPayloadAnswer(keys),
    'submit/sign_transaction': signTransactionAnswer(keys),
    'submit/stamp_login': stampLoginAnswer(clock),
    ...overrides,
  })
  return withBodyTexts(fake)
}

/** `fake`, also keeping the exact body text of each request (what a stamp signs), in order. */
export function withBodyTexts(fake: FakeFetch): FakeFetch & { texts: (string | undefined)[] } {
  const texts: (string | undefined)[] = []
  const inner = fake.fetch
  const recording: typeof fetch = (input, init) => {
    texts.push(init?.body as string | undefined)
    return inner(input, init)
  }
  return Object.assign(fake, { fetch: recording, texts })
}

/** What the API checks of an X-Stamp: the key's P-256 DER signature over the exact body text. */
export function xStampVerifies(header: string | undefined, body: string | undefined, publicKey: string): boolean {
  const stamp = JSON.parse(fromUtf8(base64urlDecode(header ?? ''))) as {
    publicKey: string
    scheme: string
    signature: string
  }
  return (
    stamp.publicKey === publicKey &&
    stamp.scheme === 'SIGNATURE_SCHEME_TK_API_P256' &&
    p256.verify(fromHex(stamp.signature), utf8(body ?? ''), fromHex(publicKey), {
      prehash: true,
      lowS: false,
      format: 'der',
    })
  )
}

/** A kit on `fake`, signed in with a session key it holds (expiring `lifetimeSeconds` from the clock). */
export async function signedInKit(
  fake: FakeFetch,
  clock: { now: number },
  options: Partial<KitOptions> & { lifetimeSeconds?: number } = {},
): Promise<{ kit: Kit; sessionKey: string }> {
  const { lifetimeSeconds = 900, ...kitOptions } = options
  const kit = createKit({ ...testKitOptions(fake.fetch, () => clock.now), ...kitOptions })
  await kit.session.ready
  if (kit.session.getSnapshot().session !== null)
    return { kit, sessionKey: kit.session.getSnapshot().session!.publicKey }
  return { kit, sessionKey: await signInWallet(kit, clock, lifetimeSeconds) }
}

/** Signs `kit` in as the wallet's user: a new session key it holds and a session bound to it. Returns the key. */
export async function signInWallet(kit: Kit, clock: { now: number }, lifetimeSeconds = 900): Promise<string> {
  const sessionKey = await kit.keyStore.create()
  const token = await sessionToken({
    exp: Math.floor(clock.now / 1000) + lifetimeSeconds,
    public_key: sessionKey,
    organization_id: WALLET_ORG,
    user_id: WALLET_USER,
  })
  await kit.session.set(token)
  return sessionKey
}

type Overrides = Record<string, FakeAnswer | FakeAnswer[]>

export interface SignedInWalletOptions {
  /** Default a clock of its own at WALLET_NOW, which the test may move. */
  clock?: { now: number }
  /** Answers instead of walletApi's, or made from the fresh keys. */
  overrides?: Overrides | ((keys: WalletKeys) => Overrides)
  kitOptions?: Partial<KitOptions> & { lifetimeSeconds?: number }
}

/** Fresh wallet keys, walletApi answering with them, and a kit signed in over it, destroyed when the test ends. */
export async function signedInWallet(options: SignedInWalletOptions = {}) {
  const { clock = { now: WALLET_NOW }, overrides = {}, kitOptions = {} } = options
  const keys = walletKeys()
  const fake = walletApi(keys, clock, typeof overrides === 'function' ? overrides(keys) : overrides)
  const { kit, sessionKey } = await signedInKit(fake, clock, kitOptions)
  onTestFinished(() => kit.destroy())
  return { clock, keys, fake, kit, sessionKey }
}
