// Converting between Node's http objects and the fetch Request/Response the handler speaks. Only types
// come from node:http here, so this file stays importable (and inert) in a browser bundle.
import type { IncomingMessage, ServerResponse } from 'node:http'

/**
 * `base` is the server's own origin, for requests whose Host header is missing. The body is handed on
 * as a stream, not buffered: the handler reads it within the size limit (a Content-Length over it is
 * refused unread, and a chunked body is dropped at the limit), so that a 20 MB upload never sits in
 * memory whole.
 */
export function toRequest(message: IncomingMessage, base: string): Request {
  const url = new URL(message.url ?? '/', message.headers.host ? `http://${message.headers.host}` : base)
  const headers = new Headers()
  for (let index = 0; index + 1 < message.rawHeaders.length; index += 2) {
    headers.append(message.rawHeaders[index] as string, message.rawHeaders[index + 1] as string)
  }
  const method = message.method ?? 'GET'
  if (method === 'GET' || method === 'HEAD') return new Request(url, { method, headers })
  // Node's fetch requires `duplex: 'half'` for a streamed request body; the DOM typings do not know it.
  const init: RequestInit & { duplex: 'half' } = { method, headers, body: bodyStream(message), duplex: 'half' }
  return new Request(url, init)
}

/**
 * The message's bytes as a web stream that reads only when pulled. Nothing listens until the first
 * pull, so a body the handler never reads is left to Node, which discards it after the answer. When
 * the reader cancels (the size limit), the rest is drained unread: destroying the message would close
 * the socket before the error answer is sent.
 */
function bodyStream(message: IncomingMessage): ReadableStream<Uint8Array> {
  let started = false
  let finished = false
  let onData: ((chunk: Buffer | string) => void) | undefined
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (!started) {
        started = true
        onData = (chunk) => {
          controller.enqueue(typeof chunk === 'string' ? new TextEncoder().encode(chunk) : new Uint8Array(chunk))
          // Backpressure: one chunk at a time, as the reader asks for it.
          message.pause()
        }
        message.on('data', onData)
        message.once('end', () => {
          if (!finished) controller.close()
          finished = true
        })
        message.once('error', (error) => {
          if (!finished) controller.error(error)
          finished = true
        })
      }
      message.resume()
    },
    cancel() {
      finished = true
      if (onData !== undefined) message.off('data', onData)
      message.resume()
    },
  })
}

export async function sendResponse(response: Response, target: ServerResponse): Promise<void> {
  target.statusCode = response.status
  response.headers.forEach((value, name) => target.setHeader(name, value))
  target.end(new Uint8Array(await response.arrayBuffer()))
}
