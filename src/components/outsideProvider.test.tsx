import { render } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { AuthPanel, LoginButton, LoginModal, SessionBadge, SignedIn, SignedOut } from './index'

// Outside AuthProxyProvider, a component's error names the component the developer wrote, not a hook
// inside it they never called (`useAuthProxyAppearance must be used inside…` under <LoginButton>).
const FIX =
  'must be used inside <AuthProxyProvider>: wrap your app in <AuthProxyProvider proxyUrl="…" configId="…"> (inside a <QueryClientProvider>).'

const components: [string, () => ReactNode][] = [
  ['<LoginButton>', () => <LoginButton />],
  ['<LoginButton.Custom>', () => <LoginButton.Custom>{() => null}</LoginButton.Custom>],
  ['<LoginModal>', () => <LoginModal />],
  ['<AuthPanel>', () => <AuthPanel />],
  ['<SessionBadge>', () => <SessionBadge />],
  ['<SignedIn>', () => <SignedIn>in</SignedIn>],
  ['<SignedOut>', () => <SignedOut>out</SignedOut>],
]

describe('a kit component outside AuthProxyProvider', () => {
  // React logs the error a render throws; the test reads it from the throw instead.
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
  })
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it.each(components)('%s throws an error that names it and the fix', (name, element) => {
    expect(() => render(element())).toThrow(new Error(`${name} ${FIX}`))
  })
})
