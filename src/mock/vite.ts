// The mock proxy inside Vite's dev and preview servers, so that an app (the playground) talks to it on
// its own origin, under `path`.
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { HtmlTagDescriptor, Plugin } from 'vite'
import { MOCK_ANNOUNCEMENT_ID, type MockAnnouncement } from '../core/oauth/mockAnnouncement'
import { MockConnectionDropped } from './faults/MockConnectionDropped'
import { createMockAuthProxy } from './handler'
import { mockOAuthEndpoints } from './oauthProviders'
import { DEMO_CONFIG_ID } from './tenants'
import { MOCK_DEV_ENCLAVE_SECRET_KEY, MOCK_ENCLAVE_KEY_ENV } from './devEnclaveKey'
import { sendResponse, toRequest } from './nodeHttp'
import type { MockAuthProxy, MockAuthProxyOptions } from './types'

export interface MockAuthProxyPluginOptions extends Omit<MockAuthProxyOptions, 'basePath'> {
  /** Where the proxy is mounted. Default '/auth-proxy'. */
  path?: string | undefined
  /**
   * Also define `import.meta.env.AUTH_PROXY_MOCK_ENCLAVE_KEY` in a build (`vite build`), and announce the
   * mock's OAuth providers in its HTML, for a build that `vite preview` serves against this mock (an
   * end-to-end test's). Default false: a production build must trust production's key and send people to
   * the real providers, and gets neither.
   */
  enclaveKeyInBuild?: boolean | undefined
}

export interface MockAuthProxyPluginApi {
  /** The running instance, for tests and tools: its outbox and state. */
  proxy: MockAuthProxy
}

export type MockAuthProxyPlugin = Plugin<MockAuthProxyPluginApi> & { api: MockAuthProxyPluginApi }

type Next = (error?: unknown) => void

/**
 * The page's announcement of the mock (core/oauth/mockAnnouncement.ts): a JSON data block whose endpoints
 * are paths on the page's origin, so that the kit of the page whose proxyUrl is `basePath` sends "Continue
 * with Google" to the mock's consent page, with nothing imported and no URL for the app to type.
 */
function mockAnnouncementTag(basePath: string): HtmlTagDescriptor {
  const proxyUrl = basePath === '' ? '/' : basePath
  const announcement: MockAnnouncement = { proxyUrl, ...mockOAuthEndpoints(proxyUrl) }
  return {
    tag: 'script',
    attrs: { type: 'application/json', id: MOCK_ANNOUNCEMENT_ID },
    // Vite writes children as they are: `<` escaped, so that no path can close the script element.
    children: JSON.stringify(announcement).replace(/</g, '\\u003c'),
    injectTo: 'head-prepend',
  }
}

export function mockAuthProxyPlugin(options: MockAuthProxyPluginOptions = {}): MockAuthProxyPlugin {
  const { path = '/auth-proxy', enclaveKeyInBuild = false, ...proxyOptions } = options
  const basePath = path.replace(/\/+$/, '')
  // The development key unless told another: a build made by one process and the preview another serves agree.
  const proxy = createMockAuthProxy({ enclaveSecretKey: MOCK_DEV_ENCLAVE_SECRET_KEY, ...proxyOptions, basePath })

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

  // Whether the pages this Vite makes talk to the mock: always while it serves, in a build only when told.
  let servesMock = false

  return {
    name: 'auth-proxy-kit:mock-proxy',
    api: { proxy },
    config(_config, { command }) {
      servesMock = command === 'serve' || enclaveKeyInBuild
      // The page's kit is told the key explicitly (dangerouslyOverrideSignerPublicKey), never by default.
      if (!servesMock) return undefined
      return { define: { [`import.meta.env.${MOCK_ENCLAVE_KEY_ENV}`]: JSON.stringify(proxy.enclaveSignerPublicKey) } }
    },
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
        server.config.logger.info(
          `  ➜  Its enclave key, for the kit's dangerouslyOverrideSignerPublicKey: import.meta.env.${MOCK_ENCLAVE_KEY_ENV}`,
        )
        // The mock's codes are behind Vite's Host check, which this setting turns off.
        if (server.config.server.allowedHosts === true) {
          server.config.logger.warn(
            `  ➜  Warning: server.allowedHosts is true, so a page on any name that resolves to this machine (DNS rebinding) can read the mock's codes at ${local}${basePath}/__mock/outbox; list the names you use instead`,
          )
        }
      }
    },
    configurePreviewServer(server) {
      server.middlewares.use(middleware)
    },
    // The mock's OAuth endpoints for the page's kit; a production build's HTML says nothing of the mock.
    transformIndexHtml() {
      return servesMock ? [mockAnnouncementTag(basePath)] : undefined
    },
  }
}
