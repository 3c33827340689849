import type { Plugin } from 'vite'

/** The policy the CSP playground is served with: the kit must work with nothing inline and nothing injected. */
export const STRICT_CSP = "default-src 'self'"

/**
 * Sends `Content-Security-Policy: default-src 'self'` with every answer of Vite's preview server (the
 * built page, its scripts and stylesheet, and the mock proxy mounted beside them). The dev server is left
 * alone: its React refresh preamble and injected <style> tags are exactly what such a policy forbids.
 */
export function cspHeader(policy = STRICT_CSP): Plugin {
  return {
    name: 'auth-proxy-kit:csp-header',
    configurePreviewServer(server) {
      server.middlewares.use((_request, response, next) => {
        response.setHeader('Content-Security-Policy', policy)
        next()
      })
    },
  }
}
