import { secp256k1 } from '@noble/curves/secp256k1.js'
import type { ApiKeyCurve, SignupOAuthProvider, SignupResponse } from '../../core/types'
import { assertCredentialsNew, readAuthenticator, verifyAttestations } from '../attestations'
import { readClientSignature, verifyClientSignature } from '../clientSignature'
import { MockError } from '../http'
import { checkOidcToken, type CheckedOidcToken } from '../oidcTokens'
import { contactsMatch, findUserByEmail, findUserByOAuthIdentity, findUserByPhoneNumber } from '../state'
import type { TokenAuthority } from '../tokens'
import type {
  MockApiKey,
  MockOAuthProviderLink,
  MockOrganization,
  MockState,
  MockUser,
  MockWalletSpec,
  ResolvedMockTenant,
} from '../types'
import { assertNotRedeemed, checkVerificationToken, type CheckedVerificationToken } from '../verificationTokens'
import { isHex, parsesAsP256Point, type Fields, type JsonObject } from '../validate'
import { createWallet, newWalletSeed } from '../wallets/createWallet'
import { addressFormatForCurve, checkAccountSpec, CURVES } from '../wallets/deriveAccount'
import { isoTime, type EndpointContext } from './context'

const API_KEY_CURVES: readonly ApiKeyCurve[] = [
  'API_KEY_CURVE_P256',
  'API_KEY_CURVE_SECP256K1',
  'API_KEY_CURVE_ED25519',
]

interface ReadApiKey {
  apiKeyName: string
  publicKey: string
  curveType: ApiKeyCurve
  expirationSeconds: number | undefined
}

interface CheckedOAuthProvider extends CheckedOidcToken {
  providerName: string
  /** `oauthProviders[i]` */
  item: string
  field: string
}

/** One item of `oauthProviders` as read: an OIDC token, or (signup_v2 only) another audience's claims. */
export type ReadOAuthProvider =
  | { providerName: string; oidcToken: string }
  | { providerName: string; oidcClaims: { iss: string; sub: string; aud: string } }

/** What differs between production's two sign-up endpoints; everything else is one code path. */
export interface SignupVersion {
  /** The client signature message's usage member: `signup` (v1) or `signupV2` (@turnkey/core 2.x). */
  usageMember: 'signup' | 'signupV2'
  readOAuthProvider: (provider: Fields) => ReadOAuthProvider
}

const SIGNUP_V1: SignupVersion = { usageMember: 'signup', readOAuthProvider }

/** POST /v1/signup: production's ProxyTSignupBody. */
export function signup(context: EndpointContext): Promise<SignupResponse> {
  return createSubOrganization(context, SIGNUP_V1)
}

/**
 * Creates a sub-organization under the tenant's organization, with its root user and optionally a
 * wallet. An email or phone number only goes on an account when a verification token proves it, and
 * that token's key must sign this exact signup. Each OAuth provider's OIDC token is verified and its
 * (iss, sub) linked to the user, once per tenant; its email claim is kept on the link and does not
 * make the account's email, which only an OTP proves. Each passkey's attestation is verified against
 * the request's Origin and the tenant's RP ID, and a credential registers once per tenant. An account
 * may have no email or phone at all: a passkey or an API key is proof enough to sign in later.
 */
