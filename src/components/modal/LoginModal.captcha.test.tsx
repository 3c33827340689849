// The drop-in modal on a captcha tenant (a Turnstile site key): the widget above the send button, the
// button waiting for its token, the token sent with the code's request, and a fresh widget after it.
import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { DEMO_TENANT, createMockAuthProxy, type MockAuthProxy } from '../../mock'
import { latestCode, renderWithProxy } from '../../react/test/renderWithProxy'
import { wholeText } from '../../react/test/wholeText'
import { LoginButton } from './LoginButton'
import { expectSignedIn } from '../../react/test/expectSignedIn'

const SITE_KEY = 'demo-site-key'

interface StubWidget {
  sitekey: string
  removed: boolean
  /** The colors and language the kit asked the widget for. */
  look?: { theme: string | undefined; language: string | undefined }
}

/**
 * A window.turnstile of the test's: each render draws a "Verify you are human" button whose click asks
 * the mock for a token (as its test widget's checkbox does) and hands it to the callback.
 */
function stubTurnstile(proxy: MockAuthProxy): StubWidget[] {
  const widgets: StubWidget[] = []
  window.turnstile = {
    render(container, params) {
      const widget = { sitekey: params.sitekey, removed: false }
      widgets.push(widget)
      Object.defineProperty(widget, 'look', { value: { theme: params.theme, language: params.language } })
      const button = document.createElement('button')
      button.type = 'button'
      button.textContent = 'Verify you are human'
      button.addEventListener('click', () => {
        const request = new Request('https://proxy.test/__mock/turnstile/token', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ sitekey: params.sitekey }),
        })
        void proxy
          .handle(request)
          .then((response) => response.json() as Promise<{ token: string }>)
          .then(({ token }) => params.callback(token))
      })
      container.append(button)
      return String(widgets.length)
    },
    remove(widgetId) {
      const widget = widgets[Number(widgetId) - 1]
      if (widget) widget.removed = true
    },
  }
  return widgets
}

afterEach(() => {
  delete window.turnstile
})

