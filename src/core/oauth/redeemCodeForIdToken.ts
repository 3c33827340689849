// Facebook's code is redeemed by the browser itself (production's exchangeFacebookCodeForToken): a
// public client with PKCE, so no secret is involved, and Facebook's Graph endpoint answers CORS.
import { describeValue } from '../assert'
import { KitError } from '../errors'
import { startRequestDeadline } from '../requestDeadline'

export interface RedeemCodeForIdTokenParameters {
  /** Names the endpoint in error messages ("Facebook's token endpoint"). */
  label: string
  tokenUrl: string
  clientId: string
  redirectUri: string
  code: string
  codeVerifier: string
  fetch: typeof fetch
  /** Whole-request deadline (answer and body). */
  timeoutMs: number
  signal?: AbortSignal | undefined
}

/**
 * Redeems an authorization code at a token endpoint (RFC 6749 section 4.1.3 with RFC 7636's verifier),
 * in the form production sends Facebook: form-encoded `client_id, redirect_uri, code_verifier, code,
 * grant_type=authorization_code`. Resolves with the answer's `id_token`.
 *
 * Errors: OAUTH_PROVIDER_ERROR for a refusal (its `cause` is the endpoint's error body, Facebook's
 * `{ error: { message, type, code, fbtrace_id } }` or RFC 6749's `{ error, error_description }`, and
 * `status` the HTTP status), no answer in time, a network failure, or an answer without an id_token;
 * ABORTED on the signal.
 */
export async function redeemCodeForIdToken(parameters: RedeemCodeForIdTokenParameters): Promise<string> {
  const { label, tokenUrl, clientId, redirectUri, code, codeVerifier, timeoutMs, signal } = parameters
  if (signal?.aborted) throw new KitError('ABORTED', `${label}: aborted by the caller`, { cause: signal.reason })
  const body = new URLSearchParams({
    client_id: clientId,
    redirect_uri: redirectUri,
    code_verifier: codeVerifier,
    code,
    grant_type: 'authorization_code',
  })

  const deadline = startRequestDeadline(label, timeoutMs, signal)

  let status: number
  let text: string
  try {
    const response = await parameters.fetch(tokenUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
      body: body.toString(),
      signal: deadline.signal,
    })
    status = response.status
    text = await response.text()
    if (!response.ok) throw refusal(label, status, text)
  } catch (cause) {
    if (cause instanceof KitError) throw cause
    if (deadline.timedOut)
      throw new KitError('OAUTH_PROVIDER_ERROR', `${label}: no answer within ${timeoutMs} ms`, { cause })
    if (signal?.aborted) throw new KitError('ABORTED', `${label}: aborted by the caller`, { cause: signal.reason })
    // fetch rejects with a bare TypeError ("Failed to fetch") for DNS, offline, refused and CORS failures.
    const reason = cause instanceof Error ? cause.message : describeValue(cause)
    throw new KitError('OAUTH_PROVIDER_ERROR', `${label}: request failed (${reason})`, { cause })
  } finally {
    deadline.end()
  }

  const answer = parseJson(text)
  const idToken =
    typeof answer === 'object' && answer !== null ? (answer as Record<string, unknown>).id_token : undefined
  if (typeof idToken !== 'string' || idToken === '') {
    // Facebook gives an id_token only when the openid scope was granted.
    throw new KitError(
      'OAUTH_PROVIDER_ERROR',
      `${label}: the answer has no id_token (HTTP ${status}; is the openid scope granted?)`,
      {
        status,
      },
    )
  }
  return idToken
}

function refusal(label: string, status: number, text: string): KitError {
  const body = parseJson(text)
  const said = errorMessage(body)
  const message = said === undefined ? `${label}: HTTP ${status}` : `${label}: ${said} (HTTP ${status})`
  return new KitError('OAUTH_PROVIDER_ERROR', message, { status, cause: body ?? text })
}

/** Facebook's `error.message`, or RFC 6749's `error: error_description`. */
function errorMessage(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined
  const { error, error_description: description } = body as Record<string, unknown>
  if (typeof error === 'object' && error !== null) {
    const message = (error as Record<string, unknown>).message
    return typeof message === 'string' ? message : undefined
  }
  if (typeof error !== 'string') return undefined
  return typeof description === 'string' ? `${error}: ${description}` : error
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch {
    return undefined
  }
}