export async function createSubOrganization(
  { tenant, body, state, tokens, now, origin }: EndpointContext,
  version: SignupVersion,
): Promise<SignupResponse> {
  const apiKeys = body.objects('apiKeys').map(readApiKey)
  const authenticators = body.objects('authenticators').map(readAuthenticator)
  const oauthProviders = body.objects('oauthProviders').map(version.readOAuthProvider)
  const userEmail = body.optionalEmail('userEmail')
  const userPhoneNumber = body.optionalPhoneNumber('userPhoneNumber')
  const userName = body.optionalString('userName')
  const organizationName = body.optionalString('organizationName')
  const userTag = body.optionalString('userTag')
  const verificationToken = body.optionalString('verificationToken')
  const clientSignature = readClientSignature(body)
  // A sign-up naming no wallet gets the tenant's default one, as production's dashboard setting gives.
  const wallet = body.has('wallet') ? readWallet(body.nested('wallet')) : (tenant.defaultWallet ?? undefined)

  let checked: CheckedVerificationToken | undefined
  if (verificationToken === undefined) {
    if (userEmail !== undefined || userPhoneNumber !== undefined) {
      const field = userEmail !== undefined ? 'userEmail' : 'userPhoneNumber'
      throw new MockError(
        3,
        `verificationToken: required when ${field} is given; prove it first with otp_init and otp_verify`,
      )
    }
  } else {
    checked = await checkVerificationToken(tokens, state, tenant, verificationToken)
    assertNotRedeemed(checked.record, 'USAGE_TYPE_SIGNUP')
    assertTokenProvesContacts(checked, userEmail, userPhoneNumber)
    const usage: JsonObject = {
      apiKeys: body.value('apiKeys'),
      authenticators: body.value('authenticators'),
      oauthProviders: body.value('oauthProviders'),
    }
    if (body.has('userEmail')) usage['email'] = body.value('userEmail')
    if (body.has('userPhoneNumber')) usage['phoneNumber'] = body.value('userPhoneNumber')
    verifyClientSignature({
      signature: clientSignature,
      claims: checked.claims,
      usage: 'USAGE_TYPE_SIGNUP',
      expected: usage,
      usageMember: version.usageMember,
    })
  }
  const checkedProviders = await checkOAuthProviders(tokens, state, tenant, oauthProviders)
  const verifiedAuthenticators = await verifyAttestations(authenticators, {
    tenant,
    state,
    origin,
    field: 'authenticators',
    now,
  })
  // The wallet's seed before the checks below: they and the writes run with no wait between them.
  const seed = wallet === undefined ? undefined : await newWalletSeed()
  // Checked after every await: nothing can register the address between this check and the writes.
  if (userEmail !== undefined && findUserByEmail(state, tenant, userEmail) !== undefined) {
    throw new MockError(6, `userEmail: an account for ${userEmail} already exists; log in instead`)
  }
  if (userPhoneNumber !== undefined && findUserByPhoneNumber(state, tenant, userPhoneNumber) !== undefined) {
    throw new MockError(6, `userPhoneNumber: an account for ${userPhoneNumber} already exists; log in instead`)
  }
  for (const { claims, provider, field } of checkedProviders) {
    if (findUserByOAuthIdentity(state, tenant, claims.iss, claims.sub) !== undefined) {
      throw new MockError(6, `${field}: this ${provider} identity already has an account; log in instead`)
    }
  }
  const credentialIds = verifiedAuthenticators.map((authenticator) => authenticator.credentialId)
  assertCredentialsNew(state, tenant, credentialIds, 'authenticators')
  if (checked !== undefined) assertNotRedeemed(checked.record, 'USAGE_TYPE_SIGNUP')

  const createdAt = now()
  const organizationId = crypto.randomUUID()
  const user: MockUser = {
    userId: crypto.randomUUID(),
    organizationId,
    apiKeys: apiKeys.map((key): MockApiKey => {
      const stored: MockApiKey = { apiKeyName: key.apiKeyName, publicKey: key.publicKey, curveType: key.curveType }
      if (key.expirationSeconds !== undefined) stored.expiresAt = isoTime(createdAt + key.expirationSeconds * 1000)
      return stored
    }),
    authenticators: verifiedAuthenticators,
    oauthProviders: checkedProviders.map(({ providerName, provider, claims }): MockOAuthProviderLink => {
      const link: MockOAuthProviderLink = {
        providerName,
        provider,
        issuer: claims.iss,
        subject: claims.sub,
        audience: claims.aud,
        linkedAt: isoTime(createdAt),
      }
      if (claims.email !== undefined) link.email = claims.email
      return link
    }),
    createdAt: isoTime(createdAt),
  }
  if (userName !== undefined) user.userName = userName
  if (userEmail !== undefined) user.email = userEmail.toLowerCase()
  if (userPhoneNumber !== undefined) user.phoneNumber = userPhoneNumber
  if (userTag !== undefined) user.userTag = userTag
  const organization: MockOrganization = {
    organizationId,
    parentOrganizationId: tenant.organizationId,
    configId: tenant.configId,
    rootUserIds: [user.userId],
    wallets: [],
    createdAt: isoTime(createdAt),
  }
  if (organizationName !== undefined) organization.organizationName = organizationName
  const response: SignupResponse = { organizationId, userId: user.userId }
  if (wallet !== undefined && seed !== undefined) {
    const created = createWallet(organizationId, wallet, createdAt, seed)
    organization.wallets.push(created)
    response.wallet = { walletId: created.walletId, addresses: created.accounts.map((account) => account.address) }
  }
  state.organizations[organizationId] = organization
  state.users[user.userId] = user
  checked?.record.usedFor.push('USAGE_TYPE_SIGNUP')
  return response
}

