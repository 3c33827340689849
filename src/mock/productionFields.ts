// The members production defines for each request body, as data, for strict mode (`strictFields`): the
// production gateway ignores a member it does not define, so a client that sends one relies on nothing,
// and strict mode refuses it so that the kit can never come to rely on it. Transcribed from
// @turnkey/sdk-types (ProxyT*Body and the v1* types they use; v1*Request for the public API);
// productionFields.types.test.ts fails to compile when a list drifts from those types. The types are
// a devDependency and are not imported here: the built mock carries only these names.
import { MockError } from './http'
import { isJsonObject, type JsonObject } from './validate'

/** A member holding a value (string, number, boolean, or a list of them), an object, or a list of objects. */
export type ProductionMember = 'value' | ProductionShape | readonly [ProductionShape]

export interface ProductionShape<M extends string = string> {
  /** Production's name for the type, for messages. */
  readonly type: string
  readonly members: { readonly [K in M]: ProductionMember }
}

function shape<const M extends string>(
  type: string,
  members: { readonly [K in M]: ProductionMember },
): ProductionShape<M> {
  return { type, members }
}

const VALUE = 'value'

export const EMAIL_CUSTOMIZATION = shape('v1ProxyEmailCustomizationParams', { templateId: VALUE })

export const CLIENT_SIGNATURE = shape('v1ClientSignature', {
  publicKey: VALUE,
  scheme: VALUE,
  message: VALUE,
  signature: VALUE,
})

export const API_KEY = shape('v1ApiKeyParamsV2', {
  apiKeyName: VALUE,
  publicKey: VALUE,
  curveType: VALUE,
  expirationSeconds: VALUE,
})

export const ATTESTATION = shape('v1Attestation', {
  credentialId: VALUE,
  clientDataJson: VALUE,
  attestationObject: VALUE,
  transports: VALUE,
})

export const AUTHENTICATOR = shape('v1AuthenticatorParamsV2', {
  authenticatorName: VALUE,
  challenge: VALUE,
  attestation: ATTESTATION,
})

export const OAUTH_PROVIDER = shape('v1OauthProviderParams', { providerName: VALUE, oidcToken: VALUE })

export const OIDC_CLAIMS = shape('v1OidcClaims', { iss: VALUE, sub: VALUE, aud: VALUE })

/** signup_v2's provider: an OIDC token, or (for another audience of the same identity) its claims. */
export const OAUTH_PROVIDER_V2 = shape('v1OauthProviderParamsV2', {
  providerName: VALUE,
  oidcToken: VALUE,
  oidcClaims: OIDC_CLAIMS,
})

export const WALLET_ACCOUNT = shape('v1WalletAccountParams', {
  curve: VALUE,
  pathFormat: VALUE,
  path: VALUE,
  addressFormat: VALUE,
  name: VALUE,
})

/** Production's wallet only: the seed's `{path, curve}` is not production's, and strict mode refuses it. */
export const WALLET = shape('v1WalletParams', { walletName: VALUE, accounts: [WALLET_ACCOUNT], mnemonicLength: VALUE })

