// GET /: what this server is, for someone who opens its URL in a browser. No script and no inline style
// (the stylesheet is the consent page's, from this server), so it renders under the strictest CSP.
import { MOCK_ROUTE_GROUPS } from './routes'
import { escapeHtml } from './oauthPages'

export interface FrontPage {
  configIds: readonly string[]
  /** The path prefix the proxy is served under ('' at the root). */
  basePath: string
}

export function frontPage({ configIds, basePath }: FrontPage): string {
  const at = (path: string): string => escapeHtml(`${basePath}${path}`)
  const groups = MOCK_ROUTE_GROUPS.map(
    (group) => `<h3>${escapeHtml(group.title)}</h3>
<ul>
${group.routes.map((route) => `<li><code>${escapeHtml(`${route.method} ${route.path}`)}</code>: ${escapeHtml(route.purpose)}</li>`).join('\n')}
</ul>`,
  ).join('\n')
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>auth-proxy-kit mock proxy</title>
<link rel="stylesheet" href="${at('/__mock/oauth/consent.css')}">
</head>
<body>
<main>
<h1>auth-proxy-kit mock proxy</h1>
<p>A stand-in for the auth proxy and the stamped public API, for development and tests: sign-up and login by
email or SMS code, OAuth, passkeys, wallets and signing, offline, with state in memory until it stops.
Point the kit's <code>proxyUrl</code> here.</p>
<h2>Config ${configIds.length === 1 ? 'id' : 'ids'}</h2>
<ul>
${configIds.map((id) => `<li><code>${escapeHtml(id)}</code></li>`).join('\n')}
</ul>
<h2>For tests</h2>
<ul>
<li><a href="${at('/__mock/outbox')}">Outbox</a>: every code "sent", newest first (<code>/__mock/outbox?contact=ada@example.com</code>)</li>
<li><a href="${at('/__mock/webhooks')}">Webhooks</a>: deliveries, their attempts and status</li>
<li><a href="#routes">Routes</a> (also as <a href="${at('/__mock/routes')}">JSON</a>)</li>
</ul>
<h2 id="routes">Routes</h2>
${groups}
</main>
</body>
</html>
`
}