/** An email token proves its email and nothing else; likewise an SMS token its phone number. */
function assertTokenProvesContacts(
  { claims }: CheckedVerificationToken,
  userEmail: string | undefined,
  userPhoneNumber: string | undefined,
): void {
  if (claims.verification_type === 'OTP_TYPE_EMAIL') {
    if (userEmail === undefined) {
      throw new MockError(3, `userEmail: required with an email verification token; expected ${claims.contact}`)
    }
    if (!contactsMatch(userEmail, claims.contact)) {
      throw new MockError(16, `userEmail: ${userEmail} is not the email the verification token proves`)
    }
    if (userPhoneNumber !== undefined) {
      throw new MockError(16, 'userPhoneNumber: not proven (the verification token proves an email)')
    }
  } else {
    if (userPhoneNumber === undefined) {
      throw new MockError(3, `userPhoneNumber: required with an SMS verification token; expected ${claims.contact}`)
    }
    if (userPhoneNumber !== claims.contact) {
      throw new MockError(16, `userPhoneNumber: ${userPhoneNumber} is not the number the verification token proves`)
    }
    if (userEmail !== undefined) {
      throw new MockError(16, 'userEmail: not proven (the verification token proves a phone number)')
    }
  }
}

function readApiKey(key: Fields): ReadApiKey {
  const apiKeyName = key.nonEmptyString('apiKeyName')
  const curveType = key.oneOf('curveType', API_KEY_CURVES)
  const publicKey = key.string('publicKey')
  if (!isValidApiPublicKey(publicKey, curveType)) {
    const expected =
      curveType === 'API_KEY_CURVE_ED25519'
        ? 'an Ed25519 public key as 64 hex characters'
        : `a ${curveType === 'API_KEY_CURVE_P256' ? 'P-256' : 'secp256k1'} public key as hex (66 characters compressed or 130 uncompressed) on the curve`
    throw new MockError(3, `${key.name('publicKey')}: expected ${expected}`)
  }
  const expirationSeconds = key.optionalInteger('expirationSeconds')
  if (expirationSeconds !== undefined && expirationSeconds < 1) {
    throw new MockError(
      3,
      `${key.name('expirationSeconds')}: expected a positive number of seconds, got ${expirationSeconds}`,
    )
  }
  return { apiKeyName, publicKey, curveType, expirationSeconds }
}

function isValidApiPublicKey(publicKey: string, curve: ApiKeyCurve): boolean {
  if (!isHex(publicKey)) return false
  if (curve === 'API_KEY_CURVE_ED25519') return publicKey.length === 64
  if (publicKey.length !== 66 && publicKey.length !== 130) return false
  if (curve === 'API_KEY_CURVE_P256') return parsesAsP256Point(publicKey)
  try {
    secp256k1.Point.fromHex(publicKey)
    return true
  } catch {
    return false
  }
}

/** Shape only; checkOAuthProviders verifies the tokens. */
function readOAuthProvider(provider: Fields): SignupOAuthProvider {
  return { providerName: provider.nonEmptyString('providerName'), oidcToken: provider.nonEmptyString('oidcToken') }
}

/**
 * Verifies each OIDC token; one identity twice in a request is refused rather than linked twice. Claims
 * (signup_v2) prove nothing by themselves: production's client sends them as further audiences (other
 * client ids) of the identity a token of the same request proves, so each must name such an identity.
 * They add no link: the mock finds an account by (iss, sub), which the token's link already holds.
 */
