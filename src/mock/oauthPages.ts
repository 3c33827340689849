// The HTML of the mock's authorization server. The pages must work under a strict Content-Security-
// Policy (the kit's own rule, and the CSP these answers carry): no script at all, and no inline style,
// so the styles are a separate file and every action is a plain HTML form.
import type { MockOAuthProvider } from './oauthProviders'
import type { MockOAuthIdentity } from './types'

const PROVIDER_LABELS: Readonly<Record<MockOAuthProvider, string>> = {
  google: 'Google',
  apple: 'Apple',
  x: 'X',
  discord: 'Discord',
  facebook: 'Facebook',
}

/** What the app gets back from each provider, as production's flow expects it. */
const ANSWERS: Readonly<Record<MockOAuthProvider, string>> = {
  google: 'an id_token for it in the URL fragment',
  apple: 'a code and an id_token for it in the URL fragment',
  facebook: "a code to redeem at this mock's Facebook token endpoint for an id_token",
  x: 'a code for the proxy to exchange (oauth2_authenticate) for an OIDC token',
  discord: 'a code for the proxy to exchange (oauth2_authenticate) for an OIDC token',
}

export const CONSENT_CSS = `:root {
  color-scheme: light dark;
  --fg: #1b1f24; --bg: #f4f5f7; --card: #fff; --muted: #5b6470; --accent: #2f5bea; --border: #d5d9e0;
}
@media (prefers-color-scheme: dark) {
  :root { --fg: #e8eaee; --bg: #15171b; --card: #1f2228; --muted: #a2a9b4; --accent: #7c9bff; --border: #363b44; }
}
* { box-sizing: border-box; }
body {
  margin: 0; min-height: 100vh; display: grid; place-items: center;
  background: var(--bg); color: var(--fg); font: 16px/1.5 system-ui, sans-serif;
}
main {
  width: min(26rem, calc(100vw - 2rem)); margin: 2rem 0; padding: 1.5rem;
  background: var(--card); border: 1px solid var(--border); border-radius: 12px;
}
h1 { margin: 0 0 .5rem; font-size: 1.3rem; }
p { margin: .5rem 0; color: var(--muted); }
code { overflow-wrap: anywhere; }
ul { list-style: none; margin: 1rem 0; padding: 0; display: grid; gap: .5rem; }
form { margin: 0; }
button {
  width: 100%; padding: .65rem 1rem; border-radius: 8px; border: 1px solid var(--border);
  background: var(--card); color: var(--fg); font: inherit; text-align: left; cursor: pointer;
}
button:hover { border-color: var(--accent); }
button:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
.identity .email { display: block; font-size: .85rem; color: var(--muted); }
.cancel { text-align: center; color: var(--muted); }
.problem { color: var(--fg); font-weight: 600; }
`

/** The authorize request's parameters, under their OAuth names, to carry through the consent forms. */
export type AuthorizeParameters = Readonly<Record<string, string>>

export interface ConsentPage {
  provider: MockOAuthProvider
  parameters: AuthorizeParameters
  identities: readonly MockOAuthIdentity[]
  /** Path of the consent endpoint (basePath included): where the forms post. */
  consentPath: string
  cssPath: string
}

export function consentPage({ provider, parameters, identities, consentPath, cssPath }: ConsentPage): string {
  const label = PROVIDER_LABELS[provider]
  const hidden = Object.entries(parameters)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('')
  const form = (button: string) => `<form method="post" action="${escapeHtml(consentPath)}">${hidden}${button}</form>`
  const choices = identities
    .map((identity) => {
      const email = identity.email === undefined ? '' : `<span class="email">${escapeHtml(identity.email)}</span>`
      const value = escapeHtml(identity.sub)
      const button = `<button type="submit" name="identity" value="${value}">Continue as ${escapeHtml(identity.name)}</button>`
      return `<li class="identity">${form(button)}${email}</li>`
    })
    .join('\n')
  let returnTo = parameters['redirect_uri'] ?? ''
  try {
    returnTo = new URL(returnTo).origin
  } catch {
    // Validated before any page renders; the raw value is shown as a fallback only.
  }
  return page(
    `Sign in with ${label}`,
    cssPath,
    `<h1>Sign in with ${escapeHtml(label)}</h1>
<p>Mock ${escapeHtml(label)} authorization server of auth-proxy-kit. Choose a test identity; the app at
<code>${escapeHtml(returnTo)}</code> (client <code>${escapeHtml(parameters['client_id'] ?? '')}</code>) receives
${ANSWERS[provider]}.</p>
<ul>
${choices}
</ul>
${form('<button type="submit" name="cancel" value="1" class="cancel">Cancel</button>')}`,
  )
}

export function errorPage(problem: string, cssPath: string): string {
  return page(
    'Sign-in request refused',
    cssPath,
    `<h1>Sign-in request refused</h1>
<p class="problem">${escapeHtml(problem)}</p>
<p>The mock authorization server cannot accept this request, so it sent nothing back to the app. Fix the
request the app builds, then start the sign-in again.</p>`,
  )
}

/** Security headers for every page: no script, styles from this origin only, not framed. */
export function htmlResponse(html: string, status: number, headers: Record<string, string> = {}): Response {
  return new Response(html, {
    status,
    headers: {
      ...headers,
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': "default-src 'none'; style-src 'self'; base-uri 'none'; frame-ancestors 'none'",
      'Cache-Control': 'no-store',
      // Not no-referrer: under it a browser sends `Origin: null` with the consent form's POST, and the mock
      // could not tell its own page from any other (devRouteAccess.ts). Nothing leaves the origin either way.
      'Referrer-Policy': 'same-origin',
      'X-Content-Type-Options': 'nosniff',
    },
  })
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`)
}

function page(title: string, cssPath: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} (mock)</title>
<link rel="stylesheet" href="${escapeHtml(cssPath)}">
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`
}
