// The mock proxy inside Vite's dev and preview servers, so that an app (the playground) talks to it on
// its own origin, under `path`.
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Plugin } from 'vite'
import { MockConnectionDropped } from './faults/MockConnectionDropped'
import { createMockAuthProxy } from './handler'
import { DEMO_CONFIG_ID } from './tenants'
import { sendResponse, toRequest } from './nodeHttp'
import type { MockAuthProxy, MockAuthProxyOptions } from './types'

export interface MockAuthProxyPluginOptions extends Omit<MockAuthProxyOptions, 'basePath'> {
  /** Where the proxy is mounted. Default '/auth-proxy'. */
  path?: string
}

export interface MockAuthProxyPluginApi {
  /** The running instance, for tests and tools: its outbox and state. */
  proxy: MockAuthProxy
}

export type MockAuthProxyPlugin = Plugin<MockAuthProxyPluginApi> & { api: MockAuthProxyPluginApi }

type Next = (error?: unknown) => void

export function mockAuthProxyPlugin(options: MockAuthProxyPluginOptions = {}): MockAuthProxyPlugin {
  const { path = '/auth-proxy', ...proxyOptions } = options
  const basePath = path.replace(/\/+$/, '')
  const proxy = createMockAuthProxy({ ...proxyOptions, basePath })

  // Mounted without a route prefix: connect would strip it from req.url, and the handler routes on the
  // full path (basePath) so that its error messages name the URL the browser used.
  const middleware = (request: IncomingMessage, response: ServerResponse, next: Next): void => {
    const url = request.url ?? '/'
    if (url !== basePath && !url.startsWith(`${basePath}/`) && !url.startsWith(`${basePath}?`)) {
      next()
      return
    }
    Promise.resolve()
      .then(() => proxy.handle(toRequest(request, 'http://localhost')))
      .then((answer) => sendResponse(answer, response))
      .catch((error: unknown) => {
        // A fault plan's drop: close the connection with no answer, as a failing network would.
        if (error instanceof MockConnectionDropped) response.destroy()
        else next(error)
      })
  }

  return {
    name: 'auth-proxy-kit:mock-proxy',
    api: { proxy },
    configureServer(server) {
      server.middlewares.use(middleware)
      // Say where the proxy is, beside Vite's own URLs: the one thing a developer needs to point a
      // provider (or curl) at it.
      const printUrls = server.printUrls.bind(server)
      server.printUrls = () => {
        printUrls()
        const local = server.resolvedUrls?.local[0]?.replace(/\/$/, '')
        if (local === undefined) return
        const configIds = proxyOptions.tenants?.map((tenant) => tenant.configId) ?? [DEMO_CONFIG_ID]
        server.config.logger.info(
          `  ➜  Mock auth proxy: ${local}${basePath} (config ${configIds.length === 1 ? 'id' : 'ids'}: ${configIds.join(', ')}); sent codes at ${local}${basePath}/__mock/outbox`,
        )
      }
    },
    configurePreviewServer(server) {
      server.middlewares.use(middleware)
    },
  }
}
