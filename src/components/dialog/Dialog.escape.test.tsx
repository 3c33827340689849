import { fireEvent, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { Dialog } from './Dialog'

/**
 * What a host's modal library does with Escape (Radix's DismissableLayer): a keydown listener on the
 * document in the capture phase, which dismisses unless the event was already handled.
 */
function hostModalListening(): { dismissed: () => number; stop: () => void } {
  let dismissed = 0
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || event.defaultPrevented) return
    event.preventDefault()
    dismissed += 1
  }
  document.addEventListener('keydown', onKeyDown, { capture: true })
  return {
    dismissed: () => dismissed,
    stop: () => document.removeEventListener('keydown', onKeyDown, { capture: true }),
  }
}

function Stacked({ onCloseOuter, onCloseInner }: { onCloseOuter: () => void; onCloseInner: () => void }) {
  const [inner, setInner] = useState(false)
  return (
    <Dialog labelledBy="outer-title" theme="light" onClose={onCloseOuter}>
      <h2 id="outer-title">Outer</h2>
      <button type="button" onClick={() => setInner(true)}>
        Open another
      </button>
      {inner && (
        <Dialog
          labelledBy="inner-title"
          theme="light"
          onClose={() => {
            onCloseInner()
            setInner(false)
          }}
        >
          <h2 id="inner-title">Inner</h2>
          <button type="button">In the inner dialog</button>
        </Dialog>
      )}
    </Dialog>
  )
}

describe('Dialog and Escape', () => {
  it("closes the kit's dialog only: a host modal listening on the document (capture) does not hear it", () => {
    const host = hostModalListening()
    const onClose = vi.fn()
    render(
      <Dialog labelledBy="title" theme="light" onClose={onClose}>
        <h2 id="title">Log in</h2>
        <input aria-label="Email address" />
      </Dialog>,
    )
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Email address' }), { key: 'Escape' })
    expect(onClose).toHaveBeenCalledTimes(1)
    expect(host.dismissed()).toBe(0)
    host.stop()
  })

  it('with two of its dialogs open, Escape closes the top-most one, then the other', () => {
    const onCloseOuter = vi.fn()
    const onCloseInner = vi.fn()
    render(<Stacked onCloseOuter={onCloseOuter} onCloseInner={onCloseInner} />)
    fireEvent.click(screen.getByRole('button', { name: 'Open another' }))
    fireEvent.keyDown(screen.getByRole('button', { name: 'In the inner dialog' }), { key: 'Escape' })
    expect(onCloseInner).toHaveBeenCalledTimes(1)
    expect(onCloseOuter).not.toHaveBeenCalled()
    fireEvent.keyDown(document.body, { key: 'Escape' })
    expect(onCloseOuter).toHaveBeenCalledTimes(1)
  })

  it('leaves alone an Escape that the page handled before it (a window listener in the capture phase)', () => {
    const onClose = vi.fn()
    const handled = (event: KeyboardEvent) => event.preventDefault()
    window.addEventListener('keydown', handled, { capture: true })
    render(
      <Dialog labelledBy="title" theme="light" onClose={onClose}>
        <h2 id="title">Log in</h2>
        <input aria-label="Search" />
      </Dialog>,
    )
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Search' }), { key: 'Escape' })
    window.removeEventListener('keydown', handled, { capture: true })
    expect(onClose).not.toHaveBeenCalled()
  })
})