async function checkOAuthProviders(
  tokens: TokenAuthority,
  state: MockState,
  tenant: ResolvedMockTenant,
  oauthProviders: ReadOAuthProvider[],
): Promise<CheckedOAuthProvider[]> {
  const checked: CheckedOAuthProvider[] = []
  const claimed: { index: number; claims: { iss: string; sub: string; aud: string } }[] = []
  for (const [index, provider] of oauthProviders.entries()) {
    if ('oidcClaims' in provider) {
      claimed.push({ index, claims: provider.oidcClaims })
      continue
    }
    const item = `oauthProviders[${index}]`
    const field = `${item}.oidcToken`
    const result = await checkOidcToken(tokens, state, tenant, provider.oidcToken, field)
    const earlier = checked.findIndex(
      ({ claims }) => claims.iss === result.claims.iss && claims.sub === result.claims.sub,
    )
    if (earlier !== -1) {
      throw new MockError(
        3,
        `${field}: the same ${result.provider} identity as ${checked[earlier]?.item ?? ''}; link it once`,
      )
    }
    checked.push({ ...result, providerName: provider.providerName, item, field })
  }
  const audiences = new Map<string, number>()
  for (const { index, claims } of claimed) {
    const field = `oauthProviders[${index}].oidcClaims`
    const proven = checked.find((token) => token.claims.iss === claims.iss && token.claims.sub === claims.sub)
    if (proven === undefined) {
      throw new MockError(
        16,
        `${field}: iss "${claims.iss}", sub "${claims.sub}" is no identity an oidcToken of this request proves; claims only add an audience to a proven identity`,
      )
    }
    if (claims.aud === proven.claims.aud) {
      throw new MockError(
        3,
        `${field}.aud: "${claims.aud}" is already the audience of ${proven.field}; name another client id`,
      )
    }
    const key = JSON.stringify([claims.iss, claims.sub, claims.aud])
    const earlier = audiences.get(key)
    if (earlier !== undefined) {
      throw new MockError(3, `${field}: the same claims as oauthProviders[${earlier}].oidcClaims; send them once`)
    }
    audiences.set(key, index)
  }
  return checked
}

/** At most this many accounts in a sign-up's wallet: each is a derivation, and a wallet app makes one or two. */
export const MAX_WALLET_ACCOUNTS = 32

/**
 * The seed's `{path, curve}` (its address format follows from the curve) or the production
 * `{walletName, accounts}`; every account one the mock derives (checkAccountSpec).
 */
function readWallet(wallet: Fields): MockWalletSpec {
  if (wallet.has('accounts')) {
    const items = wallet.objects('accounts')
    if (items.length === 0) throw new MockError(3, `${wallet.name('accounts')}: expected at least one account`)
    if (items.length > MAX_WALLET_ACCOUNTS) {
      throw new MockError(3, `${wallet.name('accounts')}: ${items.length} accounts; at most ${MAX_WALLET_ACCOUNTS}`)
    }
    const accounts = items.map((account) =>
      checkAccountSpec(
        {
          curve: account.nonEmptyString('curve'),
          pathFormat: account.nonEmptyString('pathFormat'),
          path: account.nonEmptyString('path'),
          addressFormat: account.nonEmptyString('addressFormat'),
        },
        account.path,
      ),
    )
    return { walletName: wallet.nonEmptyString('walletName'), accounts }
  }
  if (wallet.has('path') || wallet.has('curve')) {
    const curve = wallet.nonEmptyString('curve')
    const known = CURVES.find((candidate) => candidate === curve)
    const account = checkAccountSpec(
      {
        curve,
        pathFormat: 'PATH_FORMAT_BIP32',
        path: wallet.nonEmptyString('path'),
        addressFormat: known === undefined ? '' : addressFormatForCurve(known),
      },
      wallet.path,
    )
    return { walletName: 'Default wallet', accounts: [account] }
  }
  throw new MockError(3, `${wallet.path}: expected {path, curve} or {walletName, accounts}`)
}
