import type { OAuthProviderName } from '../../react'

/** Temporary copy of core's SignInIdentity until the kit branch lands. */
export interface SignInIdentity {
  method: 'email' | 'sms' | 'oauth' | 'passkey'
  contact?: string
  provider?: OAuthProviderName
  email?: string
  name?: string
}
