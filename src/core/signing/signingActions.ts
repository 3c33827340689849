// The signing chunk (chunks.signing): messages, typed data and transactions, loaded when an app first
// signs (or prefetches), so that a signed-in page that only shows the account never carries it.
export { signMessage, type SignedMessage, type SignMessageParameters } from './signMessage'
export { signTypedData, type SignedTypedData, type SignTypedDataParameters } from './signTypedData'
export { signTransaction, type SignedTransaction, type SignTransactionParameters } from './signTransaction'
export {
  sendTransaction,
  type RpcTransport,
  type SendTransactionParameters,
  type SentTransaction,
} from './sendTransaction'
// Every action here asks the public API, whose client createKit loads on first use
// (lazyPublicApiClient): exported here so that its code comes with this chunk, in parallel, rather than
// being fetched after it.
export { createPublicApiClient } from '../stamp/publicApiClient'
