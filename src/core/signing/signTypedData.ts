import type { Kit } from '../contracts'
import type { SignRawPayloadResult } from '../publicApiTypes'
import { signedInSession, throwIfAborted } from '../wallet/signedInSession'
import { checkWalletCall } from '../wallet/walletOptions'
import { askToSign } from './askToSign'
import { ethereumSignature } from './signatureFormats'
import { checkSigningAccount } from './signingAccount'
import type { SigningAccount } from './signingPrompt'
import { signRawPayload } from './signRawPayload'
import { serializeTypedData, type TypedDataDefinition } from './typedData'

export interface SignTypedDataParameters {
  /** An Ethereum account of the signed-in user. */
  account: SigningAccount
  typedData: TypedDataDefinition
  signal?: AbortSignal | undefined
}

export interface SignedTypedData {
  address: string
  /** 0x + r‖s‖v (65 bytes, v 27|28): what eth_signTypedData_v4 returns. */
  signature: `0x${string}`
  raw: SignRawPayloadResult
}

/**
 * Signs EIP-712 typed data (eth_signTypedData_v4) with an Ethereum account, as production's viem package
 * does: sign_raw_payload with PAYLOAD_ENCODING_EIP712, the typed data's JSON (its domain's type always
 * included) and HASH_FUNCTION_NO_OP, the API computing the EIP-712 hash itself. After the signing
 * prompt if the kit has one (USER_REJECTED when declined). The signature verifies with viem's
 * verifyTypedData.
 */
export async function signTypedData(kit: Kit, parameters: SignTypedDataParameters): Promise<SignedTypedData> {
  const label = 'signTypedData'
  checkWalletCall(kit, parameters ?? null, label, 'parameters')
  const { typedData, signal } = parameters
  const account = checkSigningAccount(parameters.account, label, ['ADDRESS_FORMAT_ETHEREUM'])
  const payload = serializeTypedData(typedData, label)

  const session = await signedInSession(kit, label)
  throwIfAborted(signal, label)
  await askToSign(kit, { kind: 'typedData', account, typedData }, signal, label)
  const raw = await signRawPayload(
    kit,
    session,
    { signWith: account.address, payload, encoding: 'PAYLOAD_ENCODING_EIP712', hashFunction: 'HASH_FUNCTION_NO_OP' },
    signal,
    label,
  )
  return { address: account.address, signature: ethereumSignature(raw, label, 'sign_raw_payload'), raw }
}
