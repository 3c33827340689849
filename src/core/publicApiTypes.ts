// Wire types of the stamped public API subset (WIRE.md, "Public API subset"): the seed's activity
// envelope and activity object, as production writes them (camelCase, 64-bit integers as decimal
// strings). Kept apart from types.ts, which is the auth proxy's /v1 contract.
import type { SignupAuthenticator, WalletAccountParams } from './types'

/** Activities the kit submits, by their path under `/public/v1/submit/`. */
export interface PublicActivities {
  stamp_login: {
    type: 'ACTIVITY_TYPE_STAMP_LOGIN'
    parameters: StampLoginParameters
    intent: { stampLoginIntent: StampLoginParameters }
    result: { stampLoginResult: StampLoginResult }
  }
  create_authenticators: {
    type: 'ACTIVITY_TYPE_CREATE_AUTHENTICATORS_V2'
    parameters: CreateAuthenticatorsParameters
    intent: { createAuthenticatorsIntentV2: CreateAuthenticatorsParameters }
    result: { createAuthenticatorsResult: CreateAuthenticatorsResult }
  }
  sign_raw_payloads: {
    type: 'ACTIVITY_TYPE_SIGN_RAW_PAYLOADS'
    parameters: SignRawPayloadsParameters
    intent: { signRawPayloadsIntent: SignRawPayloadsParameters }
    result: { signRawPayloadsResult: SignRawPayloadsResult }
  }
  sign_raw_payload: {
    type: 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2'
    parameters: SignRawPayloadParameters
    intent: { signRawPayloadIntentV2: SignRawPayloadParameters }
    result: { signRawPayloadResult: SignRawPayloadResult }
  }
  sign_transaction: {
    type: 'ACTIVITY_TYPE_SIGN_TRANSACTION_V2'
    parameters: SignTransactionIntent
    /** As the API echoes it: any of production's types (TRON, BITCOIN, TEMPO too), though the kit sends only its own. */
    intent: { signTransactionIntentV2: Omit<SignTransactionIntent, 'type'> & { type: TransactionType | (string & {}) } }
    result: { signTransactionResult: SignTransactionResult }
  }
  create_wallet: {
    type: 'ACTIVITY_TYPE_CREATE_WALLET'
    parameters: CreateWalletParameters
    /** As the API echoes it: any of production's curves and address formats, though the kit asks for its own. */
    intent: {
      createWalletIntent: Omit<CreateWalletParameters, 'accounts'> & {
        accounts: (Omit<WalletAccountParams, 'curve' | 'addressFormat'> & {
          curve: WalletAccountParams['curve'] | (string & {})
          addressFormat: WalletAccountParams['addressFormat'] | (string & {})
          name?: string | undefined
        })[]
      }
    }
    result: { createWalletResult: CreateWalletResult }
  }
}
export type PublicActivityName = keyof PublicActivities
export type ActivityType = PublicActivities[PublicActivityName]['type']

/** Queries the kit makes, by their path under `/public/v1/query/`. */
export interface PublicQueries {
  whoami: { request: WhoamiRequest; response: WhoamiResponse }
  get_user: { request: GetUserRequest; response: GetUserResponse }
  list_wallets: { request: ListWalletsRequest; response: ListWalletsResponse }
  list_wallet_accounts: { request: ListWalletAccountsRequest; response: ListWalletAccountsResponse }
}
export type PublicQueryName = keyof PublicQueries

/** The body of every submit: the exact text sent is what the stamp signs. */
export interface ActivityEnvelope<A extends PublicActivityName = PublicActivityName> {
  type: PublicActivities[A]['type']
  /** ms since the epoch, decimal string; the API refuses a stamp far from its own clock. */
  timestampMs: string
  /** The organization acting: the user's sub-organization, or the parent for a passkey login. */
  organizationId: string
  parameters: PublicActivities[A]['parameters']
}

export type ActivityStatus =
  | 'ACTIVITY_STATUS_CREATED'
  | 'ACTIVITY_STATUS_PENDING'
  | 'ACTIVITY_STATUS_COMPLETED'
  | 'ACTIVITY_STATUS_FAILED'
  | 'ACTIVITY_STATUS_CONSENSUS_NEEDED'
  | 'ACTIVITY_STATUS_REJECTED'

/**
 * A time as the API writes it: protobuf's `{seconds, nanos}` (decimal strings) in production; an
 * ISO 8601 string is tolerated. The kit never reads it.
 */
export type ActivityTimestamp = { seconds: string; nanos: string } | string

