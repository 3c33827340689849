import type { AuthProxyClient } from './client'
import { forwardMethods } from './forwardMethods'
import { signInModule } from './lazyModules'
import { requestWalletKitConfig, type ProxyConnection } from './proxyConnection'

/**
 * createKit's proxy client: wallet_kit_config (every page asks for it) at once, the flows' endpoints
 * with the flows' code, which loads on their first call.
 */
export function deferredProxyClient(connection: ProxyConnection): AuthProxyClient {
  const { proxyUrl, configId, timeoutMs } = connection
  let created: AuthProxyClient | undefined
  const client = async () => (created ??= (await signInModule.load()).clientOn(connection))
  return {
    proxyUrl,
    configId,
    timeoutMs,
    walletKitConfig: (options) => requestWalletKitConfig(connection, options),
    ...forwardMethods(client, ['call', 'otpInit', 'otpVerify', 'otpLogin', 'signup', 'account', 'oauth2Authenticate', 'oauthLogin']),
  }
}
