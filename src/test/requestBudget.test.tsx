// Request budget (DESIGN.md, "Standing budgets": no request twice). Every request a flow makes through
// the React layer is recorded against the real mock proxy, and the list must be exactly the one
// DESIGN.md gives for the flow. `toEqual` on the whole list: an extra call anywhere (a second
// wallet_kit_config, a refetch on focus, a lookup the flow does not need) fails, as does a missing one.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent, { type UserEvent } from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { LoginButton } from '../components'
import { createKit } from '../core/createKit'
import { completeEmailOtp, startEmailOtp } from '../core/otp/emailOtp'
import { completeSmsOtp, startSmsOtp } from '../core/otp/smsOtp'
import { memoryKeyStore } from '../core/keys/memoryKeyStore'
import { memoryStorage } from '../core/session/memoryStorage'
import { createMockAuthProxy } from '../mock/handler'
import { DEMO_CONFIG_ID } from '../mock/tenants'
import type { MockAuthProxy } from '../mock/types'
import { AuthProxyProvider, useWalletKitConfig } from '../react'

const PROXY_URL = 'https://proxy.test'

/** A fetch that is the mock's handler, recording `METHOD /path` of every request, in order. */
function recordingFetch(proxy: MockAuthProxy) {
  const requests: string[] = []
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request = new Request(input, init)
    const url = new URL(request.url)
    requests.push(`${request.method} ${url.origin === PROXY_URL ? '' : url.origin}${url.pathname}`)
    return proxy.handle(request)
  }
  return { fetch, requests }
}

/** A component besides the modal that reads the tenant's config, as an app's own UI might. */
function ConfigReader({ label }: { label: string }) {
  const config = useWalletKitConfig()
  return <p>{`${label}: ${config.data ? config.data.enabledProviders.join(',') : 'loading'}`}</p>
}

/** One page load: a fresh QueryClient and provider; keys and the session in memory. */
function loadPage(proxy: MockAuthProxy) {
  const { fetch, requests } = recordingFetch(proxy)
  const user = userEvent.setup()
  const queryClient = new QueryClient()
  render(
    <QueryClientProvider client={queryClient}>
      <AuthProxyProvider
        proxyUrl={PROXY_URL}
        configId={DEMO_CONFIG_ID}
        fetch={fetch}
        keyStore={memoryKeyStore()}
        storage={memoryStorage()}
        flowStorage={memoryStorage()}
        dangerouslyOverrideSignerPublicKey={proxy.enclaveSignerPublicKey}
      >
        <ConfigReader label="header" />
        <ConfigReader label="footer" />
        {/* Through "Your account", which reads the wallet: the longest way a sign-in goes. */}
        <LoginButton closeOnSignIn={false} />
      </AuthProxyProvider>
    </QueryClientProvider>,
  )
  return { user, requests, queryClient }
}

async function signInThroughModal(user: UserEvent, proxy: MockAuthProxy, email: string): Promise<void> {
  await user.click(await screen.findByRole('button', { name: 'Log in' }))
  const dialog = await screen.findByRole('dialog', { name: 'Log in or sign up' })
  await user.type(await within(dialog).findByRole('textbox', { name: 'Email address' }), email)
  await user.click(within(dialog).getByRole('button', { name: 'Continue with email' }))
  const codeField = await within(dialog).findByRole('textbox', { name: 'Verification code' })
  const code = proxy.outbox(email)[0]?.code
  if (code === undefined) throw new Error(`no code was sent to ${email}`)
  await user.type(codeField, code)
  await within(dialog).findByRole('heading', { name: /^Signed in as / })
  // "Your account" reads the wallet once; the requests are counted after it shows.
  await within(dialog).findAllByRole('button', { name: /^Copy \w+ address$/ })
  await user.click(within(dialog).getByRole('button', { name: 'Done' }))
  await screen.findByRole('button', { name: 'Account' })
}

