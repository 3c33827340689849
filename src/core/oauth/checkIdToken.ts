// A provider's id_token is checked before the kit sends it anywhere. The kit cannot verify the
// signature (the proxy does, against the provider's keys), but it can refuse a token that is not for
// this sign-in: one whose nonce is not its key's (a token injected into the answer, e.g. from another
// person's sign-in, which would log this browser into their account or theirs into this key) or whose
// audience is another app.
import type { JWTPayload } from 'jose'
import { decodeJwtPayload } from '../encoding'
import { KitError } from '../errors'

export interface CheckIdTokenParameters {
  /** Names the token in error messages ("Google's id_token"). */
  label: string
  /** The pending sign-in's nonce, oauthNonce(publicKey). */
  nonce: string
  /** The client id the provider was asked with: the token's audience. */
  clientId: string
}

/**
 * Decodes `idToken` and checks that its `nonce` is this sign-in's and its `aud` names `clientId` (a
 * string, or a list holding it). Returns the claims; throws OAUTH_PROVIDER_ERROR naming the claim.
 */
export function checkIdToken(idToken: string, { label, nonce, clientId }: CheckIdTokenParameters): JWTPayload {
  let claims: JWTPayload
  try {
    claims = decodeJwtPayload(idToken) as JWTPayload
  } catch (cause) {
    throw new KitError(
      'OAUTH_PROVIDER_ERROR',
      `${label} is not a JWT (${cause instanceof Error ? cause.message : String(cause)})`,
      { cause },
    )
  }
  if (claims.nonce !== nonce) {
    const got = typeof claims.nonce === 'string' ? 'another sign-in’s nonce' : 'no nonce'
    throw new KitError(
      'OAUTH_PROVIDER_ERROR',
      `${label} has ${got}: it is not for this sign-in’s key, and is not sent on`,
    )
  }
  const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud]
  if (!audiences.includes(clientId)) {
    throw new KitError(
      'OAUTH_PROVIDER_ERROR',
      `${label} is for another app: its aud ${JSON.stringify(claims.aud ?? null)} is not the client id ${JSON.stringify(clientId)}`,
    )
  }
  return claims
}
