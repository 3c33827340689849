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
