import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ContactText } from './ContactText'

/** What each inline block of the drawn contact holds. */
function parts(contact: string): (string | null)[] {
  return Array.from(screen.getByTitle(contact).children, (part) => part.textContent)
}

describe('ContactText', () => {
  it('draws an address as its local part and its @domain, the whole address as its title and text', () => {
    render(<p>We sent a code to {<ContactText contact="ada.lovelace@example.co.uk" />}</p>)
    expect(parts('ada.lovelace@example.co.uk')).toEqual(['ada.lovelace', '@example.co.uk'])
    expect(screen.getByTitle('ada.lovelace@example.co.uk')).toHaveTextContent(/^ada\.lovelace@example\.co\.uk$/)
  })

  it('splits at the last @ (a quoted local part may hold one), and draws a number or a name as one block', () => {
    render(
      <>
        <ContactText contact={'"a@b"@example.com'} />
        <ContactText contact="+44 7700 900123" />
        <ContactText contact="Ada Lovelace" />
      </>,
    )
    expect(parts('"a@b"@example.com')).toEqual(['"a@b"', '@example.com'])
    expect(parts('+44 7700 900123')).toEqual(['+44 7700 900123'])
    expect(parts('Ada Lovelace')).toEqual(['Ada Lovelace'])
  })
})
