import { MOCK_DEV_ENCLAVE_PUBLIC_KEY } from './devEnclaveKey'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createServer, preview, type PreviewServer, type ViteDevServer } from 'vite'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createKit } from '../core/createKit'
import { memoryKeyStore } from '../core/keys/memoryKeyStore'
import { completeOAuth, startOAuth } from '../core/oauth/oauthActions'
import { fakeStorage } from '../core/test/fakes'
import { pressOnConsentPage } from './testing/oauth'
import { requestWithHost } from './testing/requestWithHost'
import { mockAuthProxyPlugin } from './vite'

let server: ViteDevServer | PreviewServer | undefined
let root: string | undefined

afterEach(async () => {
  // The page's location and document, stubbed by the quick start's test: files after this one share the worker.
  vi.unstubAllGlobals()
  await server?.close()
  server = undefined
  if (root !== undefined) rmSync(root, { recursive: true, force: true })
  root = undefined
})

async function startVite(
  plugin: ReturnType<typeof mockAuthProxyPlugin>,
  allowedHosts: string[] | true = [],
): Promise<string> {
  root = mkdtempSync(join(tmpdir(), 'mock-proxy-vite-'))
  server = await createServer({
    root,
    configFile: false,
    logLevel: 'silent',
    plugins: [plugin],
    server: { host: '127.0.0.1', port: 0, strictPort: false, ws: false, allowedHosts },
    optimizeDeps: { noDiscovery: true, include: [] },
  })
  await server.listen()
  const url = server.resolvedUrls?.local[0]
  if (url === undefined) throw new Error('vite did not report its URL')
  return url.replace(/\/$/, '')
}

