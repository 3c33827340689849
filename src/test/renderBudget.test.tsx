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

/** The parts of a React fiber this test reads (React's own, as React DevTools reads them). */
interface Fiber {
  type: unknown
  flags: number
  child: Fiber | null
  sibling: Fiber | null
  alternate: Fiber | null
  stateNode: unknown
}
// React sets this flag on a fiber whose component function ran in the render being committed.
const PERFORMED_WORK = 0b1

/** The host root of what @testing-library rendered into `container`. */
function rootOf(container: HTMLElement): { current: Fiber } {
  const key = Object.keys(container).find((name) => name.startsWith('__reactContainer$'))
  if (!key) throw new Error('no React root in this container')
  return (container as unknown as Record<string, Fiber>)[key]?.stateNode as { current: Fiber }
}

function nameOf(fiber: Fiber): string | undefined {
  return typeof fiber.type === 'function'
    ? ((fiber.type as { displayName?: string; name: string }).displayName ?? fiber.type.name)
    : undefined
}

/**
 * The components whose function ran in the commit just made, each with the names of the components
 * above it: React DevTools' "why did this render" walk (a subtree React did not clone was not rendered).
 */
function renderedInLastCommit(root: { current: Fiber }): Array<{ name: string; path: string[] }> {
  const rendered: Array<{ name: string; path: string[] }> = []
  const visit = (next: Fiber, previous: Fiber | null, path: string[]) => {
    const name = nameOf(next)
    if (name !== undefined && (previous === null || (next.flags & PERFORMED_WORK) !== 0)) rendered.push({ name, path })
    if (previous !== null && next.child === previous.child) return
    const below = name === undefined ? path : [...path, name]
    for (let child = next.child; child; child = child.sibling) visit(child, child.alternate, below)
  }
  visit(root.current, root.current.alternate, [])
  return rendered
}

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
          dangerouslyOverrideSignerPublicKey={proxy.enclaveSignerPublicKey}
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
    // The modal closes by itself once signed in.
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

  it('typing an email re-renders the email step only, not the flow, the other methods or the dialog', async () => {
    const proxy = createMockAuthProxy({ strictFields: true })
    const commits: Array<Array<{ name: string; path: string[] }>> = []
    let recording = false
    // Assigned once, after onRender (which reads it) is made: not a const.
    // eslint-disable-next-line prefer-const
    let container: HTMLElement | undefined
    const onRender: ProfilerOnRenderCallback = () => {
      // Called in the commit, once React has made the new tree current.
      if (recording && container) commits.push(renderedInLastCommit(rootOf(container)))
    }
    const user = userEvent.setup()
    ;({ container } = render(
      <Profiler id="app" onRender={onRender}>
        <QueryClientProvider client={new QueryClient()}>
          <AuthProxyProvider
            proxyUrl={PROXY_URL}
            configId={DEMO_CONFIG_ID}
            fetch={proxy.fetch}
            dangerouslyOverrideSignerPublicKey={proxy.enclaveSignerPublicKey}
            keyStore={memoryKeyStore()}
            storage={memoryStorage()}
            flowStorage={memoryStorage()}
          >
            <LoginButton />
          </AuthProxyProvider>
        </QueryClientProvider>
      </Profiler>,
    ))
    await user.click(await screen.findByRole('button', { name: 'Log in' }))
    const dialog = await screen.findByRole('dialog', { name: 'Log in or sign up' })
    const field = await within(dialog).findByRole('textbox', { name: 'Email address' })
    // The social buttons are there too: the demo tenant offers them beside the email form.
    await within(dialog).findByRole('button', { name: 'Continue with Google' })

    recording = true
    await user.type(field, 'ada@example.com')
    recording = false
    expect(field).toHaveValue('ada@example.com')

    const rendered = commits.flat()
    // One render of the step per keystroke (at least: an event may commit twice), nothing else.
    expect(rendered.filter(({ name }) => name === 'EmailStep').length).toBeGreaterThanOrEqual('ada@example.com'.length)
    const outsideTheStep = rendered.filter(({ name, path }) => name !== 'EmailStep' && !path.includes('EmailStep'))
    expect(outsideTheStep.map(({ name }) => name)).toEqual([])
    // Inside the step: the step's own parts, a handful at most (the form's footer, ...).
    const inside = new Set(rendered.filter(({ path }) => path.includes('EmailStep')).map(({ name }) => name))
    expect(inside.size).toBeLessThanOrEqual(3)
  })
})
