import { describe, expect, it } from 'vitest'
import { base64urlDecode, fromUtf8 } from '../encoding'
import { stampChallenge } from './stampChallenge'

// Digests computed independently (Python hashlib) for these exact texts.
const BODY =
  '{"type":"ACTIVITY_TYPE_STAMP_LOGIN","timestampMs":"1906632000000","organizationId":"org-1","parameters":{"publicKey":"02abababababababababababababababababababababababababababababababab"}}'

describe('stampChallenge', () => {
  it('is hex(sha256(body)) and the base64url of that hex text (known answer)', async () => {
    expect(await stampChallenge(BODY)).toEqual({
      hex: '55d120036eea97d69fa13602b504bafe1dce8c50dd74c621b677baf79dcbdec6',
      challenge: 'NTVkMTIwMDM2ZWVhOTdkNjlmYTEzNjAyYjUwNGJhZmUxZGNlOGM1MGRkNzRjNjIxYjY3N2JhZjc5ZGNiZGVjNg',
    })
  })

  it('hashes the empty body to the SHA-256 of nothing', async () => {
    expect(await stampChallenge('')).toEqual({
      hex: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
      challenge: 'ZTNiMGM0NDI5OGZjMWMxNDlhZmJmNGM4OTk2ZmI5MjQyN2FlNDFlNDY0OWI5MzRjYTQ5NTk5MWI3ODUyYjg1NQ',
    })
  })

  it('hashes the UTF-8 bytes of the text, not its UTF-16 code units', async () => {
    expect((await stampChallenge('{"name":"Zoë 🔑"}')).hex).toBe(
      '3a8bff7ef03dbbc158276eeba92cda805a3fac005eede6e87b592ab58c09f348',
    )
  })

  it('challenge decodes to the UTF-8 of the hex (what clientDataJSON carries)', async () => {
    const { hex, challenge } = await stampChallenge(BODY)
    expect(fromUtf8(base64urlDecode(challenge))).toBe(hex)
    expect(challenge).not.toMatch(/[=+/]/)
  })

  it('refuses a body that is not text', async () => {
    await expect(stampChallenge({} as unknown as string)).rejects.toThrow(
      /stampChallenge\(body\): expected the request body text/,
    )
  })
})
