// The drop-in modal on a captcha tenant (a Turnstile site key): the widget above the send button, the
// button waiting for its token, the token sent with the code's request, and a fresh widget after it.
import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { DEMO_TENANT, createMockAuthProxy, type MockAuthProxy } from '../../mock'
import { latestCode, renderWithProxy } from '../../react/test/renderWithProxy'
import { LoginButton } from './LoginButton'

const SITE_KEY = 'demo-site-key'

interface StubWidget {
  sitekey: string
  removed: boolean
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
    const send = within(dialog).getByRole('button', { name: 'Continue with email' })
    expect(send).toBeDisabled()
    expect(within(dialog).getByRole('status')).toHaveTextContent("Checking you're human…")

    await user.click(check)
    await waitFor(() => expect(send).toBeEnabled())
    expect(within(dialog).getByRole('status')).not.toHaveTextContent("Checking you're human…")
    await user.click(send)
    await within(dialog).findByText('We sent a code to ada@example.com')
    // The token was spent: the widget is removed, and a new one is drawn for the next send.
    expect(widgets[0]?.removed).toBe(true)
    expect(Object.values(proxy.state.captchaTokens).filter((token) => token.usedAt !== undefined)).toHaveLength(1)

    await user.type(
      within(dialog).getByRole('textbox', { name: 'Verification code' }),
      latestCode(proxy, 'ada@example.com'),
    )
    // The code fills the field and verifies by itself: signed up, with no captcha on the sign-up after it.
    await within(dialog).findByRole('heading', { name: 'Signed in as ada@example.com' })
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
    await within(dialog).findByText('We sent a code to bob@example.com')
    expect(widgets).toEqual([])
    expect(within(dialog).queryByRole('group', { name: 'Human check' })).not.toBeInTheDocument()
  })
})
