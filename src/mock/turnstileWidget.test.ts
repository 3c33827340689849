// @vitest-environment jsdom
// The test widget as a page runs it: the script the mock serves, evaluated in a DOM, its checkbox
// operated as a person would (by keyboard too), its token requests answered by the mock's own fetch.
import { getByRole } from '@testing-library/dom'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { call, ok, setup } from './testing/harness'
import type { MockAuthProxy } from './types'

/** The part of Cloudflare's API the widget offers (its documented window.turnstile). */
interface Turnstile {
  render(container: string | HTMLElement, params: Record<string, unknown>): string
  reset(widgetId?: string): void
  remove(widgetId?: string): void
  getResponse(widgetId?: string): string | undefined
  isExpired(widgetId?: string): boolean
}

type TurnstileWindow = Window & { turnstile?: Turnstile; onTurnstileLoad?: () => void }
const page = window as TurnstileWindow

function captchaProxy(): MockAuthProxy {
  const { proxy } = setup({
    tenants: [{ configId: 'shop', organizationId: 'org-shop', turnstileSiteKey: 'shop-site-key' }],
  })
  // The page's fetch is the mock's, as if the script had been loaded from it.
  vi.stubGlobal('fetch', proxy.fetch)
  return proxy
}

/** Loads the script as a <script src> would run it: in the page's global scope. */
async function loadWidget(proxy: MockAuthProxy, query = ''): Promise<Turnstile> {
  const response = await proxy.handle(new Request(`http://mock.test/__mock/turnstile/v0/api.js${query}`))
  // Indirect eval runs the text as a classic script of the page.
  const evaluate = eval
  evaluate(await response.text())
  if (page.turnstile === undefined) throw new Error('the script defined no window.turnstile')
  return page.turnstile
}

function container(): HTMLElement {
  const element = document.createElement('div')
  document.body.append(element)
  return element
}

afterEach(() => {
  delete page.turnstile
  delete page.onTurnstileLoad
  document.body.replaceChildren()
})

describe('the test Turnstile widget', () => {
  it("renders a labelled checkbox whose token the mock's protected endpoints take", async () => {
    const proxy = captchaProxy()
    const turnstile = await loadWidget(proxy, '?render=explicit')
    const host = container()
    const tokens: string[] = []
    const before = vi.fn()
    const widgetId = turnstile.render(host, {
      sitekey: 'shop-site-key',
      theme: 'dark',
      callback: (token: string) => tokens.push(token),
      'before-interactive-callback': before,
    })
    expect(widgetId).toMatch(/^mock-turnstile-\d+$/)
    expect(before).toHaveBeenCalledOnce()
    const checkbox = getByRole<HTMLInputElement>(host, 'checkbox', { name: "I'm not a robot (test captcha)" })
    expect(checkbox.disabled).toBe(false)

    // Keyboard: Tab to it, Space checks it.
    const user = userEvent.setup()
    await user.tab()
    expect(document.activeElement).toBe(checkbox)
    await user.keyboard(' ')
    await vi.waitFor(() => expect(tokens).toHaveLength(1))
    const [token = ''] = tokens
    expect(turnstile.getResponse(widgetId)).toBe(token)
    expect(getByRole(host, 'status').textContent).toBe('Verified')
    expect(host.querySelector<HTMLInputElement>('input[name="cf-turnstile-response"]')?.value).toBe(token)

    // Checked it stays: a second press neither unchecks it nor asks again.
    await user.keyboard(' ')
    expect(checkbox.checked).toBe(true)
    expect(document.activeElement).toBe(checkbox)

    await ok(
      call(
        proxy,
        'otp_init',
        { otpType: 'OTP_TYPE_EMAIL', contact: 'ada@example.com' },
        {
          configId: 'shop',
          headers: { 'X-Captcha-Token': token },
        },
      ),
    )

    turnstile.reset(widgetId)
    expect(checkbox.checked).toBe(false)
    expect(turnstile.getResponse(widgetId)).toBeUndefined()
    await user.click(checkbox)
    await vi.waitFor(() => expect(tokens).toHaveLength(2))
    expect(tokens[1]).not.toBe(token)

    turnstile.remove(widgetId)
    expect(host.childElementCount).toBe(0)
    expect(turnstile.getResponse(widgetId)).toBeUndefined()
  })

  it("calls the error-callback (110100) and unchecks the box when the site key is no tenant's", async () => {
    const proxy = captchaProxy()
    const turnstile = await loadWidget(proxy)
    const host = container()
    const errors: string[] = []
    const callback = vi.fn()
    turnstile.render(host, { sitekey: 'nobody', callback, 'error-callback': (code: string) => errors.push(code) })
    await userEvent.setup().click(getByRole(host, 'checkbox'))
    await vi.waitFor(() => expect(errors).toEqual(['110100']))
    expect(callback).not.toHaveBeenCalled()
    expect(getByRole<HTMLInputElement>(host, 'checkbox').checked).toBe(false)
    expect(getByRole(host, 'status').textContent).toMatch(/^Verification failed: sitekey: no tenant has/)
  })

  it('expires the token after the 300 s the mock gives it, calling the expired-callback', async () => {
    const proxy = captchaProxy()
    const turnstile = await loadWidget(proxy)
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const host = container()
    host.id = 'captcha-here'
    const expired = vi.fn()
    let widgetId = ''
    // Resolved by the callback itself: no polling, which would move the fake clock.
    const token = await new Promise<string>((resolve) => {
      widgetId = turnstile.render('#captcha-here', {
        sitekey: 'shop-site-key',
        callback: resolve,
        'expired-callback': expired,
      })
      getByRole(host, 'checkbox').click()
    })
    vi.advanceTimersByTime(300_000 - 1)
    expect(expired).not.toHaveBeenCalled()
    expect(turnstile.isExpired(widgetId)).toBe(false)
    vi.advanceTimersByTime(1)
    expect(expired).toHaveBeenCalledWith(token)
    expect(turnstile.isExpired(widgetId)).toBe(true)
    expect(turnstile.getResponse(widgetId)).toBeUndefined()
    expect(getByRole<HTMLInputElement>(host, 'checkbox').checked).toBe(false)
  })

  it('calls the onload function it is loaded with, and renders .cf-turnstile elements unless render=explicit', async () => {
    const proxy = captchaProxy()
    const onload = vi.fn()
    page.onTurnstileLoad = onload
    const host = container()
    host.className = 'cf-turnstile'
    host.dataset['sitekey'] = 'shop-site-key'
    await loadWidget(proxy, '?onload=onTurnstileLoad')
    expect(onload).toHaveBeenCalledOnce()
    expect(getByRole(host, 'checkbox', { name: "I'm not a robot (test captcha)" })).toBeDefined()
  })
})
