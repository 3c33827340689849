import { MockConnectionDropped } from './faults/MockConnectionDropped'
import { createMockAuthProxy } from './handler'
import { MOCK_DEV_ENCLAVE_SECRET_KEY } from './devEnclaveKey'
import { hostRefusal, isHostAllowed, isHostName } from './hostCheck'
import { MockError, errorResponse } from './http'
import { sendResponse, toRequest } from './nodeHttp'
import type { MockAuthProxy, MockAuthProxyOptions } from './types'

export interface StartMockAuthProxyOptions extends MockAuthProxyOptions {
  /** Default 0: the system picks a free port (read it from `url`). */
  port?: number | undefined
  /**
   * Default '127.0.0.1': loopback only, so that no other machine reaches the outbox's codes and the webhook
   * secrets. '0.0.0.0' (or '::') listens on every interface.
   */
  host?: string | undefined
  /**
   * Host names the server answers besides localhost, *.localhost and IP addresses, as Vite's
   * `server.allowedHosts`: a name with a leading dot (`.example.test`) allows its subdomains too. Any other
   * Host gets a 403, so that a page on another name that resolves here (DNS rebinding) reads nothing.
   * `true` answers every host (only behind something that checks it).
   */
  allowedHosts?: readonly string[] | true | undefined
}

export interface RunningMockAuthProxy {
  /** Where the proxy listens, e.g. http://127.0.0.1:8787 (the kit's proxyUrl). */
  url: string
  proxy: MockAuthProxy
  close(): Promise<void>
}

/** Serves the mock proxy over HTTP. node:http is imported when called, so the mock entry still loads in
 * a browser. */
export async function startMockAuthProxy(options: StartMockAuthProxyOptions = {}): Promise<RunningMockAuthProxy> {
  const { port = 0, host = '127.0.0.1', allowedHosts = [], ...proxyOptions } = options
  const hosts = allowedHosts === true ? true : checkAllowedHosts(allowedHosts)
  const { createServer } = await import('node:http')
  // The development key unless told another, as the Vite plugin's: a page built against either trusts it.
  const proxy = createMockAuthProxy({ enclaveSecretKey: MOCK_DEV_ENCLAVE_SECRET_KEY, ...proxyOptions })
  await proxy.ready
  let base = `http://${host}`
  const server = createServer((message, response) => {
    const hostHeader = message.headers.host
    if (!isHostAllowed(hostHeader, hosts)) {
      // Before the handler: no route, not even the front page, answers a foreign name.
      response.writeHead(403, { 'Content-Type': 'text/plain; charset=utf-8' }).end(hostRefusal(hostHeader ?? ''))
      return
    }
    Promise.resolve()
      .then(() => proxy.handle(toRequest(message, base)))
      .then(
        (answer) => sendResponse(answer, response),
        (error: unknown) => {
          // A fault plan's drop: close the connection with no answer, as a failing network would.
          if (error instanceof MockConnectionDropped) {
            response.destroy()
            return
          }
          // Otherwise only a broken connection or an unreadable request line gets here; the handler
          // itself answers every error as JSON.
          const answer = errorResponse(
            new MockError(13, `mock proxy: ${error instanceof Error ? error.message : String(error)}`),
          )
          return sendResponse(answer, response)
        },
      )
      .catch(() => response.destroy())
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  const address = server.address()
  const boundPort = typeof address === 'object' && address !== null ? address.port : port
  base = `http://${urlHost(host)}:${boundPort}`
  return {
    url: base,
    proxy,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()))
        // Keep-alive connections would hold close() open until they time out.
        server.closeAllConnections()
      }),
  }
}

/** A wildcard address is not somewhere to send requests to; IPv6 literals need brackets in a URL. */
function urlHost(host: string): string {
  if (host === '0.0.0.0' || host === '::') return 'localhost'
  return host.includes(':') ? `[${host}]` : host
}

/** A name as it stands in a Host header, without a port: a typo would otherwise refuse every request. */
function checkAllowedHosts(names: readonly string[]): readonly string[] {
  if (!Array.isArray(names))
    throw new TypeError(`allowedHosts: expected a list of host names or true, got ${String(names)}`)
  for (const name of names) {
    if (typeof name !== 'string' || !isHostName(name)) {
      throw new TypeError(
        `allowedHosts: expected host names like 'mock.example.test' (or '.example.test' for its subdomains), without a scheme or port, got ${JSON.stringify(name)}`,
      )
    }
  }
  return names
}
