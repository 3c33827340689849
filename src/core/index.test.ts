import { describe, expect, it } from 'vitest'
import * as core from './index'

// Every change to the public surface of auth-proxy-kit/core shows up here and is deliberate: a name
// exported is a name apps may build on. Byte helpers, signing, stamping and the OAuth internals stay
// private (their modules are imported by path inside the package).
describe('auth-proxy-kit/core exports', () => {
  it('has exactly these runtime exports', () => {
    expect(Object.keys(core).sort()).toEqual([
      'ASSUMED_OTP_LIFETIME_SECONDS',
      'DEFAULT_USER_MESSAGES',
      'ENABLED_PROVIDERS',
      'KitError',
      'OAUTH_POPUP_WINDOW_NAME',
      'OAUTH_PROVIDERS',
      'OAUTH_PROVIDER_NAMES',
      'OTP_FLOW_IDLE',
      'addPasskey',
      'cancelEmailOtp',
      'cancelOAuth',
      'cancelOtp',
      'cancelSmsOtp',
      'cleanOAuthCallbackUrl',
      'completeEmailOtp',
      'completeOAuth',
      'completeOtp',
      'completeSmsOtp',
      'createAuthProxyClient',
      'createKit',
      'createOtpFlow',
      'defaultKeyStore',
      'indexedDbKeyStore',
      'isE164PhoneNumber',
      'isEnabledProvider',
      'isKitError',
      'isOAuthCallback',
      'isOAuthPopupWindow',
      'isOAuthProviderName',
      'isValidEmail',
      'loginWithEmailOtp',
      'loginWithOAuth',
      'loginWithOtp',
      'loginWithPasskey',
      'loginWithSmsOtp',
      'logout',
      'memoryKeyStore',
      'memoryStorage',
      'normalizeOtpCode',
      'normalizePhoneNumber',
      'oauthPopupLogin',
      'openOAuthPopup',
      'parseOAuthCallback',
      'passkeysSupported',
      'preferredOAuthMode',
      'preloadWebAuthn',
      'signUpWithPasskey',
      'startEmailOtp',
      'startOAuth',
      'startOtp',
      'startSmsOtp',
    ])
  })
})
