// The provider's answer arrives as parameters on the redirect URI: in the query (response_mode=query,
// the default for the code flow: Facebook, X, Discord) or in the fragment (the default for a response
// type with an id_token: Google's `#state=..&id_token=..`, Apple's `#state=..&code=..&id_token=..`).
import { invalidArgument } from '../assert'

export interface OAuthCallbackParameters {
  code?: string | undefined
  /** The OIDC token itself, from a response type that includes one (Google, Apple). */
  idToken?: string | undefined
  state?: string | undefined
  error?: string | undefined
  errorDescription?: string | undefined
  /** Where the parameters were found. */
  responseMode: 'query' | 'fragment'
}

// What providers add to the redirect URI: RFC 6749's parameters, OIDC's id_token (and the implicit
// flow's access token, should a provider add one), RFC 9207's `iss`, and Google's `scope`, `authuser`,
// `hd` and `prompt`.
const CALLBACK_PARAMETERS = [
  'code',
  'id_token',
  'access_token',
  'token_type',
  'expires_in',
  'state',
  'error',
  'error_description',
  'error_uri',
  'scope',
  'authuser',
  'hd',
  'prompt',
  'iss',
  'session_state',
]

// What makes a set of parameters an answer, with a `state`.
const ANSWER = ['code', 'id_token', 'error'] as const

/**
 * The OAuth parameters of a callback URL, from the query or else the fragment; undefined when the URL
 * carries none (no `code`, `id_token`, `state` or `error`).
 */
export function parseOAuthCallback(url: string | URL): OAuthCallbackParameters | undefined {
  const parsed = parseUrl(url, 'parseOAuthCallback(url)')
  const parts = [
    { responseMode: 'query', parameters: parsed.searchParams },
    { responseMode: 'fragment', parameters: fragmentParameters(parsed) },
  ] as const
  // A whole answer wins over stray parameters, so that an app's own `?code=` in the query does not
  // hide a provider's answer in the fragment.
  const part =
    parts.find(({ parameters }) => isCallback(parameters)) ??
    parts.find(({ parameters }) => ANSWER.some((name) => parameters.has(name)) || parameters.has('state'))
  if (part === undefined) return undefined
  const { responseMode, parameters } = part
  const result: OAuthCallbackParameters = { responseMode }
  const code = parameters.get('code')
  const idToken = parameters.get('id_token')
  const state = parameters.get('state')
  const error = parameters.get('error')
  const errorDescription = parameters.get('error_description')
  if (code !== null) result.code = code
  if (idToken !== null) result.idToken = idToken
  if (state !== null) result.state = state
  if (error !== null) result.error = error
  if (errorDescription !== null) result.errorDescription = errorDescription
  return result
}

/**
 * True when the URL is a provider's answer to a flow: a `state` with a `code`, an `id_token` or an
 * `error`. A bare `?code=` or `?error=` is left to the app, since providers always echo the state
 * they were sent.
 */
export function isOAuthCallback(url: string | URL): boolean {
  const parameters = parseOAuthCallback(url)
  return (
    parameters?.state !== undefined &&
    (parameters.code !== undefined || parameters.idToken !== undefined || parameters.error !== undefined)
  )
}

/**
 * The URL without the provider's answer (code, id_token, state, error, ...) in its query or fragment,
 * and without Facebook's `#_=_`, for `history.replaceState`: a code, token or state left in the address
 * bar ends up in history, bookmarks, shared links and (a query) Referer headers. Other parameters of the
 * app are kept; a URL that is not a callback comes back unchanged.
 */
export function cleanOAuthCallbackUrl(url: string | URL): string {
  const parsed = parseUrl(url, 'cleanOAuthCallbackUrl(url)')
  if (isCallback(parsed.searchParams)) {
    for (const name of CALLBACK_PARAMETERS) parsed.searchParams.delete(name)
  }
  const fragment = fragmentParameters(parsed)
  // Facebook appends `#_=_` to the redirect URI (a leftover it documents as intended).
  if (parsed.hash === '#_=_') {
    parsed.hash = ''
  } else if (isCallback(fragment)) {
    for (const name of CALLBACK_PARAMETERS) fragment.delete(name)
    parsed.hash = fragment.size === 0 ? '' : fragment.toString()
  }
  return parsed.href
}

function isCallback(parameters: URLSearchParams): boolean {
  return parameters.has('state') && ANSWER.some((name) => parameters.has(name))
}

function fragmentParameters(url: URL): URLSearchParams {
  return new URLSearchParams(url.hash.startsWith('#') ? url.hash.slice(1) : url.hash)
}

function parseUrl(url: unknown, label: string): URL {
  if (url instanceof URL) return new URL(url.href)
  if (typeof url === 'string') {
    try {
      return new URL(url)
    } catch {
      // Reported below.
    }
  }
  throw invalidArgument(label, 'an absolute URL, like window.location.href', url)
}
