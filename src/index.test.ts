import { describe, expect, it } from 'vitest'
import * as deEntry from './components/locales/de'
import * as enEntry from './components/locales/en'
import * as esEntry from './components/locales/es'
import * as frEntry from './components/locales/fr'
import * as jaEntry from './components/locales/ja'
import * as ptBREntry from './components/locales/ptBR'
import * as zhCNEntry from './components/locales/zhCN'
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
        "TURNSTILE_SCRIPT_URL",
        "accountQueryKey",
        "accountQueryPrefix",
        "darkTheme",
        "en",
        "formatCountdown",
        "isE164PhoneNumber",
        "isKitError",
        "isPasskeySignUpIncomplete",
        "isPasskeyWithoutAccount",
        "isValidEmail",
        "lightTheme",
        "normalizeOtpCode",
        "normalizePhoneNumber",
        "prefetchSignIn",
        "prefetchWhenIdle",
        "useAddPasskey",
        "useAuthProxyAppearance",
        "useCaptchaSiteKey",
        "useEmailOtp",
        "useKit",
        "useLoginMethods",
        "useLoginModal",
        "useLoginModalHost",
        "useLoginWithOAuth",
        "useLoginWithPasskey",
        "useLogout",
        "useOAuthCallback",
        "useOAuthProviders",
        "usePasskeyName",
        "usePasskeySupport",
        "useRefreshSession",
        "useSendTransaction",
        "useSession",
        "useSessionTimeLeft",
        "useSignMessage",
        "useSignTransaction",
        "useSignTypedData",
        "useSignUpWithPasskey",
        "useSmsOtp",
        "useUser",
        "useWalletKitConfig",
        "useWallets",
        "walletKitConfigQueryKey",
        "walletKitConfigQueryOptions",
      ]
    `)
  })
})

describe('the locale entries (auth-proxy-kit/locales/en, auth-proxy-kit/locales/fr, …)', () => {
  it('each export their dictionary alone, named after the entry', () => {
    expect(Object.keys(enEntry)).toEqual(['en'])
    expect(enEntry.en.locale).toBe('en')
    expect(Object.keys(frEntry)).toEqual(['fr'])
    expect(frEntry.fr.locale).toBe('fr')
    expect(Object.keys(esEntry)).toEqual(['es'])
    expect(esEntry.es.locale).toBe('es')
    expect(Object.keys(deEntry)).toEqual(['de'])
    expect(deEntry.de.locale).toBe('de')
    expect(Object.keys(jaEntry)).toEqual(['ja'])
    expect(jaEntry.ja.locale).toBe('ja')
  })

  it("names a region's dictionary without the hyphen, its locale with it (auth-proxy-kit/locales/pt-BR)", () => {
    expect(Object.keys(ptBREntry)).toEqual(['ptBR'])
    expect(ptBREntry.ptBR.locale).toBe('pt-BR')
    expect(Object.keys(zhCNEntry)).toEqual(['zhCN'])
    expect(zhCNEntry.zhCN.locale).toBe('zh-CN')
  })
})
