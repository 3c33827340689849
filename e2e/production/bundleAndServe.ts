// The production-client pages of productionPasskey.spec.ts and productionReactKit.spec.ts: each harness
// bundled for the browser with esbuild at the start of the run (kept in memory, never committed), served
// from its own origin.
import { createServer } from 'node:http'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

/** passkeyHarness.ts with @turnkey/core and everything it imports, as one ES module. */
export async function bundlePasskeyHarness(): Promise<string> {
  const result = await build({
    entryPoints: [fileURLToPath(new URL('./passkeyHarness.ts', import.meta.url))],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'error',
    // Libraries @turnkey/core bundles read it to pick their production builds.
    define: { 'process.env.NODE_ENV': '"production"' },
  })
  const [output] = result.outputFiles
  if (output === undefined) throw new Error('esbuild produced no output for passkeyHarness.ts')
  return output.text
}

export interface ServedPage {
  /** http://localhost:<port>/ : localhost, because an IP address is not a valid WebAuthn RP ID. */
  url: string
  close(): Promise<void>
}

/** What a page loads: its script, and its stylesheet when the bundle has one. */
export interface PageAssets {
  script: string
  styles?: string
}

/** Where an OAuth popup comes back to on the page's origin: a blank page, read by the opener. */
const CALLBACK_PAGE = '<!doctype html><html lang="en"><title>Signing in</title></html>'

/**
 * An empty page loading the harness (and its stylesheet), at / on a free port of 127.0.0.1; any
 * /oauth/ path answers a blank page, for a popup to come back to without running the app again.
 */
export async function servePage(harness: string | PageAssets): Promise<ServedPage> {
  const { script, styles } = typeof harness === 'string' ? { script: harness, styles: undefined } : harness
  const stylesheet = styles === undefined ? '' : '<link rel="stylesheet" href="/harness.css">'
  const html = `<!doctype html><html lang="en"><title>Production client</title>${stylesheet}<script type="module" src="/harness.js"></script></html>`
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname
    if (path === '/') response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(html)
    else if (path === '/harness.js')
      response.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8' }).end(script)
    else if (path === '/harness.css' && styles !== undefined)
      response.writeHead(200, { 'Content-Type': 'text/css; charset=utf-8' }).end(styles)
    else if (path.startsWith('/oauth/'))
      response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(CALLBACK_PAGE)
    else response.writeHead(404).end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  if (typeof address !== 'object' || address === null) throw new Error('the page server has no port')
  return {
    url: `http://localhost:${address.port}/`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()))
        server.closeAllConnections()
      }),
  }
}
