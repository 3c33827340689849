// The providers' names alone: createKit checks them, while the table of endpoints (providers.ts)
// stays with the OAuth flows, loaded on first use.
import type { EnabledProvider } from '../types'

/** The OAuth providers a tenant can enable (their `enabledProviders` names). */
export type OAuthProviderName = Extract<EnabledProvider, 'google' | 'apple' | 'x' | 'discord' | 'facebook'>

/** In the order the modal shows them. */
export const OAUTH_PROVIDER_NAMES: readonly OAuthProviderName[] = ['google', 'apple', 'x', 'discord', 'facebook']

export function isOAuthProviderName(value: unknown): value is OAuthProviderName {
  return (OAUTH_PROVIDER_NAMES as readonly unknown[]).includes(value)
}

/** The providers whose code the client itself redeems at a token endpoint. */
export interface OAuthTokenUrls {
  facebook?: string | undefined
}
