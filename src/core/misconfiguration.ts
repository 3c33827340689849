// What a developer set up wrong, said in the console while they develop: one console.error per cause and
// page, naming the fix. Each call site reads `if (process.env.NODE_ENV !== 'production') report…(…)`, the
// check React's own warnings make: a host's bundler replaces process.env.NODE_ENV in its production
// build, the call is dead code, and this module and its text are dropped with it (the library build
// leaves the check to the host's bundler). The errors the kit throws say the same to whoever reads them;
// these make sure someone does, where the UI shows a person only "Sign-in is not set up for this site".

const reported = new Set<string>()
const probed = new Set<string>()

function reportOnce(key: string, message: string): void {
  if (reported.has(key)) return
  reported.add(key)
  console.error(`auth-proxy-kit: ${message}`)
}

/** Forgets what was reported and probed: for tests, which share one module graph as if one page. */
export function forgetMisconfigurationReports(): void {
  reported.clear()
  probed.clear()
}

function pageOrigin(): string | undefined {
  const origin = (globalThis as { location?: { origin?: unknown } | undefined }).location?.origin
  return typeof origin === 'string' && origin !== 'null' ? origin : undefined
}

/** The proxy answered the config call NOT_FOUND: it knows no tenant by this id. */
export function reportUnknownConfigId(proxyUrl: string, configId: string): void {
  reportOnce(
    `configId ${proxyUrl} ${configId}`,
    `the proxy at ${proxyUrl} knows no config id "${configId}", so no sign-in can work. Set configId="${configId}" ` +
      `on <AuthProxyProvider> (or createKit) to the id of your config in the proxy's dashboard.`,
  )
}

function reportOriginNotAllowed(proxyUrl: string, configId: string, origin: string, how: string): void {
  reportOnce(
    `origin ${proxyUrl} ${configId} ${origin}`,
    `the proxy at ${proxyUrl} does not allow this page's origin for config "${configId}" (${how}). ` +
      `Add ${origin} to the allowed origins of config "${configId}" in the proxy's dashboard.`,
  )
}

/** The proxy answered PERMISSION_DENIED with CORS headers (or to a fetch without CORS: the mock's handler). */
export function reportOriginRefused(proxyUrl: string, configId: string, proxyMessage: string): void {
  const origin = pageOrigin()
  if (origin === undefined) return
  reportOriginNotAllowed(proxyUrl, configId, origin, `it answered: ${proxyMessage}`)
}

/**
 * A call to `url` failed without an answer (fetch's TypeError; a deadline or the caller's signal aborts
 * with an AbortError instead) while the browser said it was online (else the call is OFFLINE, and nothing
 * was sent): the proxy is out of reach, or it answered the preflight without this page's origin and the
 * browser hid the answer. fetch rejects alike for both, so the same address is asked once more without CORS
 * (`mode: 'no-cors'`, no custom header, so no preflight): an opaque answer means the proxy is reachable and
 * only this origin is refused; another TypeError means it is out of reach (down, a wrong proxyUrl, a
 * network the browser thinks is up), which the kit's own error already says. Once per proxy and page.
 */
export async function diagnoseNoAnswer(
  fetchImpl: typeof fetch,
  url: string,
  proxyUrl: string,
  configId: string,
): Promise<void> {
  const origin = pageOrigin()
  // Same-origin calls are not subject to CORS: no answer there is the server's absence.
  if (origin === undefined || new URL(url).origin === origin || probed.has(proxyUrl)) return
  probed.add(proxyUrl)
  try {
    await fetchImpl(url, { method: 'POST', mode: 'no-cors' })
  } catch {
    return
  }
  reportOriginNotAllowed(
    proxyUrl,
    configId,
    origin,
    'it answers, but without Access-Control-Allow-Origin for this page, which the browser reports as "Failed to fetch"',
  )
}

/** `fetchImpl`, and diagnoseNoAnswer when it rejects with a TypeError (the proxy's calls, while developing). */
export function diagnosingFetch(fetchImpl: typeof fetch, proxyUrl: string, configId: string): typeof fetch {
  return (input, init) =>
    fetchImpl(input, init).catch((error: unknown) => {
      if (error instanceof TypeError) void diagnoseNoAnswer(fetchImpl, String(input), proxyUrl, configId)
      throw error
    })
}

/** The app asks for sign-in methods (a `methods` prop) that the tenant does not enable: they are not shown. */
export function reportMethodsNotEnabled(
  configId: string,
  methods: readonly string[],
  enabled: readonly string[],
): void {
  const missing = methods.filter((method) => !enabled.includes(method))
  if (missing.length === 0) return
  const list = missing.join(', ')
  reportOnce(
    `methods ${configId} ${list}`,
    `methods lists ${list}, which config "${configId}" does not enable (it enables ${enabled.join(', ') || 'nothing'}), ` +
      `so ${missing.length === 1 ? 'it is' : 'they are'} not shown. Enable ${list} for config "${configId}" in the proxy's ` +
      `dashboard, or take ${missing.length === 1 ? 'it' : 'them'} out of methods.`,
  )
}

/** loginWithOAuth(provider) for a provider the tenant does not enable, or without its client id. */
export function reportProviderNotConfigured(configId: string, provider: string, enabled: boolean): void {
  reportOnce(
    `provider ${configId} ${provider}`,
    enabled
      ? `${provider} sign-in is enabled for config "${configId}" but has no client id (wallet_kit_config oauthClientIds.${provider}). ` +
          `Set the ${provider} client id of config "${configId}" in the proxy's dashboard.`
      : `${provider} sign-in is not enabled for config "${configId}", so its button cannot sign anyone in. Enable ${provider} ` +
          `for config "${configId}" in the proxy's dashboard, or do not offer it (methods, loginWithOAuth('${provider}')).`,
  )
}

/** A passkey asked for on a page whose host is an IP address, which WebAuthn refuses as a relying party ID. */
export function reportPasskeysOnIpAddress(pageUrl: string, localhostUrl: string): void {
  reportOnce(
    `passkeys ${pageUrl}`,
    `passkeys cannot work on ${pageUrl}: WebAuthn needs a host name as its relying party ID, and an IP address ` +
      `is not one. Open the app at ${localhostUrl} instead of ${pageUrl} (localhost is a host name).`,
  )
}

/** An entry of the mock loaded in a page without its optional peers (the error it throws says the same). */
export function reportMockPeersMissing(message: string): void {
  reportOnce(`mock peers`, message)
}
