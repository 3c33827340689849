// Render budget (DESIGN.md, "Standing budgets": a session change re-renders only the components that
// read the session). React's <Profiler> counts the commits of three probes across a whole sign-up
// through the modal, against the real mock:
// - a component that reads nothing, and one that reads only the kit (the provider's context): neither
//   may render again after mounting. A provider that rebuilt its context value, or re-rendered its
//   children with the session, or remounted them, would show here;
// - a component that reads only the session (useSession): one commit per session snapshot it shows, and
//   each one different from the one before. A hook that also listened to anything else (the config,
//   the email flow, a timer), or a store that announced equal snapshots, would add a commit showing the
//   same session, and fail.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Profiler, type ProfilerOnRenderCallback } from 'react'
import { describe, expect, it } from 'vitest'
import { LoginButton } from '../components'
import type { SessionSnapshot } from '../core'
import { memoryKeyStore } from '../core/keys/memoryKeyStore'
import { memoryStorage } from '../core/session/memoryStorage'
import { createMockAuthProxy } from '../mock/handler'
import { DEMO_CONFIG_ID } from '../mock/tenants'
import { AuthProxyProvider, useKit, useSession } from '../react'

const PROXY_URL = 'https://proxy.test'

type Phase = Parameters<ProfilerOnRenderCallback>[1]

function recorder() {
  const phases: Phase[] = []
  const onRender: ProfilerOnRenderCallback = (_id, phase) => {
    phases.push(phase)
  }
  return { phases, onRender }
}

/** What a session snapshot shows, to compare renders by content rather than by object identity. */
function shown(snapshot: SessionSnapshot): string {
  return JSON.stringify([snapshot.status, snapshot.session?.token ?? null, snapshot.expiresSoon])
}

describe('render budget: a session change re-renders only what reads the session', () => {
  it('across a sign-up through the modal, the session reader renders once per snapshot, the others never again', async () => {
    const proxy = createMockAuthProxy({ strictFields: true })
    const sessionCommits = recorder()
    const nothingCommits = recorder()
    const kitCommits = recorder()
    const seen: SessionSnapshot[] = []

    function SessionReader() {
      const snapshot = useSession()
      seen.push(snapshot)
      return <p>{`session: ${snapshot.status}`}</p>
    }
    function ReadsNothing() {
      return <p>static content</p>
    }
    function ReadsKit() {
      const kit = useKit()
      return <p>{`kit for ${kit.client.configId}`}</p>
    }

    const user = userEvent.setup()
    render(
      <QueryClientProvider client={new QueryClient()}>
        <AuthProxyProvider
          proxyUrl={PROXY_URL}
          configId={DEMO_CONFIG_ID}
          fetch={proxy.fetch}
          keyStore={memoryKeyStore()}
          storage={memoryStorage()}
          flowStorage={memoryStorage()}
        >
          <Profiler id="session" onRender={sessionCommits.onRender}>
            <SessionReader />
          </Profiler>
          <Profiler id="nothing" onRender={nothingCommits.onRender}>
            <ReadsNothing />
          </Profiler>
          <Profiler id="kit" onRender={kitCommits.onRender}>
            <ReadsKit />
          </Profiler>
          <LoginButton />
        </AuthProxyProvider>
      </QueryClientProvider>,
    )

    await screen.findByText('session: signedOut')
    await user.click(await screen.findByRole('button', { name: 'Log in' }))
    const dialog = await screen.findByRole('dialog', { name: 'Log in or sign up' })
    await user.type(await within(dialog).findByRole('textbox', { name: 'Email address' }), 'ada@example.com')
    await user.click(within(dialog).getByRole('button', { name: 'Continue with email' }))
    const codeField = await within(dialog).findByRole('textbox', { name: 'Verification code' })
    await user.type(codeField, proxy.outbox('ada@example.com')[0]?.code ?? '')
    await within(dialog).findByRole('heading', { name: "You're signed in" })
    await user.click(within(dialog).getByRole('button', { name: 'Done' }))
    await screen.findByRole('button', { name: 'Account' })
    expect(screen.getByText('session: signedIn')).toBeInTheDocument()

    // Mounted once, never rendered again: the config arriving, every step of the modal, the session.
    expect(nothingCommits.phases).toEqual(['mount'])
    expect(kitCommits.phases).toEqual(['mount'])

    // Every render of the session reader was committed, and showed a session different from the last.
    expect(sessionCommits.phases).toEqual(['mount', ...seen.slice(1).map(() => 'update')])
    const changes = seen.map(shown).filter((current, index, all) => index === 0 || current !== all[index - 1])
    expect(changes).toHaveLength(seen.length)
    // The transitions themselves: the stored session checked (none), then the one the flow stored.
    expect(seen.map((snapshot) => snapshot.status)).toEqual(['loading', 'signedOut', 'signedIn'])
  })
})
