import type { WalletKitConfigResponse } from '../../core/types'
import type { EndpointContext } from './context'

/** The tenant's public configuration; the body is ignored (the production client sends none). */
export function walletKitConfig({ tenant }: EndpointContext): WalletKitConfigResponse {
  const response: WalletKitConfigResponse = {
    enabledProviders: [...tenant.enabledProviders],
    sessionExpirationSeconds: String(tenant.sessionExpirationSeconds),
    organizationId: tenant.organizationId,
    otpAlphanumeric: tenant.otpAlphanumeric,
    otpLength: String(tenant.otpLength),
  }
  if (tenant.oauthClientIds !== undefined) response.oauthClientIds = { ...tenant.oauthClientIds }
  if (tenant.oauthRedirectUrl !== undefined) response.oauthRedirectUrl = tenant.oauthRedirectUrl
  return response
}
