// Reading the form bodies the provider endpoints take (the consent form, Facebook's token request). A
// form of a few parameters is small: anything larger is refused before it is buffered in full.
import { MockError } from './http'

/** Far beyond any authorize request (each parameter is capped at 2,048 characters). */
export const MAX_FORM_BYTES = 64 * 1024

export async function readForm(request: Request): Promise<URLSearchParams> {
  const contentType = request.headers.get('Content-Type') ?? ''
  if (!/^application\/x-www-form-urlencoded\b/i.test(contentType)) {
    const got = contentType === '' ? 'no Content-Type' : contentType
    throw new MockError(3, `request body: expected a form (application/x-www-form-urlencoded), got ${got}`)
  }
  const declared = Number(request.headers.get('Content-Length') ?? '0')
  if (declared > MAX_FORM_BYTES) throw tooLarge()
  const bytes = await readAtMost(request, MAX_FORM_BYTES)
  return new URLSearchParams(new TextDecoder().decode(bytes))
}

/** Reads the body, stopping (and refusing) as soon as it passes `limit` bytes. */
async function readAtMost(request: Request, limit: number): Promise<Uint8Array> {
  if (request.body === null) return new Uint8Array()
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let length = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    length += value.byteLength
    if (length > limit) {
      await reader.cancel()
      throw tooLarge()
    }
    chunks.push(value)
  }
  const bytes = new Uint8Array(length)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.byteLength
  }
  return bytes
}

function tooLarge(): MockError {
  return new MockError(8, `request body: larger than ${MAX_FORM_BYTES} bytes; a form of OAuth parameters is far smaller`)
}