/** The answer to a submit. Production wraps it as `{activity}`; the client accepts both. */
export interface Activity<A extends PublicActivityName = PublicActivityName> {
  id: string
  organizationId?: string | undefined
  status: ActivityStatus
  type: PublicActivities[A]['type']
  /** Production types every intent member as optional (v1Intent); the kit never reads it. */
  intent: Partial<PublicActivities[A]['intent']>
  /** Filled when status is ACTIVITY_STATUS_COMPLETED. */
  result: PublicActivities[A]['result']
  votes: unknown[]
  fingerprint: string
  canApprove: boolean
  canReject: boolean
  createdAt: ActivityTimestamp
  updatedAt: ActivityTimestamp
}

// ---------------------------------------------------------------------------------------------
// stamp_login

export interface StampLoginParameters {
  /** The key the session will be bound to: compressed P-256, lowercase hex. */
  publicKey: string
  /** Decimal string; the tenant's session length when left out. */
  expirationSeconds?: string | undefined
  invalidateExisting?: boolean | undefined
}

export interface StampLoginResult {
  /** A session JWT bound to `publicKey`, for the user whose credential stamped the request. */
  session: string
}

// ---------------------------------------------------------------------------------------------
// create_authenticators (v2)

/** Authenticators take the same shape as at signup. */
export type AuthenticatorParams = SignupAuthenticator

export interface CreateAuthenticatorsParameters {
  userId: string
  authenticators: AuthenticatorParams[]
}

export interface CreateAuthenticatorsResult {
  authenticatorIds: string[]
}

// ---------------------------------------------------------------------------------------------
// whoami

export interface WhoamiRequest {
  organizationId: string
}

export interface WhoamiResponse {
  organizationId: string
  organizationName: string
  userId: string
  username: string
}

// ---------------------------------------------------------------------------------------------
// get_user (production's TGetUserBody / TGetUserResponse)

export interface GetUserRequest {
  organizationId: string
  userId: string
}

export interface GetUserResponse {
  user: PublicUser
}

/** A credential as production describes one: the public key and its type. */
export interface PublicCredential {
  publicKey: string
  /** e.g. 'CREDENTIAL_TYPE_API_KEY_P256', 'CREDENTIAL_TYPE_WEBAUTHN_AUTHENTICATOR'. */
  type: string
}

/** Production's v1User: who a session belongs to. The kit reads the contact details and the names. */
export interface PublicUser {
  userId: string
  userName: string
  userEmail?: string | undefined
  /** E.164. */
  userPhoneNumber?: string | undefined
  authenticators: PublicAuthenticator[]
  apiKeys: PublicApiKey[]
  userTags: string[]
  oauthProviders: PublicOAuthProvider[]
  createdAt: ActivityTimestamp
  updatedAt: ActivityTimestamp
  /** Production lists the user's MFA policies; the mock answers []. */
  mfaPolicies?: unknown[] | undefined
}

/** Production's v1Authenticator (a passkey). */
export interface PublicAuthenticator {
  transports: string[]
  attestationType: string
  aaguid: string
  credentialId: string
  model: string
  credential: PublicCredential
  authenticatorId: string
  authenticatorName: string
  createdAt: ActivityTimestamp
  updatedAt: ActivityTimestamp
}

/** Production's v1ApiKey. */
export interface PublicApiKey {
  credential: PublicCredential
  apiKeyId: string
  apiKeyName: string
  createdAt: ActivityTimestamp
  updatedAt: ActivityTimestamp
  expirationSeconds?: string | undefined
}

/**
 * Production's v1OauthProvider: an OIDC identity linked to the user. It names the issuer and subject,
 * not the person's email or name (the kit remembers those from the token it signed in with).
 */
export interface PublicOAuthProvider {
  providerId: string
  providerName: string
  issuer: string
  audience: string
  subject: string
  createdAt: ActivityTimestamp
  updatedAt: ActivityTimestamp
}

// ---------------------------------------------------------------------------------------------
// list_wallets and list_wallet_accounts (production's TListWallets* / TListWalletAccounts*)

export interface ListWalletsRequest {
  organizationId: string
}

export interface ListWalletsResponse {
  wallets: PublicWallet[]
}

/** Production's v1Wallet. */
export interface PublicWallet {
  walletId: string
  walletName: string
  createdAt: ActivityTimestamp
  updatedAt: ActivityTimestamp
  exported: boolean
  imported: boolean
}

export interface ListWalletAccountsRequest {
  organizationId: string
  /** One wallet's accounts; every wallet's when left out. */
  walletId?: string | undefined
  /** Production answers 10 accounts unless asked for more (at most 100); the kit asks for 100, as production's client does. */
  paginationOptions?: PublicPagination | undefined
}

/** Production's v1Pagination: cursors are object ids. */
export interface PublicPagination {
  /** Decimal string from "1" to "100"; production's default is "10". */
  limit?: string | undefined
  before?: string | undefined
  after?: string | undefined
}

