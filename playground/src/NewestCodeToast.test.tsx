import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { OutboxMessage } from 'auth-proxy-kit/mock'
import { describe, expect, it, vi } from 'vitest'
import type { MockAuthProxy } from '../../src/mock'
import { loadMockProxy } from '../../stories/support/loadMockProxy'
import { MockProviders, type StoryStores } from '../../stories/support/MockProviders'
import { loadSignedIn } from '../../stories/support/signedIn'
import { Dialog } from '../../src/components/dialog/Dialog'
import { NewestCodeToast } from './NewestCodeToast'
import { createPageCodes } from './pageCodes'

function message(otpId: string, code: string, more: Partial<OutboxMessage> = {}): OutboxMessage {
  return {
    otpId,
    otpType: 'OTP_TYPE_EMAIL',
    contact: 'ada@example.com',
    code,
    createdAt: '2030-01-01T10:00:00.000Z',
    expiresAt: '2030-01-01T10:05:00.000Z',
    appName: 'Lumen',
    ...more,
  }
}

// A code another tab (or test) asked for, on the same mock.
const ELSEWHERE = message('otp-0', 'OTHER0')
const FIRST = message('otp-1', 'ABC123')
const TEXTED = message('otp-2', '987654', { otpType: 'OTP_TYPE_SMS', contact: '+447700900123' })

async function renderToast(stores?: StoryStores, proxy?: MockAuthProxy) {
  const mock = proxy ?? ((await loadMockProxy()) as { proxy: MockAuthProxy }).proxy
  const codes = createPageCodes()
  const view = (outbox: OutboxMessage[] | undefined, hidden?: boolean) => (
    <MockProviders proxy={mock} stores={stores}>
      <input aria-label="Verification code" />
      <NewestCodeToast outbox={outbox} codes={codes} hidden={hidden} />
    </MockProviders>
  )
  const rendered = render(view([ELSEWHERE]))
  // What recordOtpIds tells of the kit's otp_init answers.
  const ask = (...ids: string[]) => act(() => ids.forEach((id) => codes.asked(id)))
  return {
    codes,
    ask,
    show: (outbox: OutboxMessage[], hidden?: boolean) => rendered.rerender(view(outbox, hidden)),
  }
}

const toast = () => screen.queryByRole('complementary', { name: 'Newest code' })

