'use client'

export interface ContactTextProps {
  /** An email address, a phone number as it is to be shown, or a name. */
  contact: string
}

/**
 * An email address (a phone number, a name) in running text. An address is drawn as its local part and
 * its `@domain`, two inline blocks that each keep to one line, so that a line ends before the @ or not at
 * all ("…@nor" / "thwind-traders.com" was a break inside the domain); a part longer than the line ends in
 * an ellipsis. The whole address is the title (on hover) and the text itself: the ellipsis is only drawn,
 * so a screen reader reads it and a copy takes it whole. Anything without an @ is one such block.
 */
export function ContactText({ contact }: ContactTextProps) {
  const at = contact.lastIndexOf('@')
  const parts = at > 0 ? [contact.slice(0, at), contact.slice(at)] : [contact]
  return (
    <span className="apk-contact" title={contact}>
      {parts.map((part) => (
        <span key={part} className="apk-contact-part">
          {part}
        </span>
      ))}
    </span>
  )
}
