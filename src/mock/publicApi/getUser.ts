import { p256 } from '@noble/curves/nist.js'
import { bytesToHex } from '@noble/hashes/utils.js'
import { convertCOSEtoPKCS } from '@simplewebauthn/server/helpers'
import { base64url } from 'jose'
import type {
  GetUserResponse,
  PublicApiKey,
  PublicAuthenticator,
  PublicOAuthProvider,
  PublicUser,
} from '../../core/publicApiTypes'
import { MockError } from '../http'
import type { MockApiKey, MockAuthenticator, MockOAuthProviderLink, MockUser } from '../types'
import type { PublicApiContext } from './context'
import { protobufTime } from './protobufTimestamp'
import { verifyQueryStamp } from './verifyQueryStamp'

/**
 * The query `get_user` (`{organizationId, userId}`, stamped): production's v1User for a user of the
 * stamping user's own organization; a userId not in it is 5 NOT_FOUND.
 */
export async function getUser(context: PublicApiContext): Promise<GetUserResponse> {
  const { body, scope } = context
  const userId = body.nonEmptyString('userId')
  await verifyQueryStamp(context)
  const user = scope.users.find((candidate) => candidate.userId === userId)
  if (user === undefined)
    throw new MockError(5, `userId: no user "${userId}" in organization "${scope.organizationId}"`)
  return { user: publicUser(user) }
}

export function publicUser(user: MockUser): PublicUser {
  const answer: PublicUser = {
    userId: user.userId,
    userName: user.userName ?? '',
    authenticators: user.authenticators.map(publicAuthenticator),
    apiKeys: user.apiKeys.map((key, index) => publicApiKey(user, key, index)),
    userTags: [],
    oauthProviders: user.oauthProviders.map((link, index) => publicOAuthProvider(user, link, index)),
    createdAt: protobufTime(user.createdAt),
    updatedAt: protobufTime(user.createdAt),
    mfaPolicies: [],
  }
  if (user.email !== undefined) answer.userEmail = user.email
  if (user.phoneNumber !== undefined) answer.userPhoneNumber = user.phoneNumber
  return answer
}

function publicAuthenticator(authenticator: MockAuthenticator): PublicAuthenticator {
  const at = protobufTime(authenticator.createdAt)
  return {
    transports: authenticator.transports,
    attestationType: authenticator.fmt,
    aaguid: authenticator.aaguid,
    credentialId: authenticator.credentialId,
    model: '',
    credential: {
      publicKey: credentialPublicKey(authenticator.publicKey),
      type: 'CREDENTIAL_TYPE_WEBAUTHN_AUTHENTICATOR',
    },
    authenticatorId: authenticator.authenticatorId,
    authenticatorName: authenticator.authenticatorName,
    createdAt: at,
    updatedAt: at,
  }
}

/** Production names a passkey's key as compressed P-256 hex; a key of another kind as its COSE bytes, hex. */
function credentialPublicKey(coseBase64url: string): string {
  const cose = base64url.decode(coseBase64url)
  try {
    return p256.Point.fromBytes(convertCOSEtoPKCS(new Uint8Array(cose))).toHex(true)
  } catch {
    return bytesToHex(cose)
  }
}

const API_KEY_CREDENTIAL_TYPES: Readonly<Record<MockApiKey['curveType'], string>> = {
  API_KEY_CURVE_P256: 'CREDENTIAL_TYPE_API_KEY_P256',
  API_KEY_CURVE_SECP256K1: 'CREDENTIAL_TYPE_API_KEY_SECP256K1',
  API_KEY_CURVE_ED25519: 'CREDENTIAL_TYPE_API_KEY_ED25519',
}

/** The mock keeps no API key id: a stable one is made from the user and the key's place. */
function publicApiKey(user: MockUser, key: MockApiKey, index: number): PublicApiKey {
  const at = protobufTime(user.createdAt)
  const answer: PublicApiKey = {
    credential: { publicKey: key.publicKey.toLowerCase(), type: API_KEY_CREDENTIAL_TYPES[key.curveType] },
    apiKeyId: `${user.userId}:api-key:${index}`,
    apiKeyName: key.apiKeyName,
    createdAt: at,
    updatedAt: at,
  }
  if (key.expiresAt !== undefined) {
    answer.expirationSeconds = String(Math.round((Date.parse(key.expiresAt) - Date.parse(user.createdAt)) / 1000))
  }
  return answer
}

/** v1OauthProvider names the identity (issuer, subject, audience), not the person's email. */
function publicOAuthProvider(user: MockUser, link: MockOAuthProviderLink, index: number): PublicOAuthProvider {
  const at = protobufTime(link.linkedAt)
  return {
    providerId: `${user.userId}:oauth:${index}`,
    providerName: link.providerName,
    issuer: link.issuer,
    audience: link.audience ?? '',
    subject: link.subject,
    createdAt: at,
    updatedAt: at,
  }
}
