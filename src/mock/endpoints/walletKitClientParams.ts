import type { EndpointContext } from './context'

/** Production's answer to wallet_kit_client_params (ProxyTGetWalletKitClientParamsResponse). */
export interface WalletKitClientParamsResponse {
  /** The tenant's Cloudflare Turnstile site key, when it protects its flows with one. */
  turnstileSiteKey?: string | undefined
}

/**
 * What production's React kit asks for at start, before wallet_kit_config: the tenant's Turnstile site
 * key when it has one (its `turnstileSiteKey`), for the client to render the widget with; `{}` when it
 * has none, production's answer for no captcha. The body is ignored, and may be absent, as for
 * wallet_kit_config.
 */
export function walletKitClientParams({ tenant }: EndpointContext): WalletKitClientParamsResponse {
  return tenant.turnstileSiteKey === undefined ? {} : { turnstileSiteKey: tenant.turnstileSiteKey }
}
