// Converting between Node's http objects and the fetch Request/Response the handler speaks. Only types
// come from node:http here, so this file stays importable (and inert) in a browser bundle.
import type { IncomingMessage, ServerResponse } from 'node:http'

/** `base` is the server's own origin, for requests whose Host header is missing. */
export async function toRequest(message: IncomingMessage, base: string): Promise<Request> {
  const url = new URL(message.url ?? '/', message.headers.host ? `http://${message.headers.host}` : base)
  const headers = new Headers()
  for (let index = 0; index + 1 < message.rawHeaders.length; index += 2) {
    headers.append(message.rawHeaders[index] as string, message.rawHeaders[index + 1] as string)
  }
  const method = message.method ?? 'GET'
  const init: RequestInit = { method, headers }
  if (method !== 'GET' && method !== 'HEAD') {
    const chunks: Uint8Array[] = []
    for await (const chunk of message) chunks.push(typeof chunk === 'string' ? new TextEncoder().encode(chunk) : chunk)
    init.body = concat(chunks)
  }
  return new Request(url, init)
}

export async function sendResponse(response: Response, target: ServerResponse): Promise<void> {
  target.statusCode = response.status
  response.headers.forEach((value, name) => target.setHeader(name, value))
  target.end(new Uint8Array(await response.arrayBuffer()))
}

function concat(chunks: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const result = new Uint8Array(chunks.reduce((total, chunk) => total + chunk.length, 0))
  let offset = 0
  for (const chunk of chunks) {
    result.set(chunk, offset)
    offset += chunk.length
  }
  return result
}
