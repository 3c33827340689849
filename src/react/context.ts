'use client'
import { createContext } from 'react'
import type { Kit, OAuthMode, OtpOptions } from '../core'
import type { EnabledProvider } from '../core/types'
import type { OAuthWindow } from './oauthWindow'

/** Storage for state that must survive a reload of this tab only (an OTP challenge in progress). */
export type FlowStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

export interface AuthProxyContextValue {
  kit: Kit
  configId: string
  proxyUrl: string
  /** The app's choice and order of login methods; undefined means all the tenant enables. */
  methods: readonly EnabledProvider[] | undefined
  /** Where in-progress flows are kept (default sessionStorage, looked up on use); null: nowhere. */
  flowStorage: FlowStorage | null
  /** OAuth settings of the provider's props: read by useLoginWithOAuth when a sign-in starts. */
  oauth: AuthProxyOAuthSettings
  /** The app's default email template (`emailCustomization.templateId`): read by useEmailOtp. */
  otpOptions: OtpOptions | undefined
  /** The app's name for passkey sign-ups (the provider's `passkeyName`): read by usePasskeyName. */
  passkeyName: string | undefined
}

export interface AuthProxyOAuthSettings {
  /** The app's choice; undefined means preferredOAuthMode() (popup on desktop, redirect elsewhere). */
  mode: OAuthMode | undefined
  /** Where providers send their answer; undefined means the config's oauthRedirectUrl, else this page. */
  redirectUri: string | undefined
  /** undefined means the page's window. */
  window: OAuthWindow | undefined
}

export const AuthProxyContext = createContext<AuthProxyContextValue | null>(null)
AuthProxyContext.displayName = 'AuthProxyContext'