async function signInByPhoneThroughModal(user: UserEvent, proxy: MockAuthProxy, phoneNumber: string): Promise<void> {
  await user.click(await screen.findByRole('button', { name: 'Log in' }))
  const dialog = await screen.findByRole('dialog', { name: 'Log in or sign up' })
  await user.click(await within(dialog).findByRole('button', { name: 'Continue with phone' }))
  await user.type(await within(dialog).findByRole('textbox', { name: 'Phone number' }), phoneNumber)
  await user.click(within(dialog).getByRole('button', { name: 'Send code' }))
  const codeField = await within(dialog).findByRole('textbox', { name: 'Verification code' })
  const code = proxy.outbox(phoneNumber)[0]?.code
  if (code === undefined) throw new Error(`no code was sent to ${phoneNumber}`)
  await user.type(codeField, code)
  await within(dialog).findByRole('heading', { name: /^Signed in as / })
  // "Your account" reads the wallet once; the requests are counted after it shows.
  await within(dialog).findAllByRole('button', { name: /^Copy \w+ address$/ })
  await user.click(within(dialog).getByRole('button', { name: 'Done' }))
  await screen.findByRole('button', { name: 'Account' })
}

/** What else a page lives through: the tab hidden and shown again, the network back. Nothing is refetched. */
async function liveThroughFocusAndReconnect(queryClient: QueryClient): Promise<void> {
  act(() => {
    // Fired at the document and bubbling to window, where react-query's focus manager listens.
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }))
    window.dispatchEvent(new Event('focus'))
    window.dispatchEvent(new Event('online'))
  })
  // A refetch starts as the event is handled; once none is in flight, any it made is in `requests`.
  await waitFor(() => expect(queryClient.isFetching()).toBe(0))
}

/** What the signed-in view asks once the flow is done: the wallet (who is signed in, the session remembers). Sorted. */
const ACCOUNT_VIEW = ['POST /public/v1/query/list_wallet_accounts', 'POST /public/v1/query/list_wallets']

/** The flow's calls in order (its log-in, stamp_login, on the public API), then the view's queries (which run side by side) sorted. */
function flowThenView(requests: readonly string[]): string[] {
  const view = requests.findIndex((request) => request.startsWith('POST /public/v1/query/'))
  return view < 0 ? [...requests] : [...requests.slice(0, view), ...requests.slice(view).sort()]
}

