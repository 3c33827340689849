import { fireEvent, render, screen } from '@testing-library/react'
import { useRef, useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useMountFocus } from '../flow/useMountFocus'
import { Dialog } from './Dialog'

/** A step as the flow's: focuses its field when it mounts, and notes what the page looked like then. */
function Step({ seen }: { seen: string[] }) {
  const ref = useRef<HTMLInputElement>(null)
  useMountFocus(ref)
  return (
    <label>
      Email address
      <input
        ref={ref}
        onFocus={() => {
          const page = document.getElementById('page')
          seen.push(
            `page inert: ${page?.hasAttribute('inert')}, scroll locked: ${document.documentElement.classList.contains('apk-scroll-locked')}`,
          )
        }}
      />
    </label>
  )
}

/** Every element that received focus, in order. */
function recordFocus(): string[] {
  const moves: string[] = []
  const onFocusIn = (event: FocusEvent) => {
    const target = event.target as HTMLElement
    moves.push(target.getAttribute('role') ?? target.tagName.toLowerCase())
  }
  document.addEventListener('focusin', onFocusIn)
  cleanups.push(() => document.removeEventListener('focusin', onFocusIn))
  return moves
}

const cleanups: Array<() => void> = []
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup()
})

function renderPage() {
  const page = document.createElement('div')
  page.id = 'page'
  const trigger = document.createElement('button')
  trigger.textContent = 'Log in'
  page.append(trigger)
  document.body.append(page)
  cleanups.push(() => page.remove())
  trigger.focus()
  return { page, trigger }
}

describe('Dialog', () => {
  it('given a step that focuses its field, focus moves once, straight to it, after the page is inert; back to the trigger on close', () => {
    const { page, trigger } = renderPage()
    const moves = recordFocus()
    const seen: string[] = []
    const { unmount } = render(
      <Dialog labelledBy="title" onClose={() => undefined} theme="light">
        <h2 id="title">Log in</h2>
        <Step seen={seen} />
      </Dialog>,
    )
    expect(screen.getByRole('textbox', { name: 'Email address' })).toHaveFocus()
    // One move: the dialog itself never took focus first (each move forces a style and layout pass).
    expect(moves).toEqual(['input'])
    // The page's styles were final when the field took focus: nothing invalidated them after.
    expect(seen).toEqual(['page inert: true, scroll locked: true'])

    unmount()
    expect(trigger).toHaveFocus()
    expect(page).not.toHaveAttribute('inert')
    expect(document.documentElement).not.toHaveClass('apk-scroll-locked')
  })

  it('given content that takes no focus, focuses the dialog itself', () => {
    const { trigger } = renderPage()
    const moves = recordFocus()
    const { unmount } = render(
      <Dialog labelledBy="title" onClose={() => undefined} theme="light">
        <h2 id="title">Signed in</h2>
      </Dialog>,
    )
    expect(screen.getByRole('dialog', { name: 'Signed in' })).toHaveFocus()
    expect(moves).toEqual(['dialog'])
    unmount()
    expect(trigger).toHaveFocus()
  })

  it('given a phone (the bottom sheet), focuses no field on open, only once the person has used the dialog', () => {
    // jsdom has no matchMedia: a phone's, where the sheet's width query matches.
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query === '(max-width: 480px)', media: query }))
    cleanups.push(() => vi.unstubAllGlobals())
    renderPage()
    function TwoSteps() {
      const [next, setNext] = useState(false)
      return (
        <>
          <h2 id="title">Log in</h2>
          {next ? <Step key="next" seen={[]} /> : <Step key="first" seen={[]} />}
          <button type="button" onClick={() => setNext(true)}>
            Continue
          </button>
        </>
      )
    }
    render(
      <Dialog labelledBy="title" onClose={() => undefined} theme="light">
        <TwoSteps />
      </Dialog>,
    )
    // The keyboard a focused field opens would cover the sheet's buttons.
    expect(screen.getByRole('dialog', { name: 'Log in' })).toHaveFocus()
    const continueButton = screen.getByRole('button', { name: 'Continue' })
    fireEvent.pointerDown(continueButton)
    fireEvent.click(continueButton)
    // The next step, after the person acted, focuses its field as on a desktop.
    expect(screen.getByRole('textbox', { name: 'Email address' })).toHaveFocus()
  })

  it('leaves what the app marks data-apk-outside-modal usable: not inert or hidden, and its buttons keep focus', () => {
    const { page } = renderPage()
    const toaster = document.createElement('div')
    toaster.setAttribute('data-apk-outside-modal', '')
    const copy = document.createElement('button')
    copy.textContent = 'Copy'
    toaster.append(copy)
    document.body.append(toaster)
    cleanups.push(() => toaster.remove())
    render(
      <Dialog labelledBy="title" onClose={() => undefined} theme="light">
        <h2 id="title">Log in</h2>
      </Dialog>,
    )
    expect(page).toHaveAttribute('inert')
    expect(toaster).not.toHaveAttribute('inert')
    expect(toaster).not.toHaveAttribute('aria-hidden')
    copy.focus()
    expect(copy).toHaveFocus()
    // The page behind still cannot keep it (a browser without inert, a screen reader).
    const behind = page.querySelector('button')
    behind?.focus()
    expect(screen.getByRole('dialog', { name: 'Log in' })).toHaveFocus()
  })
})
