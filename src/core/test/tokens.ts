// JWTs shaped like the proxy's, signed ES256 with a throwaway key (the kit decodes, never verifies).
import { SignJWT, generateKeyPair, type CryptoKey as JoseKey } from 'jose'

let signingKey: Promise<JoseKey> | undefined

export async function signJwt(payload: Record<string, unknown>): Promise<string> {
  signingKey ??= generateKeyPair('ES256').then((pair) => pair.privateKey)
  return new SignJWT(payload).setProtectedHeader({ alg: 'ES256', typ: 'JWT' }).sign(await signingKey)
}

export interface SessionTokenClaims {
  exp: number
  public_key: string
  user_id?: string
  organization_id?: string
  session_type?: string
}

export function sessionToken(claims: SessionTokenClaims): Promise<string> {
  return signJwt({
    user_id: 'user-1',
    organization_id: 'org-1',
    session_type: 'SESSION_TYPE_READ_WRITE',
    ...claims,
  })
}
