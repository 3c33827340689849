// Reading a request's body within the gateway's limit, and as strict UTF-8 text.
import { MockError } from './http'
import { MAX_BODY_BYTES } from './limits'

function tooLarge(got: string): MockError {
  return new MockError(
    8,
    `request body: ${got}, over the limit of ${MAX_BODY_BYTES} bytes (4 MB); send a smaller request`,
  )
}

/**
 * The body's bytes, refused with 8 RESOURCE_EXHAUSTED past `limit` (default MAX_BODY_BYTES, the
 * gateway's) before they are buffered: a Content-Length over it is refused without reading anything,
 * and a body without one (chunked, or a stream) is read with a running count and dropped at the first
 * chunk that passes it. `refusal` words the error for an endpoint with a smaller limit of its own.
 */
export async function readBodyBytes(
  request: Request,
  limit: number = MAX_BODY_BYTES,
  refusal: (got: string) => MockError = tooLarge,
): Promise<Uint8Array<ArrayBuffer>> {
  const declared = request.headers.get('Content-Length')
  if (declared !== null && /^\d+$/.test(declared.trim()) && Number(declared) > limit) {
    throw refusal(`Content-Length is ${declared.trim()} bytes`)
  }
  if (request.body === null) return new Uint8Array(0)
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let total = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    total += value.byteLength
    if (total > limit) {
      // Stop the sender: the rest is never read (a Node request stream is then drained, not kept).
      await reader.cancel().catch(() => undefined)
      throw refusal(`more than ${limit} bytes received`)
    }
    chunks.push(value)
  }
  const bytes = new Uint8Array(total)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.byteLength
  }
  return bytes
}

/** UTF-8 text, strictly: invalid bytes are 3 INVALID_ARGUMENT rather than silently replaced with U+FFFD. */
export function decodeUtf8(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    throw new MockError(3, 'request body: not valid UTF-8 text; send JSON encoded as UTF-8')
  }
}
