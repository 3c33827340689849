// The code steps after a fault: a code request whose answer was lost, a rate limit on trying codes,
// and a failure after the code was accepted (Verify again resumes, the code is not spent twice).
import { screen, within } from '@testing-library/react'
import type { UserEvent } from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { createMockAuthProxy } from '../../mock'
import { expectNoAxeViolations } from '../../react/test/expectNoAxeViolations'
import { latestCode, renderWithProxy } from '../../react/test/renderWithProxy'
import { wholeText } from '../../react/test/wholeText'
import { LoginButton } from './LoginButton'
import { expectSignedIn } from '../../react/test/expectSignedIn'

const EMAIL = 'ada@example.com'

/** The mock behind a connection that fails the next requests to `endpoint` as scripted, then answers. */
function faultyProxy(endpoint: string, faults: Array<'lost-before' | 'lost-after' | Response>) {
  const clock = { now: Date.parse('2030-01-01T10:00:00Z') }
  const now = () => clock.now
  const proxy = createMockAuthProxy({ strictFields: true, now })
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request = new Request(input, init)
    if (request.url.endsWith(`/v1/${endpoint}`)) {
      const fault = faults.shift()
      if (fault === 'lost-before') throw new TypeError('network down')
      if (fault === 'lost-after') {
        await proxy.handle(request)
        throw new TypeError('connection reset')
      }
      if (fault !== undefined) return fault
    }
    return proxy.handle(request)
  }
  return { clock, proxy, options: { proxy, fetch, now } }
}

async function openEmailStep(user: UserEvent, name = 'Log in', dialogName = 'Log in or sign up'): Promise<HTMLElement> {
  await user.click(await screen.findByRole('button', { name }))
  const dialog = await screen.findByRole('dialog', { name: dialogName })
  await within(dialog).findByRole('textbox')
  return dialog
}

describe('LoginModal, a code request whose answer was lost', () => {
  it('says a code may already be on its way, counts the wait down with Continue held back, then sends with the same key', async () => {
    const { clock, proxy, options } = faultyProxy('otp_init_v2', ['lost-after'])
    const { user, kit } = renderWithProxy(<LoginButton />, options)
    const dialog = await openEmailStep(user)
    await user.type(within(dialog).getByRole('textbox', { name: 'Email address' }), EMAIL)
    await user.click(within(dialog).getByRole('button', { name: 'Continue with email' }))

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('A code may already be on its way.')
    expect(within(dialog).getByText('You can ask again in 0:30.')).toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: 'Continue with email' })).toBeDisabled()
    // The code did go out; its key is kept for the next request.
    expect(proxy.outbox(EMAIL)).toHaveLength(1)
    const kept = await kit.keyStore.list()
    expect(kept).toHaveLength(1)
    await expectNoAxeViolations(dialog)

    clock.now += 30_000
    expect(await within(dialog).findByText('You can ask again now.')).toBeInTheDocument()
    const send = within(dialog).getByRole('button', { name: 'Continue with email' })
    expect(send).toBeEnabled()
    await user.click(send)
    expect(await within(dialog).findByText(wholeText(`We sent a code to ${EMAIL}`))).toBeInTheDocument()
    expect(await kit.keyStore.list()).toEqual(kept)
  })

  it('says so in French too', async () => {
    const { options } = faultyProxy('otp_init_v2', ['lost-before'])
    const { user } = renderWithProxy(<LoginButton locale="fr" />, options)
    const dialog = await openEmailStep(user, 'Se connecter', 'Connexion ou inscription')
    await user.type(within(dialog).getByRole('textbox', { name: 'Adresse e-mail' }), EMAIL)
    await user.click(within(dialog).getByRole('button', { name: 'Continuer avec l’e-mail' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Un code est peut-être déjà en route.')
    expect(within(dialog).getByText('Vous pourrez redemander dans 0:30.')).toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: 'Continuer avec l’e-mail' })).toBeDisabled()
  })
})

describe('LoginModal, a rate limit on trying codes', () => {
  it('counts down to when the code may be tried again, with Verify held back until then', async () => {
    const limited = new Response(JSON.stringify({ code: 8, message: 'slow down', details: [] }), {
      status: 429,
      headers: { 'Content-Type': 'application/json', 'Retry-After': '20' },
    })
    const { clock, proxy, options } = faultyProxy('otp_verify_v2', [limited])
    const { user } = renderWithProxy(<LoginButton />, options)
    const dialog = await openEmailStep(user)
    await user.type(within(dialog).getByRole('textbox', { name: 'Email address' }), EMAIL)
    await user.click(within(dialog).getByRole('button', { name: 'Continue with email' }))
    const code = await within(dialog).findByRole('textbox', { name: 'Verification code' })
    await user.type(code, latestCode(proxy, EMAIL))

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Too many attempts. Please wait before trying again.',
    )
    expect(within(dialog).getByText('You can try again in 0:20.')).toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: 'Verify' })).toBeDisabled()

    clock.now += 20_000
    expect(await within(dialog).findByText('You can try again now.')).toBeInTheDocument()
    const verify = within(dialog).getByRole('button', { name: 'Verify' })
    expect(verify).toBeEnabled()
    await user.click(verify)
    await expectSignedIn()
  })
})

describe('LoginModal, a failure after the code was accepted', () => {
  it('given the sign-up answer lost, Verify again signs in to the account it made, without a second one', async () => {
    const { proxy, options } = faultyProxy('signup_v2', ['lost-after'])
    const { user, requests } = renderWithProxy(<LoginButton />, options)
    const dialog = await openEmailStep(user)
    await user.type(within(dialog).getByRole('textbox', { name: 'Email address' }), EMAIL)
    await user.click(within(dialog).getByRole('button', { name: 'Continue with email' }))
    await user.type(await within(dialog).findByRole('textbox', { name: 'Verification code' }), latestCode(proxy, EMAIL))

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('We could not reach the sign-in service.')
    expect(within(dialog).getByRole('textbox', { name: 'Verification code' })).toHaveAccessibleDescription(
      'Your code was accepted. Select Verify to finish signing in.',
    )
    requests.length = 0
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }))
    await expectSignedIn()
    expect(requests).not.toContain('otp_verify_v2')
    expect(requests).not.toContain('signup_v2')
    expect(Object.values(proxy.state.users)).toHaveLength(1)
  })
})
