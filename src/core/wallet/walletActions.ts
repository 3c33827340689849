// The wallet chunk (chunks.wallet): the signed-in actions, loaded when a hook or a signed-in view first
// needs them, so that keccak-256 and base58 stay out of every first load.
export { getUser, type GetUserOptions } from './getUser'
export { getWallets, type GetWalletsOptions, type WalletWithAccounts } from './getWallets'
export { signMessage, type SignedMessage, type SignMessageParameters } from './signMessage'
export { refreshSession, type RefreshSessionOptions } from './refreshSession'
export { startAutoRefresh, type AutoRefreshOptions, type RefreshLocks } from './startAutoRefresh'