describe('mockAuthProxyPlugin', () => {
  it("prints where the proxy is and which config id it serves, after Vite's own URLs", async () => {
    const plugin = mockAuthProxyPlugin({ path: '/auth-proxy' })
    const url = await startVite(plugin)
    const lines: string[] = []
    const dev = server as ViteDevServer
    dev.config.logger.info = (message: string) => void lines.push(message)
    dev.printUrls()
    expect(lines.at(-2)).toContain(`Mock auth proxy: ${url}/auth-proxy (config id: demo)`)
    expect(lines.at(-2)).toContain(`${url}/auth-proxy/__mock/outbox`)
    expect(lines.at(-1)).toContain(
      "the kit's dangerouslyOverrideSignerPublicKey: import.meta.env.AUTH_PROXY_MOCK_ENCLAVE_KEY",
    )
  })

  it('hands its enclave key (the development one unless told another) to the page while it serves, and to a build only when told', () => {
    const define = (plugin: ReturnType<typeof mockAuthProxyPlugin>, command: 'serve' | 'build') => {
      const hook = plugin.config as (
        config: object,
        env: { command: string; mode: string },
      ) => { define?: object } | undefined
      return hook({}, { command, mode: 'development' })?.define
    }
    const key = { 'import.meta.env.AUTH_PROXY_MOCK_ENCLAVE_KEY': JSON.stringify(MOCK_DEV_ENCLAVE_PUBLIC_KEY) }
    expect(define(mockAuthProxyPlugin(), 'serve')).toEqual(key)
    expect(define(mockAuthProxyPlugin(), 'build')).toBeUndefined()
    expect(define(mockAuthProxyPlugin({ enclaveKeyInBuild: true }), 'build')).toEqual(key)
    const own = mockAuthProxyPlugin({ enclaveSecretKey: '11'.repeat(32) })
    expect(define(own, 'serve')).toEqual({
      'import.meta.env.AUTH_PROXY_MOCK_ENCLAVE_KEY': JSON.stringify(own.api.proxy.enclaveSignerPublicKey),
    })
    expect(own.api.proxy.enclaveSignerPublicKey).not.toBe(MOCK_DEV_ENCLAVE_PUBLIC_KEY)
  })

  it('mounts the proxy under its path in the dev server and exposes the instance', async () => {
    const plugin = mockAuthProxyPlugin({ path: '/auth-proxy' })
    expect(plugin.name).toBe('auth-proxy-kit:mock-proxy')
    const url = await startVite(plugin)
    const response = await fetch(`${url}/auth-proxy/v1/otp_init`, {
      method: 'POST',
      headers: { 'X-Auth-Proxy-Config-Id': 'demo', 'Content-Type': 'application/json' },
      body: JSON.stringify({ otpType: 'OTP_TYPE_EMAIL', contact: 'ada@example.com' }),
    })
    expect(response.status).toBe(200)
    const { otpId } = (await response.json()) as { otpId: string }
    expect(plugin.api.proxy.outbox()[0]?.otpId).toBe(otpId)

    const outbox = await fetch(`${url}/auth-proxy/__mock/outbox`)
    expect(((await outbox.json()) as { otpId: string }[]).map((message) => message.otpId)).toEqual([otpId])

    // Outside the path, Vite answers as usual.
    const other = await fetch(`${url}/v1/otp_init`, { method: 'POST' })
    expect(other.headers.get('content-type') ?? '').not.toContain('application/json')
  })

  it('defaults the path to /auth-proxy and passes other options on', async () => {
    const plugin = mockAuthProxyPlugin({ failures: { wallet_kit_config: { code: 13, message: 'down' } } })
    const url = await startVite(plugin)
    const response = await fetch(`${url}/auth-proxy/v1/wallet_kit_config`, {
      method: 'POST',
      headers: { 'X-Auth-Proxy-Config-Id': 'demo' },
    })
    expect(response.status).toBe(500)
    expect(await response.json()).toEqual({ code: 13, message: 'down', details: [] })
  })

  it("drops the connection for a fault plan's drop, and takes rules over HTTP", async () => {
    const plugin = mockAuthProxyPlugin({
      faults: [{ endpoint: 'wallet_kit_config', call: 1, fault: { kind: 'drop' } }],
    })
    const url = await startVite(plugin)
    const config = () =>
      fetch(`${url}/auth-proxy/v1/wallet_kit_config`, { method: 'POST', headers: { 'X-Auth-Proxy-Config-Id': 'demo' } })
    await expect(config()).rejects.toThrow(new TypeError('fetch failed'))
    const added = await fetch(`${url}/auth-proxy/__mock/faults`, {
      method: 'POST',
      body: JSON.stringify({ endpoint: 'wallet_kit_config', fault: { kind: 'error', code: 14, message: 'gone' } }),
    })
    expect(added.status).toBe(201)
    expect(await (await config()).json()).toEqual({ code: 14, message: 'gone', details: [] })
    expect(plugin.api.proxy.faults.list().map((rule) => rule.hits)).toEqual([1, 1])
  })

  it('passes strictFields on, and refuses a body over 4 MB in the dev server with 8', async () => {
    const plugin = mockAuthProxyPlugin({ strictFields: true })
    const url = await startVite(plugin)
    const headers = { 'X-Auth-Proxy-Config-Id': 'demo', 'Content-Type': 'application/json' }
    const strict = await fetch(`${url}/auth-proxy/v1/otp_init`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ otpType: 'OTP_TYPE_EMAIL', contact: 'ada@example.com', alphanumeric: false }),
    })
    expect(await strict.json()).toMatchObject({
      code: 3,
      message: expect.stringMatching(/^otp_init: alphanumeric is not a field/),
    })
    const large = await fetch(`${url}/auth-proxy/v1/signup`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ userName: 'x'.repeat(5 * 1024 * 1024) }),
    })
    expect(large.status).toBe(429)
    expect(await large.json()).toMatchObject({ code: 8 })
  })

  it('mounts the proxy in the preview server too', async () => {
    const plugin = mockAuthProxyPlugin({ path: '/api/auth/' })
    root = mkdtempSync(join(tmpdir(), 'mock-proxy-preview-'))
    const previewServer = await preview({
      root,
      configFile: false,
      logLevel: 'silent',
      plugins: [plugin],
      build: { outDir: root },
      preview: { host: '127.0.0.1', port: 0 },
    })
    server = previewServer
    const url = previewServer.resolvedUrls?.local[0]?.replace(/\/$/, '')
    const response = await fetch(`${url}/api/auth/v1/wallet_kit_config`, {
      method: 'POST',
      headers: { 'X-Auth-Proxy-Config-Id': 'demo' },
    })
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ enabledProviders: ['email', 'sms', 'google', 'apple', 'passkey'] })
  })

  it("is behind Vite's own Host check (server.allowedHosts), which runs before the plugin: a foreign Host gets Vite's 403", async () => {
    const plugin = mockAuthProxyPlugin()
    const url = await startVite(plugin)
    const sent = await fetch(`${url}/auth-proxy/v1/otp_init`, {
      method: 'POST',
      headers: { 'X-Auth-Proxy-Config-Id': 'demo', 'Content-Type': 'application/json' },
      body: JSON.stringify({ otpType: 'OTP_TYPE_EMAIL', contact: 'ada@example.com' }),
    })
    expect(sent.status).toBe(200)
    const code = plugin.api.proxy.outbox()[0]?.code ?? 'no code sent'
    const rebound = await requestWithHost(url, `rebound.example:${new URL(url).port}`, '/auth-proxy/__mock/outbox')
    expect(rebound.status).toBe(403)
    expect(rebound.body).toContain('Blocked request. This host ("rebound.example") is not allowed.')
    expect(rebound.body).not.toContain(code)
    const local = await requestWithHost(url, `localhost:${new URL(url).port}`, '/auth-proxy/__mock/outbox')
    expect(JSON.parse(local.body)).toMatchObject([{ code }])
  })

  it("warns, when Vite's Host check is turned off (server.allowedHosts: true), that any name's pages can read the codes", async () => {
    const url = await startVite(mockAuthProxyPlugin(), true)
    const warnings: string[] = []
    const dev = server as ViteDevServer
    dev.config.logger.info = () => undefined
    dev.config.logger.warn = (message: string) => void warnings.push(message)
    dev.printUrls()
    expect(warnings).toEqual([
      `  ➜  Warning: server.allowedHosts is true, so a page on any name that resolves to this machine (DNS rebinding) can read the mock's codes at ${url}/auth-proxy/__mock/outbox; list the names you use instead`,
    ])
    // The next server takes its place (afterEach closes that one).
    await dev.close()
    if (root !== undefined) rmSync(root, { recursive: true, force: true })
    await startVite(mockAuthProxyPlugin())
    const checked = server as ViteDevServer
    checked.config.logger.info = () => undefined
    checked.config.logger.warn = (message: string) => void warnings.push(message)
    checked.printUrls()
    expect(warnings).toHaveLength(1)
  })

  it("is behind Vite's Host check in the preview server too", async () => {
    root = mkdtempSync(join(tmpdir(), 'mock-proxy-preview-'))
    const previewServer = await preview({
      root,
      configFile: false,
      logLevel: 'silent',
      plugins: [mockAuthProxyPlugin()],
      build: { outDir: root },
      preview: { host: '127.0.0.1', port: 0 },
    })
    server = previewServer
    const url = previewServer.resolvedUrls?.local[0]?.replace(/\/$/, '') ?? ''
    const rebound = await requestWithHost(url, 'rebound.example', '/auth-proxy/__mock/outbox')
    expect(rebound.status).toBe(403)
    expect(rebound.body).toContain('add "rebound.example" to `preview.allowedHosts`')
    expect((await requestWithHost(url, 'localhost', '/auth-proxy/__mock/outbox')).status).toBe(200)
  })

  it("announces the mock's OAuth providers to the page it serves: the quick start's kit signs in with Google on the mock's consent page", async () => {
    const plugin = mockAuthProxyPlugin({ path: '/auth-proxy' })
    const url = await startVite(plugin)
    writeFileSync(
      join(root as string, 'index.html'),
      '<!doctype html><html><head><title>App</title></head><body></body></html>',
    )
    const html = await (await fetch(`${url}/`)).text()
    const block = /<script type="application\/json" id="auth-proxy-kit-mock">(.*?)<\/script>/.exec(html)?.[1]
    expect(JSON.parse(block ?? 'null')).toEqual({
      proxyUrl: '/auth-proxy',
      oauthAuthorizeUrls: {
        google: '/auth-proxy/__mock/oauth/google/authorize',
        apple: '/auth-proxy/__mock/oauth/apple/authorize',
        x: '/auth-proxy/__mock/oauth/x/authorize',
        discord: '/auth-proxy/__mock/oauth/discord/authorize',
        facebook: '/auth-proxy/__mock/oauth/facebook/authorize',
      },
      oauthTokenUrls: { facebook: '/auth-proxy/__mock/oauth/facebook/v11.0/oauth/access_token' },
    })

    // That page's kit, as the quick start builds it: a path for proxyUrl, and no OAuth endpoints.
    const page = { href: `${url}/` }
    vi.stubGlobal('location', page)
    vi.stubGlobal('document', {
      getElementById: (id: string) => (id === 'auth-proxy-kit-mock' ? { textContent: block } : null),
    })
    const kit = createKit({
      proxyUrl: '/auth-proxy',
      configId: 'demo',
      keyStore: memoryKeyStore(),
      storage: fakeStorage(),
      oauthStorage: fakeStorage(),
      location: page,
    })
    try {
      const { authorizeUrl } = await startOAuth(kit, { provider: 'google', mode: 'redirect' })
      expect(authorizeUrl.startsWith(`${url}/auth-proxy/__mock/oauth/google/authorize?`)).toBe(true)
      const callbackUrl = await pressOnConsentPage(plugin.api.proxy, authorizeUrl, 'Continue as Ada Lovelace')
      const { provider } = await completeOAuth(kit, { callbackUrl })
      expect(provider).toBe('google')
      expect(kit.session.getSnapshot().status).toBe('signedIn')
    } finally {
      kit.destroy()
    }
  })

  it("announces nothing in a production build's HTML, and the mock in a build for preview (enclaveKeyInBuild)", () => {
    const htmlTags = (plugin: ReturnType<typeof mockAuthProxyPlugin>, command: 'serve' | 'build') => {
      ;(plugin.config as (config: object, env: { command: string; mode: string }) => unknown)(
        {},
        { command, mode: 'production' },
      )
      return (plugin.transformIndexHtml as () => unknown)()
    }
    expect(htmlTags(mockAuthProxyPlugin(), 'build')).toBeUndefined()
    expect(htmlTags(mockAuthProxyPlugin({ path: '/api/auth/' }), 'serve')).toEqual([
      expect.objectContaining({
        tag: 'script',
        attrs: { type: 'application/json', id: 'auth-proxy-kit-mock' },
        children: expect.stringContaining('"proxyUrl":"/api/auth"'),
      }),
    ])
    expect(htmlTags(mockAuthProxyPlugin({ enclaveKeyInBuild: true }), 'build')).toEqual([
      expect.objectContaining({ attrs: { type: 'application/json', id: 'auth-proxy-kit-mock' } }),
    ])
  })
})