/** The proxy's endpoints, by name under /v1/. */
export const PROXY_BODIES = {
  wallet_kit_config: shape('ProxyTGetWalletKitConfigBody', {}),
  wallet_kit_client_params: shape('ProxyTGetWalletKitClientParamsBody', {}),
  otp_init: shape('ProxyTInitOtpBody', { otpType: VALUE, contact: VALUE, emailCustomization: EMAIL_CUSTOMIZATION }),
  otp_verify: shape('ProxyTVerifyOtpBody', { otpId: VALUE, otpCode: VALUE, publicKey: VALUE }),
  otp_login: shape('ProxyTOtpLoginBody', {
    verificationToken: VALUE,
    publicKey: VALUE,
    invalidateExisting: VALUE,
    organizationId: VALUE,
    clientSignature: CLIENT_SIGNATURE,
  }),
  otp_init_v2: shape('ProxyTInitOtpV2Body', {
    otpType: VALUE,
    contact: VALUE,
    emailCustomization: EMAIL_CUSTOMIZATION,
  }),
  otp_verify_v2: shape('ProxyTVerifyOtpV2Body', { otpId: VALUE, encryptedOtpBundle: VALUE }),
  otp_login_v2: shape('ProxyTOtpLoginV2Body', {
    verificationToken: VALUE,
    publicKey: VALUE,
    clientSignature: CLIENT_SIGNATURE,
    invalidateExisting: VALUE,
    organizationId: VALUE,
  }),
  signup: shape('ProxyTSignupBody', {
    userEmail: VALUE,
    userPhoneNumber: VALUE,
    userTag: VALUE,
    userName: VALUE,
    organizationName: VALUE,
    verificationToken: VALUE,
    apiKeys: [API_KEY],
    authenticators: [AUTHENTICATOR],
    oauthProviders: [OAUTH_PROVIDER],
    wallet: WALLET,
    clientSignature: CLIENT_SIGNATURE,
  }),
  signup_v2: shape('ProxyTSignupV2Body', {
    userEmail: VALUE,
    userPhoneNumber: VALUE,
    userTag: VALUE,
    userName: VALUE,
    organizationName: VALUE,
    verificationToken: VALUE,
    apiKeys: [API_KEY],
    authenticators: [AUTHENTICATOR],
    oauthProviders: [OAUTH_PROVIDER_V2],
    wallet: WALLET,
    clientSignature: CLIENT_SIGNATURE,
  }),
  oauth2_authenticate: shape('ProxyTOAuth2AuthenticateBody', {
    provider: VALUE,
    authCode: VALUE,
    redirectUri: VALUE,
    codeVerifier: VALUE,
    nonce: VALUE,
    clientId: VALUE,
  }),
  oauth_login: shape('ProxyTOAuthLoginBody', {
    oidcToken: VALUE,
    publicKey: VALUE,
    invalidateExisting: VALUE,
    organizationId: VALUE,
  }),
  account: shape('ProxyTGetAccountBody', {
    filterType: VALUE,
    filterValue: VALUE,
    verificationToken: VALUE,
    oidcToken: VALUE,
  }),
} as const

export const STAMP_LOGIN_INTENT = shape('v1StampLoginIntent', {
  publicKey: VALUE,
  expirationSeconds: VALUE,
  invalidateExisting: VALUE,
  sessionProfileId: VALUE,
})

export const CREATE_AUTHENTICATORS_INTENT = shape('v1CreateAuthenticatorsIntentV2', {
  authenticators: [AUTHENTICATOR],
  userId: VALUE,
})

export const CREATE_WALLET_INTENT = shape('v1CreateWalletIntent', {
  walletName: VALUE,
  accounts: [WALLET_ACCOUNT],
  mnemonicLength: VALUE,
})

export const SIGN_RAW_PAYLOADS_INTENT = shape('v1SignRawPayloadsIntent', {
  signWith: VALUE,
  payloads: VALUE,
  encoding: VALUE,
  hashFunction: VALUE,
})

export const SIGN_RAW_PAYLOAD_INTENT = shape('v1SignRawPayloadIntentV2', {
  signWith: VALUE,
  payload: VALUE,
  encoding: VALUE,
  hashFunction: VALUE,
})

export const SIGN_TRANSACTION_INTENT = shape('v1SignTransactionIntentV2', {
  signWith: VALUE,
  unsignedTransaction: VALUE,
  type: VALUE,
})

export const SET_ORGANIZATION_FEATURE_INTENT = shape('v1SetOrganizationFeatureIntent', { name: VALUE, value: VALUE })

export const REMOVE_ORGANIZATION_FEATURE_INTENT = shape('v1RemoveOrganizationFeatureIntent', { name: VALUE })

export const PAGINATION = shape('v1Pagination', { limit: VALUE, before: VALUE, after: VALUE })

