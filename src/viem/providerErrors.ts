import {
  InternalRpcError,
  InvalidParamsRpcError,
  UnauthorizedProviderError,
  UserRejectedRequestError,
  type RpcError,
} from 'viem'
import { isKitError } from '../core/errors'

/**
 * A KitError in EIP-1193's terms, as wallets answer (viem's error classes, which wagmi and viem's
 * clients recognise): a declined prompt is 4001, no session 4100, the app's bad input -32602; anything
 * else -32603 with the KitError as cause, its code and userMessage still readable there.
 */
export function toProviderError(error: unknown): RpcError {
  const cause = error instanceof Error ? error : new Error(String(error))
  if (!isKitError(error)) return new InternalRpcError(cause)
  switch (error.code) {
    case 'USER_REJECTED':
      return new UserRejectedRequestError(cause)
    case 'NOT_SIGNED_IN':
      return new UnauthorizedProviderError(cause)
    case 'CONFIG_INVALID':
      return new InvalidParamsRpcError(cause)
    default:
      return new InternalRpcError(cause)
  }
}
