import { describe, expect, it } from 'vitest'
import * as entry from './index'

describe('the package entry (auth-proxy-kit)', () => {
  it('exports exactly this API, so that every change to it is deliberate', () => {
    expect(Object.keys(entry).sort()).toMatchInlineSnapshot(`
      [
        "AuthPanel",
        "AuthProxyProvider",
        "DEFAULT_USER_MESSAGES",
        "KitError",
        "LOCALE_NAMES",
        "LoginButton",
        "LoginModal",
        "OAUTH_PROVIDERS",
        "OAUTH_PROVIDER_NAMES",
        "OtpInput",
        "ProviderMark",
        "SessionBadge",
        "SignedIn",
        "SignedOut",
        "darkTheme",
        "en",
        "fr",
        "isE164PhoneNumber",
        "isKitError",
        "isValidEmail",
        "lightTheme",
        "normalizeOtpCode",
        "normalizePhoneNumber",
        "prefetchSignIn",
        "prefetchWhenIdle",
        "useAddPasskey",
        "useEmailOtp",
        "useKit",
        "useLoginMethods",
        "useLoginWithOAuth",
        "useLoginWithPasskey",
        "useLogout",
        "useOAuthCallback",
        "useOAuthProviders",
        "usePasskeySupport",
        "useSession",
        "useSessionTimeLeft",
        "useSignUpWithPasskey",
        "useSmsOtp",
        "useWalletKitConfig",
        "walletKitConfigQueryKey",
        "walletKitConfigQueryOptions",
      ]
    `)
  })
})