/** The public API's operations this mock serves, by path under /public/v1/: the activity envelope and its intent. */
export const PUBLIC_API_BODIES = {
  'submit/stamp_login': shape('v1StampLoginRequest', {
    type: VALUE,
    timestampMs: VALUE,
    organizationId: VALUE,
    parameters: STAMP_LOGIN_INTENT,
    generateAppProofs: VALUE,
  }),
  'submit/create_authenticators': shape('v1CreateAuthenticatorsRequest', {
    type: VALUE,
    timestampMs: VALUE,
    organizationId: VALUE,
    parameters: CREATE_AUTHENTICATORS_INTENT,
    generateAppProofs: VALUE,
  }),
  'submit/sign_raw_payloads': shape('v1SignRawPayloadsRequest', {
    type: VALUE,
    timestampMs: VALUE,
    organizationId: VALUE,
    parameters: SIGN_RAW_PAYLOADS_INTENT,
    generateAppProofs: VALUE,
  }),
  'submit/sign_raw_payload': shape('v1SignRawPayloadRequest', {
    type: VALUE,
    timestampMs: VALUE,
    organizationId: VALUE,
    parameters: SIGN_RAW_PAYLOAD_INTENT,
    generateAppProofs: VALUE,
  }),
  'submit/sign_transaction': shape('v1SignTransactionRequest', {
    type: VALUE,
    timestampMs: VALUE,
    organizationId: VALUE,
    parameters: SIGN_TRANSACTION_INTENT,
    generateAppProofs: VALUE,
  }),
  'submit/create_wallet': shape('v1CreateWalletRequest', {
    type: VALUE,
    timestampMs: VALUE,
    organizationId: VALUE,
    parameters: CREATE_WALLET_INTENT,
    generateAppProofs: VALUE,
  }),
  'submit/set_organization_feature': shape('v1SetOrganizationFeatureRequest', {
    type: VALUE,
    timestampMs: VALUE,
    organizationId: VALUE,
    parameters: SET_ORGANIZATION_FEATURE_INTENT,
    generateAppProofs: VALUE,
  }),
  'submit/remove_organization_feature': shape('v1RemoveOrganizationFeatureRequest', {
    type: VALUE,
    timestampMs: VALUE,
    organizationId: VALUE,
    parameters: REMOVE_ORGANIZATION_FEATURE_INTENT,
    generateAppProofs: VALUE,
  }),
  'query/whoami': shape('v1GetWhoamiRequest', { organizationId: VALUE }),
  'query/get_user': shape('v1GetUserRequest', { organizationId: VALUE, userId: VALUE }),
  'query/list_wallets': shape('v1GetWalletsRequest', { organizationId: VALUE }),
  'query/list_wallet_accounts': shape('v1GetWalletAccountsRequest', {
    organizationId: VALUE,
    walletId: VALUE,
    includeWalletDetails: VALUE,
    paginationOptions: PAGINATION,
  }),
} as const

const PROXY_SHAPES: ReadonlyMap<string, ProductionShape> = new Map(Object.entries(PROXY_BODIES))
const PUBLIC_API_SHAPES: ReadonlyMap<string, ProductionShape> = new Map(Object.entries(PUBLIC_API_BODIES))

/** Production's body for a /v1 endpoint, or undefined when production has no such endpoint. */
export function proxyBodyShape(endpoint: string): ProductionShape | undefined {
  return PROXY_SHAPES.get(endpoint)
}

/** Production's body for a public API path (`submit/stamp_login`), or undefined when this list has none. */
export function publicApiBodyShape(path: string): ProductionShape | undefined {
  return PUBLIC_API_SHAPES.get(path)
}

/**
 * Refuses (3 INVALID_ARGUMENT) the first member of `body` that production's `shape` does not define,
 * naming it by its path. `body` has its keys normalized to camelCase, so snake_case spellings pass as
 * the field they spell. Values of the wrong type are left to the endpoint's readers, which say what
 * was expected.
 */
export function assertProductionFields(operation: string, shape: ProductionShape, body: JsonObject): void {
  checkObject(operation, shape, body, '')
}

function checkObject(operation: string, shape: ProductionShape, object: JsonObject, path: string): void {
  const members: Readonly<Record<string, ProductionMember>> = shape.members
  for (const [name, value] of Object.entries(object)) {
    const fieldPath = path === '' ? name : `${path}.${name}`
    if (!Object.hasOwn(members, name)) {
      const known = Object.keys(members)
      const list = known.length === 0 ? 'no members' : known.join(', ')
      throw new MockError(
        3,
        `${operation}: ${fieldPath} is not a field of production's ${path === '' ? operation : path} (${shape.type}: ${list})`,
      )
    }
    const member = members[name] as ProductionMember
    if (member === VALUE) continue
    if (Array.isArray(member)) {
      const [itemShape] = member as readonly [ProductionShape]
      if (!Array.isArray(value)) continue
      value.forEach((item: unknown, index) => {
        if (isJsonObject(item)) checkObject(operation, itemShape, item, `${fieldPath}[${index}]`)
      })
      continue
    }
    if (isJsonObject(value)) checkObject(operation, member as ProductionShape, value, fieldPath)
  }
}
