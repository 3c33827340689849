import type { EndpointContext } from './context'

/** Production's answer to wallet_kit_client_params (ProxyTGetWalletKitClientParamsResponse). */
export interface WalletKitClientParamsResponse {
  /** The tenant's Cloudflare Turnstile site key, when it protects its flows with one. */
  turnstileSiteKey?: string
}

/**
 * What production's React kit asks for at start, before wallet_kit_config. The mock's tenants have no
 * bot check, so the answer is `{}` (no Turnstile key), and an `X-Captcha-Token` header is ignored. The
 * body is ignored, and may be absent, as for wallet_kit_config.
 */
export function walletKitClientParams(_context: EndpointContext): WalletKitClientParamsResponse {
  return {}
}
