'use client'
import { createContext } from 'react'
import type { Kit, OAuthMode, OtpOptions, Session } from '../core'
import type { KitError } from '../core/errors'
import type { EnabledProvider } from '../core/types'
// The components' defaults, as types of the layer below both (the provider loads no component).
import type { Locale } from '../appearance/Locale'
import type { LoginLabelsOverride } from '../appearance/LoginLabels'
import type { Theme } from '../appearance/Theme'
import type { LoginModalStore } from './loginModalStore'
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
  /** Where the captcha widget's script is loaded from (the provider's `captchaScriptUrl`; Cloudflare's when undefined): read by useCaptchaSiteKey. */
  captchaScriptUrl: string | undefined
  /** The app's default email template (`emailCustomization.templateId`): read by useEmailOtp. */
  otpOptions: OtpOptions | undefined
  /** The app's name for passkey sign-ups (the provider's `passkeyName`): read by usePasskeyName. */
  passkeyName: string | undefined
  /** The components' defaults (the provider's `theme`, `locale`, `labels`); a component's own props win. */
  appearance: AuthProxyAppearance
  /** The provider's callbacks, always the latest props (stable object: inline functions re-render nothing). */
  events: AuthProxyEvents
  /** Whether the login modal is open, and where: useLoginModal() and the modal's hosts share it. */
  loginModal: LoginModalStore
}

/** What every kit component shows unless given its own: AuthProxyProvider's `theme`, `locale` and `labels`. */
export interface AuthProxyAppearance {
  theme: Theme | undefined
  locale: Locale | undefined
  labels: LoginLabelsOverride | undefined
}

/** AuthProxyProvider's callbacks, as the hooks call them. */
export interface AuthProxyEvents {
  /** A failure of one of the kit's actions, reported once whichever hook or component ran it. */
  error(error: KitError): void
}

/** The provider's event props. */
export interface AuthProxyCallbacks {
  /**
   * Someone signed in, in this tab or another (each tab's provider hears it once): by the modal, a hook,
   * an OAuth redirect's completion. Not called for a session restored from storage on load, nor for a refresh.
   */
  onSignIn?: ((session: Session) => void) | undefined
  /** The session ended: signed out (here or in another tab), expired, or refused by the proxy. */
  onSignOut?: (() => void) | undefined
  /**
   * A kit action failed (a hook's or the modal's: OTP, OAuth, passkeys, sign-out, signing, refresh), an
   * OAuth redirect could not be completed, or the tenant's config could not be read on load. Once per
   * failure; not for an action the app cancelled (ABORTED).
   */
  onError?: ((error: KitError) => void) | undefined
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
