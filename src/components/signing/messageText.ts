/** A message as the prompt shows it: its text, or the hex of bytes that are not text. */
export interface MessageText {
  text: string
  /** True when `text` is the bytes' hex (0x…), because they are not UTF-8 text. */
  hex: boolean
}

// Control characters other than tab and line breaks: valid UTF-8, but nothing a person can read, and
// invisible in the prompt. Bytes holding them (a hash, a key) are shown as hex, as invalid UTF-8 is.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/

/**
 * What a message says: a string as it is (the kit signs its UTF-8); bytes decoded as UTF-8 when they
 * are text, else as 0x-prefixed hex, so that a person sees every byte they sign and no replacement
 * character standing for several.
 */
export function messageText(message: string | Uint8Array): MessageText {
  if (typeof message === 'string') return { text: message, hex: false }
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(message)
    if (!CONTROL.test(text)) return { text, hex: false }
  } catch {
    // Not UTF-8: shown as hex below.
  }
  let hex = '0x'
  for (const byte of message) hex += byte.toString(16).padStart(2, '0')
  return { text: hex, hex: true }
}
