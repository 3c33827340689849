import { render } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { formatLabelNodes } from './formatLabelNodes'

describe('formatLabelNodes', () => {
  it('puts each element where its placeholder is, keeping the text around it, and an unknown name as written', () => {
    const { container } = render(
      <p>{formatLabelNodes('{who} sent a code to {email}, {other}.', { email: <b>ada@example.com</b>, who: 'We' })}</p>,
    )
    expect(container.querySelector('p')?.innerHTML).toBe('We sent a code to <b>ada@example.com</b>, {other}.')
  })
})