export interface ListWalletAccountsResponse {
  accounts: PublicWalletAccount[]
}

/** Production's curve, path format and address format names the kit knows. */
export type PublicCurve = 'CURVE_SECP256K1' | 'CURVE_ED25519'
export type PublicAddressFormat = 'ADDRESS_FORMAT_ETHEREUM' | 'ADDRESS_FORMAT_SOLANA'

/** Production's v1WalletAccount. Formats the kit does not know travel as the strings production sends. */
export interface PublicWalletAccount {
  walletAccountId: string
  organizationId: string
  walletId: string
  curve: PublicCurve | (string & {})
  pathFormat: 'PATH_FORMAT_BIP32' | (string & {})
  path: string
  addressFormat: PublicAddressFormat | (string & {})
  address: string
  createdAt: ActivityTimestamp
  updatedAt: ActivityTimestamp
  /** The account key's public key, hex (compressed secp256k1, or the ed25519 key). */
  publicKey?: string | undefined
}

// ---------------------------------------------------------------------------------------------
// sign_raw_payloads (seed section 4.2; production's v1SignRawPayloadsIntent / Result) and
// sign_raw_payload (production's v1SignRawPayloadIntentV2, ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2)

/**
 * How `payload` becomes bytes: hex (0x optional) or UTF-8 text; EIP712 is the JSON of EIP-712 typed data
 * (`{types, primaryType, domain, message}`, its EIP712Domain type included), which the API hashes itself
 * (HASH_FUNCTION_NO_OP); EIP7702_AUTHORIZATION is the JSON `{address, chainId, nonce}` of an EIP-7702
 * authorization, hashed likewise.
 */
export type PayloadEncoding =
  | 'PAYLOAD_ENCODING_HEXADECIMAL'
  | 'PAYLOAD_ENCODING_TEXT_UTF8'
  | 'PAYLOAD_ENCODING_EIP712'
  | 'PAYLOAD_ENCODING_EIP7702_AUTHORIZATION'
export type HashFunction =
  'HASH_FUNCTION_NO_OP' | 'HASH_FUNCTION_SHA256' | 'HASH_FUNCTION_KECCAK256' | 'HASH_FUNCTION_NOT_APPLICABLE'

export interface SignRawPayloadsParameters {
  /** A wallet account's address. */
  signWith: string
  payloads: string[]
  encoding: PayloadEncoding
  /** HASH_FUNCTION_NOT_APPLICABLE for ed25519, which signs the message itself (RFC 8032). */
  hashFunction: HashFunction
}

/**
 * One signature, hex without 0x: `r` and `s` 32 bytes each; `v` the secp256k1 recovery id ("00" or
 * "01"). For ed25519, `r` and `s` are the signature's two halves and `v` is "00".
 */
export interface SignRawPayloadResult {
  r: string
  s: string
  v: string
}

export interface SignRawPayloadsResult {
  signatures: SignRawPayloadResult[]
}

/** One payload: production's v1SignRawPayloadIntentV2. */
export interface SignRawPayloadParameters {
  /** A wallet account's address. */
  signWith: string
  payload: string
  encoding: PayloadEncoding
  hashFunction: HashFunction
}

// ---------------------------------------------------------------------------------------------
// sign_transaction (production's v1SignTransactionIntentV2 / v1SignTransactionResult)

/** The transaction types the kit signs (production also lists TRON, BITCOIN and TEMPO). */
export type TransactionType = 'TRANSACTION_TYPE_ETHEREUM' | 'TRANSACTION_TYPE_SOLANA'

/** Production's v1SignTransactionIntentV2. */
export interface SignTransactionIntent {
  /** A wallet account's address. */
  signWith: string
  /**
   * Hex, without 0x as production's clients send it: Ethereum's unsigned serialization (legacy RLP, or
   * the type byte and its RLP for EIP-2930, EIP-1559 and EIP-7702); Solana's whole transaction (its
   * signature slots, zeroed where unsigned, then the message).
   */
  unsignedTransaction: string
  type: TransactionType
}

export interface SignTransactionResult {
  /** Hex, without 0x: the signed serialization (Ethereum), or the transaction with its signature in place (Solana). */
  signedTransaction: string
}

// ---------------------------------------------------------------------------------------------
// create_wallet (production's v1CreateWalletIntent / v1CreateWalletResult)

export interface CreateWalletParameters {
  walletName: string
  /** Production takes an empty list for a wallet without accounts yet. */
  accounts: (WalletAccountParams & { name?: string | undefined })[]
  /** Words in the new wallet's mnemonic: 12 (the default), 15, 18, 21 or 24. */
  mnemonicLength?: number | undefined
}

export interface CreateWalletResult {
  walletId: string
  /** The accounts' addresses, in the order of `accounts`. */
  addresses: string[]
}
