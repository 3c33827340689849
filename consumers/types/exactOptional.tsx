// A host compiled with exactOptionalPropertyTypes (tsconfig.exact.json) forwards its own optional values to
// the kit: `theme={maybeTheme}`, where a value may be undefined. Every optional member of the kit's public
// types accepts undefined as "not given" (scripts/check-public-types.ts checks them all; this checks that a
// real host's forwarding compiles), and a wrong type is still refused.
import type { ReactElement } from 'react'
import {
  AuthProxyProvider,
  LoginButton,
  LoginModal,
  useEmailOtp,
  useLogout,
  type Locale,
  type Theme,
  type EnabledProvider,
} from 'auth-proxy-kit'
import { createKit } from 'auth-proxy-kit/core'
import { createMockAuthProxy } from 'auth-proxy-kit/mock'

interface HostProps {
  theme?: Theme
  locale?: Locale
  className?: string
  methods?: readonly EnabledProvider[]
  onSignIn?: () => void
  sessionCookie?: boolean
}

export function Host({ theme, locale, className, methods, onSignIn }: HostProps): ReactElement {
  return (
    <AuthProxyProvider proxyUrl="/auth-proxy" configId="demo" theme={theme} locale={locale} onSignIn={onSignIn}>
      <LoginButton className={className} theme={theme} locale={locale} methods={methods} />
      <LoginModal open={false} onOpenChange={undefined} theme={theme} title={undefined} />
    </AuthProxyProvider>
  )
}

export function Hooks({ onSignIn }: Pick<HostProps, 'onSignIn'>): null {
  useEmailOtp({ onSuccess: onSignIn, onError: undefined })
  useLogout({ onSuccess: undefined })
  return null
}

export const kit = createKit({ proxyUrl: 'https://proxy.example', configId: 'demo', fetch: undefined })
export const mock = createMockAuthProxy({ tenants: undefined })

// @ts-expect-error: a theme is still a theme, not a number.
export const wrongTheme = <LoginButton theme={1} />
