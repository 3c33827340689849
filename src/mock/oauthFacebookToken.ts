// Facebook's token endpoint (graph.facebook.com/v11.0/oauth/access_token) as the mock plays it: the
// client redeems the code from Facebook's authorize answer with its PKCE verifier, as production's
// exchangeFacebookCodeForToken does, and reads the id_token from the answer. Like Graph, it is open to
// every origin (the browser calls it directly) and answers errors in Graph's shape.
import { base64url } from 'jose'
import { isoTime } from './endpoints/context'
import { MockError } from './http'
import { redeemableCode } from './oauthCodes'
import { readForm } from './oauthForm'
import { findOAuthIdentity } from './oauthIdentities'
import { issueOidcToken, type OidcTokenIssuer } from './oauthIdTokens'
import { isCodeVerifier, s256Challenge } from './pkce'

/** Graph answers every origin: the endpoint is called from the app's page. */
export const FACEBOOK_CORS: Readonly<Record<string, string>> = { 'Access-Control-Allow-Origin': '*' }

/** What Graph reports as a user access token's lifetime: about 60 days. */
const ACCESS_TOKEN_LIFETIME_SECONDS = 5_184_000

const AGAIN = 'sign in with Facebook again'

export interface FacebookTokenAnswer {
  access_token: string
  token_type: 'bearer'
  expires_in: number
  id_token: string
}

/** Graph's error body: `{error: {message, type, code, fbtrace_id}}`. */
export interface FacebookErrorBody {
  error: { message: string; type: 'OAuthException'; code: number; fbtrace_id: string }
}

/** Handles POST, and OPTIONS for a preflight; anything else is refused in Graph's shape. */
export async function facebookTokenEndpoint(request: Request, issuer: OidcTokenIssuer): Promise<Response> {
  if (request.method === 'OPTIONS') {
    return new Response(null, {
      status: 204,
      headers: {
        ...FACEBOOK_CORS,
        'Access-Control-Allow-Methods': 'POST, OPTIONS',
        'Access-Control-Allow-Headers': 'Content-Type',
        'Access-Control-Max-Age': '600',
      },
    })
  }
  try {
    if (request.method !== 'POST') {
      throw new MockError(
        3,
        `${request.method}: the mock's Facebook token endpoint answers POST (a form), as production sends it`,
      )
    }
    const answer = await redeem(request, issuer)
    return Response.json(answer, { headers: { ...FACEBOOK_CORS, 'Cache-Control': 'no-store' } })
  } catch (error) {
    if (!(error instanceof MockError)) throw error
    return facebookError(error.message)
  }
}

export function facebookError(message: string): Response {
  const body: FacebookErrorBody = { error: { message, type: 'OAuthException', code: 100, fbtrace_id: 'mock' } }
  return Response.json(body, { status: 400, headers: { ...FACEBOOK_CORS, 'Cache-Control': 'no-store' } })
}

/**
 * The code must be unused, unexpired, Facebook's, and presented with the client id and redirect URI
 * it was issued for and the verifier behind its challenge. It is spent only on success: a client that
 * sent a wrong value can retry, and a code that already made a token is refused.
 */
async function redeem(request: Request, issuer: OidcTokenIssuer): Promise<FacebookTokenAnswer> {
  const form = await readForm(request)
  const parameter = (name: string): string => {
    const values = form.getAll(name)
    if (values.length > 1) throw new MockError(3, `${name}: given ${values.length} times; send it once`)
    const value = values[0] ?? ''
    if (value === '') throw new MockError(3, `${name}: missing; send client_id, redirect_uri, code_verifier and code`)
    return value
  }
  const clientId = parameter('client_id')
  const redirectUri = parameter('redirect_uri')
  const codeVerifier = parameter('code_verifier')
  const code = parameter('code')
  const grantType = form.get('grant_type')
  if (grantType !== null && grantType !== 'authorization_code') {
    throw new MockError(3, `grant_type: expected "authorization_code", got "${grantType}"`)
  }
  if (!isCodeVerifier(codeVerifier)) {
    throw new MockError(3, 'code_verifier: expected 43 to 128 characters of A-Z a-z 0-9 - . _ ~ (RFC 7636)')
  }

  const { state, now } = issuer
  const record = redeemableCode(state, code, 'code', now(), AGAIN)
  if (record.provider !== 'facebook') throw new MockError(3, `code: issued by ${record.provider}, not by Facebook`)
  if (record.clientId !== clientId) {
    throw new MockError(3, `client_id: the code was issued to client id "${record.clientId}", not "${clientId}"`)
  }
  if (record.redirectUri !== redirectUri) {
    throw new MockError(
      3,
      `redirect_uri: not the redirect_uri the code was issued for (${record.redirectUri}); Facebook requires the identical one`,
    )
  }
  // RFC 7636 4.6: only the holder of the verifier behind the challenge can redeem the code.
  if (s256Challenge(codeVerifier) !== record.codeChallenge) {
    throw new MockError(3, 'code_verifier: its S256 challenge is not the code_challenge given at authorize')
  }
  const identity = findOAuthIdentity(state, 'facebook', record.sub)
  if (identity === undefined) throw new MockError(13, `code: its facebook identity "${record.sub}" is gone`)
  if (record.nonce === undefined) throw new MockError(13, 'code: issued without the nonce Facebook requires')

  // Spent before signing, with no await since the checks: a concurrent exchange of the code is refused.
  record.usedAt = isoTime(now())
  const idToken = await issueOidcToken(issuer, { identity, clientId, nonce: record.nonce })
  return {
    access_token: base64url.encode(crypto.getRandomValues(new Uint8Array(32))),
    token_type: 'bearer',
    expires_in: ACCESS_TOKEN_LIFETIME_SECONDS,
    id_token: idToken,
  }
}
