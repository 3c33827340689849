import { hexToBytes } from '@noble/hashes/utils.js'
import type { Activity, PublicCurve, SignTransactionIntent, TransactionType } from '../../core/publicApiTypes'
import { MockError } from '../http'
import { assertMayAct, assertNotReplayed, completedActivity, recordActivity } from './activities'
import type { PublicApiContext } from './context'
import { readEthereumTransaction, signEthereumTransaction } from './ethereumTransaction'
import { readEnvelope } from './readEnvelope'
import { signingAccount } from './signingAccount'
import { readSolanaTransaction, signSolanaTransaction } from './solanaTransaction'
import { assertOwnOrganization } from './verifyQueryStamp'
import { verifyStamp } from './verifyStamp'

/** Production's v1TransactionType: the mock signs the first two. */
const PRODUCTION_TYPES = [
  'TRANSACTION_TYPE_ETHEREUM',
  'TRANSACTION_TYPE_SOLANA',
  'TRANSACTION_TYPE_TRON',
  'TRANSACTION_TYPE_BITCOIN',
  'TRANSACTION_TYPE_TEMPO',
] as const

/** The curve of the keys that sign each type. */
const CURVES = {
  TRANSACTION_TYPE_ETHEREUM: 'CURVE_SECP256K1',
  TRANSACTION_TYPE_SOLANA: 'CURVE_ED25519',
} as const satisfies Record<TransactionType, PublicCurve>

const ACCOUNT_KINDS: Readonly<Record<PublicCurve, string>> = {
  CURVE_SECP256K1: 'a secp256k1 (Ethereum) account',
  CURVE_ED25519: 'an ed25519 (Solana) account',
}

/**
 * ACTIVITY_TYPE_SIGN_TRANSACTION_V2: parses `unsignedTransaction` (hex, 0x optional) as `type` says, signs
 * it with the key of the organization's account whose address is `signWith`, and answers the signed
 * transaction as hex without 0x, as production does. Everything the bytes alone can be refused for is
 * refused before the stamp is read.
 */
export async function signTransaction(context: PublicApiContext): Promise<{ activity: Activity<'sign_transaction'> }> {
  const parameters = readEnvelope(context, 'ACTIVITY_TYPE_SIGN_TRANSACTION_V2')
  const signWith = parameters.nonEmptyString('signWith')
  const typeField = parameters.name('type')
  const type = parameters.oneOf('type', PRODUCTION_TYPES)
  if (type !== 'TRANSACTION_TYPE_ETHEREUM' && type !== 'TRANSACTION_TYPE_SOLANA') {
    throw new MockError(
      3,
      `${typeField}: ${type} is not supported by the mock; it signs TRANSACTION_TYPE_ETHEREUM and TRANSACTION_TYPE_SOLANA`,
    )
  }
  const field = parameters.name('unsignedTransaction')
  const unsignedTransaction = parameters.string('unsignedTransaction')
  const hex = unsignedTransaction.startsWith('0x') ? unsignedTransaction.slice(2) : unsignedTransaction
  if (hex === '' || hex.length % 2 !== 0 || !/^[0-9a-fA-F]+$/.test(hex)) {
    throw new MockError(
      3,
      `${field}: expected the transaction's bytes as hex (0x optional), an even number of hex digits`,
    )
  }
  const bytes = hexToBytes(hex)
  const transaction =
    type === 'TRANSACTION_TYPE_ETHEREUM'
      ? { type, ethereum: readEthereumTransaction(bytes, field) }
      : { type, solana: readSolanaTransaction(bytes, field) }
  assertNotReplayed(context)

  const stamp = await verifyStamp(context)
  assertOwnOrganization(context, stamp)
  assertMayAct(stamp)
  const { account, privateKey } = signingAccount(context, signWith, parameters.name('signWith'))
  if (account.curve !== CURVES[type]) {
    throw new MockError(
      3,
      `${typeField}: ${type} is signed by ${ACCOUNT_KINDS[CURVES[type]]}; ${parameters.name('signWith')} "${signWith}" is ${ACCOUNT_KINDS[account.curve]}`,
    )
  }
  const signedTransaction =
    transaction.ethereum !== undefined
      ? signEthereumTransaction(transaction.ethereum, privateKey)
      : signSolanaTransaction(transaction.solana, account.publicKey, privateKey, parameters.name('signWith'))
  const record = recordActivity(context, 'ACTIVITY_TYPE_SIGN_TRANSACTION_V2', stamp)
  const intent: SignTransactionIntent = { signWith, unsignedTransaction, type }
  return completedActivity<'sign_transaction'>(
    { ...record, type: 'ACTIVITY_TYPE_SIGN_TRANSACTION_V2' },
    { signTransactionIntentV2: intent },
    { signTransactionResult: { signedTransaction } },
  )
}
