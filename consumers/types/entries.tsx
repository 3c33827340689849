// Every public entry of the packed kit, imported as a host does, and used so that this file stops
// compiling if an entry does not resolve, an export is missing, or a type silently becomes `any`
// (a declaration importing a path the consumer's resolution cannot follow turns into `any` under
// skipLibCheck, which every template sets). Compiled by scripts/test-consumers.ts under
// moduleResolution bundler, node16 and nodenext (tsconfig.*.json beside this file).
import type { ReactElement } from 'react'
import { AuthProxyProvider, LoginButton, useEmailOtp, useSession, isKitError, type KitError, type Session } from 'auth-proxy-kit'
import { createKit, startEmailOtp, type Kit } from 'auth-proxy-kit/core'
import { createMockAuthProxy, DEMO_CONFIG_ID, type MockAuthProxy } from 'auth-proxy-kit/mock'
import { mockAuthProxyPlugin, type MockAuthProxyPlugin } from 'auth-proxy-kit/mock/vite'
import type { Plugin } from 'vite'

/** `true` only for `any`: nothing else is both 0 and 1 & T. */
type IsAny<T> = 0 extends 1 & T ? true : false
type NotAny<T> = IsAny<T> extends true ? 'this type became any' : T

// The main entry (React): components, hooks and their results.
export const provider: NotAny<typeof AuthProxyProvider> = AuthProxyProvider
export const button: NotAny<typeof LoginButton> = LoginButton
export type EmailOtp = NotAny<ReturnType<typeof useEmailOtp>>
export const start: IsAny<ReturnType<typeof useEmailOtp>['start']> = false
export const status: IsAny<ReturnType<typeof useSession>['status']> = false
export const sessionToken: IsAny<Session['token']> = false
export const errorCode: IsAny<KitError['code']> = false
export function describe(error: unknown): string {
  // A KitError narrows: its code is a union of names, not a string (nor any).
  if (isKitError(error)) {
    const code: string = error.code
    // @ts-expect-error: no kit error has this code.
    if (error.code === 'NOT_A_KIT_ERROR_CODE') return code
    return code
  }
  return 'unknown'
}
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

// auth-proxy-kit/core: framework-agnostic.
export const kit: NotAny<Kit> = createKit({ proxyUrl: 'https://proxy.example', configId: 'demo' })
export const sessionStore: IsAny<Kit['session']> = false
// @ts-expect-error: proxyUrl is a string.
createKit({ proxyUrl: 1, configId: 'demo' })
export const challenge: IsAny<Awaited<ReturnType<typeof startEmailOtp>>['otpId']> = false

// auth-proxy-kit/mock: the mock proxy.
export const mock: NotAny<MockAuthProxy> = createMockAuthProxy({ latencyMs: 0 })
export const outbox: IsAny<MockAuthProxy['outbox']> = false
export const demo: string = DEMO_CONFIG_ID
// @ts-expect-error: latencyMs is a number of milliseconds.
createMockAuthProxy({ latencyMs: 'slow' })

// auth-proxy-kit/mock/vite: the Vite plugin is a Vite plugin.
export const plugin: NotAny<MockAuthProxyPlugin> = mockAuthProxyPlugin({ path: '/auth-proxy' })
export const asVitePlugin: Plugin = plugin
export const mockOfPlugin: IsAny<MockAuthProxyPlugin['api']['proxy']> = false
// @ts-expect-error: path is a string.
mockAuthProxyPlugin({ path: 42 })
