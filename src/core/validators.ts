// Checks run before anything reaches the network. Deliberately pragmatic: the proxy (and the mail
// server) is the real judge; these catch typing mistakes without refusing real addresses.

const MAX_EMAIL_LENGTH = 254 // RFC 5321's limit on a forward path, in practice the whole address

/** One @, something before it, a dotted domain after it, no whitespace, at most 254 characters. */
export function isValidEmail(email: unknown): email is string {
  if (typeof email !== 'string' || email.length > MAX_EMAIL_LENGTH) return false
  if (/\s/.test(email)) return false
  const at = email.indexOf('@')
  if (at <= 0 || at !== email.lastIndexOf('@')) return false
  const domain = email.slice(at + 1)
  // A dot inside the domain, with a label on each side: "a@b.c" passes, "a@b", "a@.b", "a@b." do not.
  return /^[^.]+(\.[^.]+)+$/.test(domain)
}

// E.164: a plus, a country code that does not start with 0, at most 15 digits in all. Seven is the
// fewest any numbering plan dials internationally (a few small islands), so shorter is a typo.
const E164_PATTERN = /^\+[1-9]\d{6,14}$/

/** A phone number as the proxy wants it: E.164, `+` and digits only (`+447700900123`). */
export function isE164PhoneNumber(phoneNumber: unknown): phoneNumber is string {
  return typeof phoneNumber === 'string' && E164_PATTERN.test(phoneNumber)
}

/**
 * The number without the spaces, dashes, dots and parentheses people type or paste
 * (`+44 (0)7700-900 123` is not fixed: a national trunk 0 inside is for the person to remove), or
 * undefined for anything else.
 */
export function normalizePhoneNumber(phoneNumber: unknown): string | undefined {
  if (typeof phoneNumber !== 'string') return undefined
  return phoneNumber.replace(/[\s\-.()\u00a0]/g, '')
}
