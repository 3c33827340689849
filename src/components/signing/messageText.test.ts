import { describe, expect, it } from 'vitest'
import { messageText } from './messageText'

describe('messageText', () => {
  it('gives a string as it is, line breaks and all', () => {
    expect(messageText('Sign in\n\tNonce: 1')).toEqual({ text: 'Sign in\n\tNonce: 1', hex: false })
  })

  it('decodes bytes that are UTF-8 text', () => {
    expect(messageText(new Uint8Array([0x47, 0x72, 0xc3, 0xbc, 0xc3, 0x9f, 0x65]))).toEqual({
      text: 'Grüße',
      hex: false,
    })
  })

  it('shows bytes that are not UTF-8 as hex, every byte, rather than replacement characters', () => {
    expect(messageText(new Uint8Array([0xde, 0xad, 0xbe, 0xef]))).toEqual({ text: '0xdeadbeef', hex: true })
    // A truncated sequence: "é" cut after its first byte.
    expect(messageText(new Uint8Array([0x61, 0xc3]))).toEqual({ text: '0x61c3', hex: true })
  })

  it('shows valid UTF-8 with invisible control characters (a hash, a key) as hex too', () => {
    expect(messageText(new Uint8Array([0x00, 0x01, 0x41]))).toEqual({ text: '0x000141', hex: true })
  })
})
