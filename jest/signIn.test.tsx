// signIn.test.tsx: the kit as a host app's Jest sees it, the package through its "exports", the mock's
// fetch in place of a proxy, jsdom for the page.
import { afterEach, expect, jest, test } from '@jest/globals'
import '@testing-library/jest-dom/jest-globals'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { configure, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { AuthProxyProvider, LoginButton } from 'auth-proxy-kit'
import { createMockAuthProxy } from 'auth-proxy-kit/mock'

// findBy* gives up after 1 s by default. A sign-in (a key made, the code sealed to the proxy, a sign-up,
// the session stamped) takes about that on a quiet machine and several times it on two busy cores: this
// limit guards against a hang, not a slow machine (Jest's own test limit below is the larger).
configure({ asyncUtilTimeout: 30_000 })
jest.setTimeout(60_000)
// A file's tests share one jsdom page: the session one test stored would greet the next one signed in.
afterEach(() => localStorage.clear())

function renderApp() {
  const proxy = createMockAuthProxy()
  render(
    <QueryClientProvider client={new QueryClient()}>
      <AuthProxyProvider
        proxyUrl="https://mock.invalid"
        configId="demo"
        fetch={proxy.fetch}
        dangerouslyOverrideSignerPublicKey={proxy.enclaveSignerPublicKey}
      >
        <LoginButton />
      </AuthProxyProvider>
    </QueryClientProvider>,
  )
  return { proxy, user: userEvent.setup() }
}

async function requestCode(user: ReturnType<typeof userEvent.setup>, email: string): Promise<HTMLElement> {
  await user.click(await screen.findByRole('button', { name: 'Log in' }))
  const dialog = await screen.findByRole('dialog', { name: 'Log in or sign up' })
  await user.type(await within(dialog).findByRole('textbox', { name: 'Email address' }), email)
  await user.click(within(dialog).getByRole('button', { name: 'Continue with email' }))
  return dialog
}

test('a new user signs in by email with the code the mock sent', async () => {
  const { proxy, user } = renderApp()
  const dialog = await requestCode(user, 'ada@example.com')
  const code = await within(dialog).findByRole('textbox', { name: 'Verification code' })
  const [message] = proxy.outbox('ada@example.com')
  await user.type(code, String(message?.code))
  // Signed in, the modal closes by itself, and its button says "Account".
  expect(await screen.findByRole('button', { name: 'Account' })).toBeInTheDocument()
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  // The session's key is in IndexedDB (fake-indexeddb), as in a browser: not in the memory fallback.
  expect((await indexedDB.databases()).map((database) => database.name)).toContain('auth-proxy-kit')
})

test('a wrong code is refused in an alert, and the field is marked invalid', async () => {
  const { proxy, user } = renderApp()
  const dialog = await requestCode(user, 'typo@example.com')
  const code = await within(dialog).findByRole('textbox', { name: 'Verification code' })
  const sent = String(proxy.outbox('typo@example.com')[0]?.code)
  await user.type(code, (sent.startsWith('2') ? '3' : '2') + sent.slice(1))
  expect(await within(dialog).findByRole('alert')).toHaveTextContent('That code is not right. Check it and try again.')
  expect(code).toHaveAttribute('aria-invalid', 'true')
  expect(screen.queryByRole('button', { name: 'Account' })).not.toBeInTheDocument()
})
