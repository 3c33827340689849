// The wallet chunk (chunks.wallet): the signed-in actions, loaded when a hook or a signed-in view first
// needs them (signing has a chunk of its own, chunks.signing).
export { getUser, type GetUserOptions } from './getUser'
export { getWallets, type GetWalletsOptions, type WalletWithAccounts } from './getWallets'
export { refreshSession, type RefreshSessionOptions } from './refreshSession'
export { startAutoRefresh, type AutoRefreshOptions, type RefreshLocks } from './startAutoRefresh'
// Every action here asks the public API, whose client createKit loads on first use
// (lazyPublicApiClient): exported here so that its code comes with this chunk, in parallel, rather than
// being fetched after it.
export { createPublicApiClient } from '../stamp/publicApiClient'
