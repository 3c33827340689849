import type { PublicWalletAccount } from '../publicApiTypes'
import type { TypedDataDefinition } from './typedData'

/** The account a signature is asked of: its address and format, as getWallets lists them. */
export type SigningAccount = Pick<PublicWalletAccount, 'address' | 'addressFormat'>

/**
 * A transaction's fields as the app built them, shown by a signing prompt (the serialization alone says
 * nothing a person can read, and the kit decodes none: viem, which built it, passes these along).
 */
export interface TransactionSummary {
  chainId?: number | undefined
  to?: string | null | undefined
  /** In wei. */
  value?: bigint | undefined
  data?: string | undefined
  gas?: bigint | undefined
  gasPrice?: bigint | undefined
  maxFeePerGas?: bigint | undefined
  maxPriorityFeePerGas?: bigint | undefined
  nonce?: number | undefined
}

/** What is about to be signed, as a signing prompt shows it before asking the API. */
export type SigningRequest =
  | { kind: 'message'; account: SigningAccount; message: string | Uint8Array }
  | { kind: 'typedData'; account: SigningAccount; typedData: TypedDataDefinition }
  | {
      kind: 'transaction'
      account: SigningAccount
      chain: 'ethereum' | 'solana'
      /** The unsigned serialization, as bytes. */
      transaction: Uint8Array
      /** The fields, when the caller has them (the viem account and the EIP-1193 provider do). */
      summary?: TransactionSummary | undefined
      /** sendTransaction: the signed transaction will also be broadcast. */
      send?: boolean | undefined
    }

/**
 * Asked before every signature when set (the drop-in modal sets one, see SigningPromptSlot): resolves to
 * sign, rejects to refuse (USER_REJECTED when the person says no). Called with the action's signal.
 */
export type SigningPrompt = (request: SigningRequest, signal: AbortSignal | undefined) => Promise<void>

/** Where the kit keeps its prompt: a slot the UI fills while mounted, empty for headless use. */
export interface SigningPromptSlot {
  current: SigningPrompt | undefined
}

/**
 * Opens sign-in (the drop-in modal) for a caller that needs someone signed in, such as a wagmi
 * connector's connect: resolves once someone is, rejects (USER_REJECTED) when the person closes it first.
 */
export type SignInPrompt = () => Promise<void>

/** Where the kit keeps it: filled by the drop-in modal while mounted, empty for headless use. */
export interface SignInPromptSlot {
  current: SignInPrompt | undefined
}