describe('request budget: each flow makes only the calls DESIGN.md lists', () => {
  it('given a page where three components read the config, it fetches wallet_kit_config once', async () => {
    const proxy = createMockAuthProxy({ strictFields: true })
    const { requests, queryClient } = loadPage(proxy)
    expect(await screen.findByText(/^header: .*email/)).toBeInTheDocument()
    expect(screen.getByText(/^footer: .*email/)).toBeInTheDocument()
    await liveThroughFocusAndReconnect(queryClient)
    expect(requests).toEqual(['POST /v1/wallet_kit_config'])
  })

  it('given a new user, the email flow through the modal is config, otp_init_v2, otp_verify_v2, account, signup_v2, stamp_login', async () => {
    const proxy = createMockAuthProxy({ strictFields: true })
    const { user, requests, queryClient } = loadPage(proxy)
    await signInThroughModal(user, proxy, 'ada@example.com')
    await liveThroughFocusAndReconnect(queryClient)
    expect(flowThenView(requests)).toEqual([
      'POST /v1/wallet_kit_config',
      // Whether the tenant has a captcha, asked once per kit when a send-code form first shows.
      'POST /v1/wallet_kit_client_params',
      'POST /v1/otp_init_v2',
      'POST /v1/otp_verify_v2',
      'POST /v1/account',
      'POST /v1/signup_v2',
      'POST /public/v1/submit/stamp_login',
      ...ACCOUNT_VIEW,
    ])
  })

  it('given a returning user on a new page load, the email flow is the same without signup', async () => {
    const proxy = createMockAuthProxy({ strictFields: true })
    // The account exists from an earlier visit (another browser: its own keys and storage).
    const earlier = createKit({
      proxyUrl: PROXY_URL,
      configId: DEMO_CONFIG_ID,
      fetch: proxy.fetch,
      keyStore: memoryKeyStore(),
      storage: memoryStorage(),
      dangerouslyOverrideSignerPublicKey: proxy.enclaveSignerPublicKey,
    })
    const challenge = await startEmailOtp(earlier, { email: 'grace@example.com' })
    const code = proxy.outbox('grace@example.com')[0]?.code ?? ''
    expect((await completeEmailOtp(earlier, { challenge, code })).isNewUser).toBe(true)
    earlier.destroy()

    const { user, requests, queryClient } = loadPage(proxy)
    await signInThroughModal(user, proxy, 'grace@example.com')
    await liveThroughFocusAndReconnect(queryClient)
    expect(flowThenView(requests)).toEqual([
      'POST /v1/wallet_kit_config',
      // Whether the tenant has a captcha, asked once per kit when a send-code form first shows.
      'POST /v1/wallet_kit_client_params',
      'POST /v1/otp_init_v2',
      'POST /v1/otp_verify_v2',
      'POST /v1/account',
      'POST /public/v1/submit/stamp_login',
      ...ACCOUNT_VIEW,
    ])
    await waitFor(() => expect(Object.keys(proxy.state.users)).toHaveLength(1))
  })

  it('given a new user, the SMS flow through the modal is config, otp_init_v2, otp_verify_v2, account, signup_v2, stamp_login', async () => {
    const proxy = createMockAuthProxy({ strictFields: true })
    const { user, requests, queryClient } = loadPage(proxy)
    await signInByPhoneThroughModal(user, proxy, '+447700900123')
    await liveThroughFocusAndReconnect(queryClient)
    expect(flowThenView(requests)).toEqual([
      'POST /v1/wallet_kit_config',
      // Whether the tenant has a captcha, asked once per kit when a send-code form first shows.
      'POST /v1/wallet_kit_client_params',
      'POST /v1/otp_init_v2',
      'POST /v1/otp_verify_v2',
      'POST /v1/account',
      'POST /v1/signup_v2',
      'POST /public/v1/submit/stamp_login',
      ...ACCOUNT_VIEW,
    ])
  })

  it('given a returning user on a new page load, the SMS flow is the same without signup', async () => {
    const proxy = createMockAuthProxy({ strictFields: true })
    const earlier = createKit({
      proxyUrl: PROXY_URL,
      configId: DEMO_CONFIG_ID,
      fetch: proxy.fetch,
      keyStore: memoryKeyStore(),
      storage: memoryStorage(),
      dangerouslyOverrideSignerPublicKey: proxy.enclaveSignerPublicKey,
    })
    const challenge = await startSmsOtp(earlier, { phoneNumber: '+14155550123' })
    const code = proxy.outbox('+14155550123')[0]?.code ?? ''
    expect((await completeSmsOtp(earlier, { challenge, code })).isNewUser).toBe(true)
    earlier.destroy()

    const { user, requests, queryClient } = loadPage(proxy)
    await signInByPhoneThroughModal(user, proxy, '+14155550123')
    await liveThroughFocusAndReconnect(queryClient)
    expect(flowThenView(requests)).toEqual([
      'POST /v1/wallet_kit_config',
      // Whether the tenant has a captcha, asked once per kit when a send-code form first shows.
      'POST /v1/wallet_kit_client_params',
      'POST /v1/otp_init_v2',
      'POST /v1/otp_verify_v2',
      'POST /v1/account',
      'POST /public/v1/submit/stamp_login',
      ...ACCOUNT_VIEW,
    ])
    await waitFor(() =>
      expect(Object.values(proxy.state.users)).toEqual([expect.objectContaining({ phoneNumber: '+14155550123' })]),
    )
  })
})
