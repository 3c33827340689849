// The mock's limits, in one place. A mock that runs beside a real app (a shared dev server, a CI job
// with a public tunnel) must not be made to hold arbitrary amounts of memory, and the kit must not come
// to rely on a size production refuses. Each number says where it comes from.

/** The production gateway's request limit (WIRE.md, Transport): a larger body is 8 RESOURCE_EXHAUSTED. */
export const MAX_BODY_BYTES = 4 * 1024 * 1024

/**
 * JSON nesting deeper than this is 3 INVALID_ARGUMENT (WIRE.md, Transport). The deepest production body
 * (signup: body → authenticators[] → item → attestation → transports[]) is 5 levels; 64 is
 * protobuf's own default recursion limit.
 */
export const MAX_JSON_DEPTH = 64

/**
 * Caps on the arrays a request may carry, by field name: production's resource limits per user
 * (docs.turnkey.com, "Resource limits": 10 authenticators, 10 long-lived and 10 expiring API keys, 10
 * OAuth providers), and where production states none, a mock cap far above what a client sends. Without
 * them one unproven 2 MB sign-up held 20,000 API keys, and every later stamp by a key of the tenant's
 * parent organization was checked against each.
 */
const ARRAY_FIELD_CAPS: ReadonlyMap<string, number> = new Map([
  ['apiKeys', 20],
  ['authenticators', 10],
  ['oauthProviders', 10],
  // A passkey's transports: the enum has five values.
  ['transports', 5],
  // Production has no limit on a wallet's accounts; a sign-up's wallet has a few (the kit's, two).
  ['accounts', 100],
  // sign_raw_payloads: production states none; a batch of 100 signatures is already a large one.
  ['payloads', 100],
])

/** Any array field not named above (a member the mock ignores included). */
export const DEFAULT_ARRAY_CAP = 100

/** The most items the array field `field` may hold. */
export function arrayCap(field: string): number {
  return ARRAY_FIELD_CAPS.get(field) ?? DEFAULT_ARRAY_CAP
}

/**
 * How long an expired record (an OTP, a verification token, an OAuth code, an OIDC token) is kept
 * before it is pruned: a late caller is told that it expired, rather than that it never existed.
 * Replay protection does not depend on it: each of these is refused once expired.
 */
export const EXPIRED_RECORD_GRACE_MS = 10 * 60 * 1000

/** How long the dev outbox keeps a message, and how many it keeps at most (newest first). */
export const OUTBOX_MAX_AGE_MS = 60 * 60 * 1000
export const OUTBOX_MAX_MESSAGES = 1000

// Caps on string fields, in UTF-16 code units (String.length). They bound what a request can make the
// mock store (a 20 MB `userName` kept forever) or scan, and are generous: each is well above anything a
// real client sends.

/** Display names and tags: production's dashboard shows them; 256 is the longest it lets one type. */
const NAME = 256
/** RFC 5321: a forward-path (an address) is at most 254 characters. */
const EMAIL = 254
/** E.164: '+' and at most 15 digits. */
const PHONE = 16
/** Codes are 6..9 characters; 16 leaves room for a pasted code with spaces. */
const OTP_CODE = 16
/** UUIDs (36), enum names (API_KEY_CURVE_SECP256K1), BIP-32 paths, decimal integers. */
const ID = 128
/** OpenID Connect Core 2: a `sub` is at most 255 ASCII characters. */
const OIDC_SUBJECT = 255
/** Public keys: 130 hex characters uncompressed P-256 or secp256k1, 66 compressed, 64 Ed25519. */
const PUBLIC_KEY = 256
/** ECDSA signatures as hex: 128 raw r‖s, at most 144 DER. */
const SIGNATURE = 256
/** JWTs (verification tokens, OIDC tokens, sessions): a few hundred bytes from this mock, a few KB from an identity provider. */
const TOKEN = 16 * 1024
/** URLs: the de facto limit of browsers and servers for a URL. */
const URL = 2048
/** OAuth authorization codes: opaque, a few hundred characters at Google or Apple. */
const AUTH_CODE = 4096
/** RFC 7636 4.1: a code verifier is 43..128 characters. */
const CODE_VERIFIER = 128
/** WebAuthn challenges (base64url of 16..64 bytes) and credential ids (at most 1023 bytes, base64url). */
const WEBAUTHN_ID = 2048
/** WebAuthn attestation objects and clientDataJSON: a packed attestation with its certificate chain is a few KB. */
const ATTESTATION = 64 * 1024
/**
 * A client signature's message repeats the signup's arrays (attestations included), so it may be as
 * long as the request allows: the body limit bounds it.
 */
