// Every public entry of the packed kit, imported as a host does, and used so that this file stops
// compiling if an entry does not resolve, an export is missing, or a type silently becomes `any`: a
// declaration importing a path the consumer's resolution cannot follow becomes an error type that
// behaves as `any` under skipLibCheck (which every template sets), and even `0 extends 1 & T` cannot
// tell it apart. What tells: a wrong use under `@ts-expect-error`, which is "unused" (TS2578) once the
// type is `any`. Compiled by scripts/test-consumers.ts under moduleResolution bundler, node16 and
// nodenext (tsconfig.*.json beside this file).
import type { ReactElement } from 'react'
import {
  AuthProxyProvider,
  LoginButton,
  useEmailOtp,
  useSession,
  isKitError,
  type KitError,
  type Session,
} from 'auth-proxy-kit'
import { createKit, startEmailOtp, type Kit } from 'auth-proxy-kit/core'
import { en } from 'auth-proxy-kit/locales/en'
import { fr } from 'auth-proxy-kit/locales/fr'
import { ptBR } from 'auth-proxy-kit/locales/pt-BR'
import { zhCN } from 'auth-proxy-kit/locales/zh-CN'
import { createMockAuthProxy, DEMO_CONFIG_ID, type MockAuthProxy } from 'auth-proxy-kit/mock'
import { mockAuthProxyPlugin, type MockAuthProxyPlugin } from 'auth-proxy-kit/mock/vite'
import type { Plugin } from 'vite'

/** A value of type T, for checks on types that have none at hand. */
declare function a<T>(): T

// The main entry (React): components, hooks and their results.
export function app(): ReactElement {
  return (
    <AuthProxyProvider proxyUrl="/auth-proxy" configId="demo">
      <LoginButton />
    </AuthProxyProvider>
  )
}
export function appWithoutConfig(): ReactElement {
  // @ts-expect-error: configId is required.
  return <AuthProxyProvider proxyUrl="/auth-proxy" />
}
// @ts-expect-error: LoginButton takes no such prop.
export const wrongProp = <LoginButton notAProp />
// @ts-expect-error: start takes the address, a string.
a<ReturnType<typeof useEmailOtp>>().start(42)
// @ts-expect-error: status is 'loading' | 'signedOut' | 'signedIn'.
a<ReturnType<typeof useSession>>().status satisfies 'unknown'
// @ts-expect-error: a session's token is a string.
a<Session>().token satisfies number
export function describe(error: unknown): string {
  if (!isKitError(error)) return 'unknown'
  // @ts-expect-error: a KitError's code is a union of names, not a number.
  error.code satisfies number
  return error.code satisfies KitError['code']
}

// auth-proxy-kit/core: framework-agnostic.
export const kit: Kit = createKit({ proxyUrl: 'https://proxy.example', configId: 'demo' })
// @ts-expect-error: proxyUrl is a string.
createKit({ proxyUrl: 1, configId: 'demo' })
// @ts-expect-error: a kit's session store is no string.
kit.session satisfies string
export async function challengeId(): Promise<string> {
  const challenge = await startEmailOtp(kit, { email: 'ada@example.com' })
  // @ts-expect-error: the challenge's otpId is a string.
  challenge.otpId satisfies number
  return challenge.otpId
}

// auth-proxy-kit/locales/en, /fr, …: dictionaries a component takes as its locale (a region's entry
// named with its hyphen, its export without: pt-BR's is ptBR); or a language's name, or 'auto'.
export const inFrench = <LoginButton locale={fr} />
export const inEnglish = <LoginButton locale={{ ...en, logIn: 'Sign in' }} />
export const inPortuguese = <LoginButton locale={ptBR} />
export const inChinese = <LoginButton locale={zhCN} />
export const inTheBrowsersLanguage = <LoginButton locale="auto" />
// @ts-expect-error: a dictionary's strings are strings.
fr.logIn satisfies number
// @ts-expect-error: the kit ships zh-CN, not zh-TW (a dictionary of your own can be passed instead).
export const inTraditionalChinese = <LoginButton locale="zh-TW" />

// auth-proxy-kit/mock: the mock proxy.
export const mock: MockAuthProxy = createMockAuthProxy({ latencyMs: 0 })
// @ts-expect-error: latencyMs is a number of milliseconds.
createMockAuthProxy({ latencyMs: 'slow' })
// @ts-expect-error: the outbox is a function of the contact.
mock.outbox satisfies string
// @ts-expect-error: the demo's config id is a string.
DEMO_CONFIG_ID satisfies number

// auth-proxy-kit/mock/vite: the Vite plugin is a Vite plugin.
export const plugin: MockAuthProxyPlugin = mockAuthProxyPlugin({ path: '/auth-proxy' })
export const asVitePlugin: Plugin = plugin
// @ts-expect-error: path is a string.
mockAuthProxyPlugin({ path: 42 })
// @ts-expect-error: the plugin's api holds the running mock, no string.
plugin.api.proxy satisfies string