describe('the newest-code toast of the playground', () => {
  it('shows the code this page asked for (channel, contact, code), not one asked for elsewhere, and announces it', async () => {
    const { show, ask } = await renderToast()
    expect(toast()).toBeNull()
    expect(screen.getByRole('status')).toBeEmptyDOMElement()

    ask(FIRST.otpId)
    expect(toast()).toBeNull()
    show([ELSEWHERE, FIRST])
    const shown = await screen.findByRole('complementary', { name: 'Newest code' })
    expect(within(shown).getByText('Email')).toBeVisible()
    expect(within(shown).getByText('ada@example.com')).toBeVisible()
    expect(within(shown).getByText('ABC123')).toBeVisible()
    expect(screen.getByRole('status')).toHaveTextContent('New email code for ada@example.com: A B C 1 2 3')

    // A newer code replaces it; another tab's newer one does not.
    show([message('otp-9', 'OTHER9'), ELSEWHERE, FIRST])
    expect(within(shown).getByText('ABC123')).toBeVisible()
    ask(TEXTED.otpId)
    show([TEXTED, ELSEWHERE, FIRST])
    expect(within(shown).getByText('SMS')).toBeVisible()
    expect(within(shown).getByText('+447700900123')).toBeVisible()
    expect(within(shown).getByText('987654')).toBeVisible()
    expect(within(shown).queryByText('ABC123')).toBeNull()
  })

  it('copies the code without taking focus, says Copied, and starts over for a newer code', async () => {
    const user = userEvent.setup()
    const { show, ask } = await renderToast()
    const field = screen.getByRole('textbox', { name: 'Verification code' })
    field.focus()
    ask(FIRST.otpId, TEXTED.otpId)
    show([FIRST, ELSEWHERE])
    const shown = await screen.findByRole('complementary', { name: 'Newest code' })

    await user.click(within(shown).getByRole('button', { name: 'Copy' }))
    expect(await navigator.clipboard.readText()).toBe('ABC123')
    expect(within(shown).getByRole('button', { name: 'Copied' })).toBeVisible()
    expect(screen.getByRole('status')).toHaveTextContent('Copied')
    expect(field).toHaveFocus()

    show([TEXTED, FIRST, ELSEWHERE])
    expect(within(shown).getByText('987654')).toBeVisible()
    expect(within(shown).getByRole('button', { name: 'Copy' })).toBeVisible()
  })

  it('says so when the browser refuses the clipboard', async () => {
    const user = userEvent.setup()
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('denied', 'NotAllowedError'))
    const { show, ask } = await renderToast()
    ask(FIRST.otpId)
    show([FIRST, ELSEWHERE])
    const shown = await screen.findByRole('complementary', { name: 'Newest code' })
    await user.click(within(shown).getByRole('button', { name: 'Copy' }))
    expect(await within(shown).findByText('Could not copy')).toBeVisible()
    expect(within(shown).getByRole('button', { name: 'Copy' })).toBeVisible()
  })

  it('stays until closed, and the code it showed does not come back', async () => {
    const user = userEvent.setup()
    const { show, ask, codes } = await renderToast()
    ask(FIRST.otpId)
    show([FIRST, ELSEWHERE])
    const shown = await screen.findByRole('complementary', { name: 'Newest code' })
    await user.click(within(shown).getByRole('button', { name: 'Dismiss code' }))
    expect(toast()).toBeNull()
    expect(codes.getSnapshot().dismissed.has(FIRST.otpId)).toBe(true)
    show([FIRST, ELSEWHERE])
    expect(toast()).toBeNull()
    ask(TEXTED.otpId)
    show([TEXTED, FIRST, ELSEWHERE])
    expect(await screen.findByRole('complementary', { name: 'Newest code' })).toHaveTextContent('987654')
  })

  it('hides while the sign-in it is for is off screen, and shows the same code again after', async () => {
    const { show, ask, codes } = await renderToast()
    ask(FIRST.otpId)
    show([FIRST, ELSEWHERE])
    expect(await screen.findByRole('complementary', { name: 'Newest code' })).toHaveTextContent('ABC123')
    show([FIRST, ELSEWHERE], true)
    expect(toast()).toBeNull()
    expect(screen.getByRole('status')).toBeEmptyDOMElement()
    // Kept, not dismissed.
    expect(codes.getSnapshot().dismissed.has(FIRST.otpId)).toBe(false)
    show([FIRST, ELSEWHERE], false)
    expect(await screen.findByRole('complementary', { name: 'Newest code' })).toHaveTextContent('ABC123')
  })

  it("stays usable when the kit's modal makes the rest of the page inert", async () => {
    const { show, ask } = await renderToast()
    ask(FIRST.otpId)
    show([FIRST, ELSEWHERE])
    const layer = (await screen.findByRole('complementary', { name: 'Newest code' })).parentElement
    expect(layer?.parentElement).toBe(document.body)
    const page = document.createElement('main')
    document.body.append(page)
    const dialog = render(
      <Dialog labelledBy="title" onClose={() => undefined} theme="light">
        <h2 id="title">Log in</h2>
      </Dialog>,
    )
    expect(page).toHaveAttribute('inert')
    expect(layer).not.toHaveAttribute('inert')
    expect(layer).not.toHaveAttribute('aria-hidden')
    expect(screen.getByRole('complementary', { name: 'Newest code' })).toBeVisible()
    dialog.unmount()
    page.remove()
  })

  it('hides once someone is signed in: the code did its job', async () => {
    const loaded = await loadSignedIn({ email: 'ada@example.com' })()
    const { show, ask, codes } = await renderToast(loaded.stores as StoryStores, loaded.proxy as MockAuthProxy)
    ask(FIRST.otpId)
    show([FIRST, ELSEWHERE])
    await waitFor(() => expect(codes.getSnapshot().dismissed.has(FIRST.otpId)).toBe(true))
    expect(toast()).toBeNull()
  })
})
