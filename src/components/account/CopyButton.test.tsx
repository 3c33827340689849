import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { expectNoAxeViolations } from '../../react/test/expectNoAxeViolations'
import { CopyButton } from './CopyButton'

const ADDRESS = '0x9858EfFD232B4033E47d90003D41EC34EcaEda94'

afterEach(() => {
  vi.useRealTimers()
})

describe('CopyButton', () => {
  it('given an address, puts it on the clipboard, says "Copied" politely, and goes back after two seconds', async () => {
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) })
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const { container } = render(
      <p>
        <span id="address">{ADDRESS}</span>
        <CopyButton text={ADDRESS} label="Copy Ethereum address" describedBy="address" />
      </p>,
    )
    const button = screen.getByRole('button', { name: 'Copy Ethereum address' })
    expect(button).toHaveAccessibleDescription(ADDRESS)
    expect(screen.getByRole('status')).toBeEmptyDOMElement()

    await user.click(button)
    expect(await navigator.clipboard.readText()).toBe(ADDRESS)
    expect(screen.getByRole('button', { name: 'Copied' })).toBe(button)
    expect(screen.getByRole('status')).toHaveTextContent('Copied')
    await expectNoAxeViolations(container)

    act(() => {
      vi.advanceTimersByTime(2100)
    })
    expect(screen.getByRole('button', { name: 'Copy Ethereum address' })).toBe(button)
    expect(screen.getByRole('status')).toBeEmptyDOMElement()
  })

  it('after the browser refuses the clipboard, says so beside the button', async () => {
    const user = userEvent.setup()
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(
      new DOMException('Document is not focused.', 'NotAllowedError'),
    )
    render(<CopyButton text={ADDRESS} label="Copy Ethereum address" />)
    await user.click(screen.getByRole('button', { name: 'Copy Ethereum address' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not copy. Select the address and copy it.')
    expect(screen.getByRole('button', { name: 'Copy Ethereum address' })).toBeInTheDocument()
  })
})
