// The route list (--help, GET /, GET /__mock/routes) against what the handler serves, both ways: every
// routed path is listed, and every listed path is served.
import { describe, expect, it } from 'vitest'
import { MOCK_PROXY_ENDPOINTS, createMockAuthProxy } from './handler'
import { PUBLIC_API_OPERATIONS } from './publicApi/createPublicApi'
import { MOCK_ROUTES, routeListText } from './routes'
import { MOCK_CLI_USAGE } from './runMockCli'

describe('the route list', () => {
  it('lists every /v1 endpoint and public API operation the handler routes, in --help too', () => {
    const paths = MOCK_ROUTES.map((route) => route.path)
    for (const endpoint of MOCK_PROXY_ENDPOINTS) expect(paths).toContain(`/v1/${endpoint}`)
    for (const operation of PUBLIC_API_OPERATIONS) expect(paths).toContain(`/public/v1/${operation}`)
    expect(paths.filter((path) => path.startsWith('/v1/'))).toHaveLength(MOCK_PROXY_ENDPOINTS.length)
    expect(paths.filter((path) => path.startsWith('/public/'))).toHaveLength(PUBLIC_API_OPERATIONS.length)
    for (const route of MOCK_ROUTES) expect(MOCK_CLI_USAGE).toContain(`${route.path}`)
    expect(MOCK_CLI_USAGE).toContain(routeListText())
  })

  it('gives every route a one-line purpose', () => {
    for (const route of MOCK_ROUTES) {
      expect(route.purpose.length, route.path).toBeGreaterThan(10)
      expect(route.purpose, route.path).not.toMatch(/\n/)
    }
  })

  it.each(MOCK_ROUTES.map((route) => [`${route.method} ${route.path}`, route] as const))(
    'serves %s (no "no such" answer)',
    async (_name, route) => {
      const proxy = createMockAuthProxy()
      const path = route.path.replace('<provider>', 'google')
      const init: RequestInit = {
        method: route.method,
        headers: { 'X-Auth-Proxy-Config-Id': 'demo', 'Content-Type': 'application/json' },
      }
      if (route.method === 'POST') init.body = '{}'
      const response = await proxy.handle(new Request(`http://mock.test${path}`, init))
      const text = await response.text()
      expect(text).not.toMatch(/no such (endpoint|path|public API route)/)
      expect(response.status, text).not.toBe(404)
    },
  )
})

describe('GET /', () => {
  it('answers a short HTML page naming the config ids, the outbox, the webhooks log and the routes, with no outside asset', async () => {
    const proxy = createMockAuthProxy({
      tenants: [
        { configId: 'shop', organizationId: 'org-shop' },
        { configId: '<b>blog</b>', organizationId: 'org-blog' },
      ],
      basePath: '/auth-proxy',
    })
    const response = await proxy.handle(new Request('http://mock.test/auth-proxy/'))
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe('text/html; charset=utf-8')
    expect(response.headers.get('Content-Security-Policy')).toContain("default-src 'none'")
    const html = await response.text()
    expect(html).toContain('<title>auth-proxy-kit mock proxy</title>')
    expect(html).toContain('<code>shop</code>')
    expect(html).toContain('<code>&#60;b&#62;blog&#60;/b&#62;</code>')
    expect(html).toContain('href="/auth-proxy/__mock/outbox"')
    expect(html).toContain('href="/auth-proxy/__mock/webhooks"')
    expect(html).toContain('href="/auth-proxy/__mock/routes"')
    expect(html).toContain('<code>POST /v1/otp_init</code>')
    // Every URL it loads is its own: no script, no inline style, nothing from elsewhere.
    expect(html).not.toMatch(/<script|style=|<style|https?:\/\//)
  })

  it('answers the route list as JSON at /__mock/routes', async () => {
    const proxy = createMockAuthProxy()
    const response = await proxy.handle(new Request('http://mock.test/__mock/routes'))
    const body = (await response.json()) as { groups: { title: string; routes: unknown[] }[] }
    expect(body.groups.flatMap((group) => group.routes)).toEqual(MOCK_ROUTES)
  })
})