const SIGNED_MESSAGE = MAX_BODY_BYTES
/**
 * A payload to sign (sign_raw_payload, each of sign_raw_payloads): a long message or EIP-712 typed data
 * (a Permit is about 1 KB of JSON), well below the body limit.
 */
export const MAX_PAYLOAD_CHARS = 65_536
/**
 * An unsigned transaction as hex: geth refuses a transaction over 128 KiB (txMaxSize), two hex digits a
 * byte; a Solana transaction is at most 1232 bytes (a packet).
 */
export const MAX_UNSIGNED_TRANSACTION_CHARS = 2 * 128 * 1024
/** Any string field not named below: longer than any name or id, far shorter than the body. */
export const DEFAULT_STRING_CAP = 4096

/** By field name (the last member of its path: `apiKeys[0].publicKey` is capped as `publicKey`). */
const STRING_FIELD_CAPS: ReadonlyMap<string, number> = new Map([
  ['userName', NAME],
  ['organizationName', NAME],
  ['userTag', NAME],
  ['apiKeyName', NAME],
  ['authenticatorName', NAME],
  ['providerName', NAME],
  ['walletName', NAME],
  ['name', NAME],
  ['appName', NAME],
  ['sendFromEmailSenderName', NAME],
  ['userIdentifier', NAME],
  ['userEmail', EMAIL],
  ['email', EMAIL],
  ['contact', EMAIL],
  ['sendFromEmailAddress', EMAIL],
  ['replyToEmailAddress', EMAIL],
  ['userPhoneNumber', PHONE],
  ['phoneNumber', PHONE],
  ['otpCode', OTP_CODE],
  ['otpId', ID],
  ['organizationId', ID],
  ['userId', ID],
  ['walletId', ID],
  ['templateId', ID],
  ['clientId', ID],
  ['otpType', ID],
  ['filterType', ID],
  ['curveType', ID],
  ['curve', ID],
  ['pathFormat', ID],
  ['path', ID],
  ['addressFormat', ID],
  ['scheme', ID],
  ['provider', ID],
  ['type', ID],
  ['timestampMs', ID],
  ['expirationSeconds', ID],
  ['otpLength', ID],
  ['nonce', ID],
  ['sub', OIDC_SUBJECT],
  ['publicKey', PUBLIC_KEY],
  ['signature', SIGNATURE],
  ['clientSignature', SIGNATURE],
  ['verificationToken', TOKEN],
  ['oidcToken', TOKEN],
  ['filterValue', TOKEN],
  ['templateVariables', TOKEN],
  ['redirectUri', URL],
  ['logoUrl', URL],
  ['magicLinkTemplate', URL],
  ['authCode', AUTH_CODE],
  ['codeVerifier', CODE_VERIFIER],
  ['challenge', WEBAUTHN_ID],
  ['credentialId', WEBAUTHN_ID],
  ['clientDataJson', ATTESTATION],
  ['attestationObject', ATTESTATION],
  ['message', SIGNED_MESSAGE],
  ['payload', MAX_PAYLOAD_CHARS],
  ['unsignedTransaction', MAX_UNSIGNED_TRANSACTION_CHARS],
])

/** The longest string `field` may hold. */
export function stringCap(field: string): number {
  return STRING_FIELD_CAPS.get(field) ?? DEFAULT_STRING_CAP
}
