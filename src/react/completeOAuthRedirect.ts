import type { QueryClient } from '@tanstack/react-query'
import { completeOAuth, type Kit, type WalletKitConfigResponse } from '../core'
import { asKitError } from './asKitError'
import type { OAuthCallbackStore } from './oauthCallbackStore'
import { walletKitConfigQueryOptions } from './walletKitConfigQueryOptions'

/**
 * The exchange of a redirect sign-in's answer (code → token → account → session), reported through
 * `store`. Loaded only on a page that is a callback, so that the provider's first load stays small.
 */
export async function completeOAuthRedirect(kit: Kit, callbackUrl: string, store: OAuthCallbackStore, queryClient: QueryClient): Promise<void> {
  try {
    const result = await completeOAuth(kit, { callbackUrl, config: await loadConfig(kit, queryClient), mode: 'redirect' })
    store.set({ status: 'success', result, provider: result.provider })
  } catch (error) {
    store.set({ status: 'error', error: asKitError(error) })
  }
}

async function loadConfig(kit: Kit, queryClient: QueryClient): Promise<WalletKitConfigResponse | undefined> {
  try {
    return await queryClient.ensureQueryData(walletKitConfigQueryOptions(kit))
  } catch {
    // The config only adds a check (a provider disabled since the flow started); the proxy checks the
    // rest, and its own failure is reported by the exchange that follows.
    return undefined
  }
}
