import { invalidArgument } from '../assert'

/** An absolute http(s) URL without a fragment (RFC 6749 section 3.1 forbids one on endpoints). */
export function parseHttpUrl(value: unknown, label: string): URL {
  const expected = 'an absolute http(s) URL without a #fragment'
  if (typeof value !== 'string') throw invalidArgument(label, expected, value)
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw invalidArgument(label, expected, value)
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.hash !== '' || value.includes('#')) {
    throw invalidArgument(label, expected, value)
  }
  return url
}