describe('LoginModal on a captcha tenant', () => {
  it('shows the widget, waits for its token to send the code, sends it, and signs the person up', async () => {
    const proxy = createMockAuthProxy({
      strictFields: true,
      tenants: [{ ...DEMO_TENANT, turnstileSiteKey: SITE_KEY }],
    })
    const widgets = stubTurnstile(proxy)
    const { user, requests } = renderWithProxy(<LoginButton />, { proxy })
    await user.click(await screen.findByRole('button', { name: 'Log in' }))
    const dialog = await screen.findByRole('dialog', { name: 'Log in or sign up' })
    await user.type(await within(dialog).findByRole('textbox', { name: 'Email address' }), 'ada@example.com')

    const check = await within(dialog).findByRole('button', { name: 'Verify you are human' })
    expect(within(dialog).getByRole('group', { name: 'Human check' })).toContainElement(check)
    expect(widgets).toEqual([{ sitekey: SITE_KEY, removed: false }])
    // The dialog's theme (light by default) and language.
    expect(widgets[0]?.look).toEqual({ theme: 'light', language: 'en' })
    const send = within(dialog).getByRole('button', { name: 'Continue with email' })
    expect(send).toBeDisabled()
    expect(within(dialog).getByRole('status')).toHaveTextContent("Checking you're human…")

    await user.click(check)
    await waitFor(() => expect(send).toBeEnabled())
    expect(within(dialog).getByRole('status')).not.toHaveTextContent("Checking you're human…")
    await user.click(send)
    await within(dialog).findByText(wholeText('We sent a code to ada@example.com'))
    // The token was spent: the widget is removed, and a new one is drawn for the next send.
    expect(widgets[0]?.removed).toBe(true)
    expect(Object.values(proxy.state.captchaTokens).filter((token) => token.usedAt !== undefined)).toHaveLength(1)

    await user.type(
      within(dialog).getByRole('textbox', { name: 'Verification code' }),
      latestCode(proxy, 'ada@example.com'),
    )
    // The code fills the field and verifies by itself: signed up, with no captcha on the sign-up after it.
    await expectSignedIn()
    expect(requests).toContain('wallet_kit_client_params')
    expect(requests).toContain('signup_v2')
  })

  it('shows no widget on a tenant without a site key, and sends at once', async () => {
    const proxy = createMockAuthProxy({ strictFields: true })
    const widgets = stubTurnstile(proxy)
    const { user, requests } = renderWithProxy(<LoginButton />, { proxy })
    await user.click(await screen.findByRole('button', { name: 'Log in' }))
    const dialog = await screen.findByRole('dialog', { name: 'Log in or sign up' })
    await user.type(await within(dialog).findByRole('textbox', { name: 'Email address' }), 'bob@example.com')
    await waitFor(() => expect(requests).toContain('wallet_kit_client_params'))
    await user.click(within(dialog).getByRole('button', { name: 'Continue with email' }))
    await within(dialog).findByText(wholeText('We sent a code to bob@example.com'))
    expect(widgets).toEqual([])
    expect(within(dialog).queryByRole('group', { name: 'Human check' })).not.toBeInTheDocument()
  })

  it('keeps the token when the address is refused before any request, and spends it on the send', async () => {
    const proxy = captchaProxy()
    const widgets = stubTurnstile(proxy)
    const { user, requests } = renderWithProxy(<LoginButton theme="dark" />, { proxy })
    await user.click(await screen.findByRole('button', { name: 'Log in' }))
    const dialog = await screen.findByRole('dialog', { name: 'Log in or sign up' })
    const field = await within(dialog).findByRole('textbox', { name: 'Email address' })
    await user.type(field, 'ada@')
    await user.click(await within(dialog).findByRole('button', { name: 'Verify you are human' }))
    const send = within(dialog).getByRole('button', { name: 'Continue with email' })
    await waitFor(() => expect(send).toBeEnabled())
    await user.click(send)
    expect(await within(dialog).findByText('Enter a valid email address, like name@example.com.')).toBeInTheDocument()
    // Nothing went out: the widget and its token stay for the corrected address.
    expect(requests.filter((request) => request.startsWith('otp_init'))).toEqual([])
    expect(widgets).toEqual([{ sitekey: SITE_KEY, removed: false }])
    // A dark dialog's widget is dark.
    expect(widgets[0]?.look?.theme).toBe('dark')
    expect(send).toBeEnabled()

    await user.type(field, 'example.com')
    await user.click(send)
    await within(dialog).findByText(wholeText('We sent a code to ada@example.com'))
    expect(usedTokens(proxy)).toBe(1)
  })

  it('asks for a fresh check before a new code, and sends it with the new token', async () => {
    let clock = Date.parse('2030-01-01T10:00:00Z')
    const now = () => clock
    const proxy = captchaProxy({ now })
    const widgets = stubTurnstile(proxy)
    const { user, requests } = renderWithProxy(<LoginButton />, { proxy, now })
    await user.click(await screen.findByRole('button', { name: 'Log in' }))
    const dialog = await screen.findByRole('dialog', { name: 'Log in or sign up' })
    await user.type(await within(dialog).findByRole('textbox', { name: 'Email address' }), 'ada@example.com')
    await user.click(await within(dialog).findByRole('button', { name: 'Verify you are human' }))
    const send = within(dialog).getByRole('button', { name: 'Continue with email' })
    await waitFor(() => expect(send).toBeEnabled())
    await user.click(send)
    await within(dialog).findByText(wholeText('We sent a code to ada@example.com'))
    // No widget on the code step until a new code may be asked for.
    expect(within(dialog).queryByRole('group', { name: 'Human check' })).not.toBeInTheDocument()

    clock += 30_000
    const resend = within(dialog).getByRole('button', { name: 'Resend code' })
    const check = await within(dialog).findByRole('button', { name: 'Verify you are human' })
    expect(resend).toBeDisabled()
    await user.click(check)
    await waitFor(() => expect(resend).toBeEnabled())
    await user.click(resend)
    expect(await within(dialog).findByText('We sent a new code. Use the newest one.')).toBeInTheDocument()
    expect(proxy.outbox('ada@example.com')).toHaveLength(2)
    expect(usedTokens(proxy)).toBe(2)
    expect(widgets.filter((widget) => widget.removed)).toHaveLength(2)
    // Asked once for the whole sign-in: the code step's widget reads the answer the email step had.
    expect(requests.filter((request) => request === 'wallet_kit_client_params')).toHaveLength(1)
  })

  it('says when the check cannot be loaded, and loads it again on Try again', async () => {
    const proxy = captchaProxy()
    const { user } = renderWithProxy(<LoginButton />, {
      proxy,
      provider: { captchaScriptUrl: 'https://captcha.test/api.js' },
    })
    await user.click(await screen.findByRole('button', { name: 'Log in' }))
    const dialog = await screen.findByRole('dialog', { name: 'Log in or sign up' })
    const script = await waitFor(() => {
      const found = document.head.querySelector<HTMLScriptElement>('script[src^="https://captcha.test/api.js"]')
      if (found === null) throw new Error('no script yet')
      return found
    })
    expect(new URL(script.src).searchParams.get('render')).toBe('explicit')
    script.dispatchEvent(new Event('error'))
    const alert = await within(dialog).findByRole('alert')
    expect(alert).toHaveTextContent('The human check could not be loaded. Check your connection and try again.')
    expect(within(dialog).getByRole('button', { name: 'Continue with email' })).toBeDisabled()

    await user.click(within(dialog).getByRole('button', { name: 'Try again' }))
    const again = document.head.querySelector<HTMLScriptElement>('script[src^="https://captcha.test/api.js"]')
    expect(again).not.toBe(script)
    stubTurnstile(proxy)
    again?.dispatchEvent(new Event('load'))
    expect(await within(dialog).findByRole('button', { name: 'Verify you are human' })).toBeInTheDocument()
  })
})

function captchaProxy(options: { now?: () => number } = {}): MockAuthProxy {
  return createMockAuthProxy({
    strictFields: true,
    tenants: [{ ...DEMO_TENANT, turnstileSiteKey: SITE_KEY }],
    ...options,
  })
}

function usedTokens(proxy: MockAuthProxy): number {
  return Object.values(proxy.state.captchaTokens).filter((token) => token.usedAt !== undefined).length
}
