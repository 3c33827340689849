import type { OtpVerifyV2Response } from '../../core/types'
import type { VerificationTokenV2Claims } from '../enclave'
import { MockError } from '../http'
import { isCompressedPublicKey } from '../../core/keys/compressedPublicKey'
import { VERIFICATION_TOKEN_LIFETIME_SECONDS } from '../tokens'
import type { EndpointContext } from './context'
import { assertUsable, checkCode, findOtp, issueVerificationToken } from './otpVerify'

/**
 * POST /v1/otp_verify_v2: the code and the client's key arrive encrypted to the code's target
 * (otp_init_v2), never in plaintext. Opened, they are checked as otp_verify checks them (the same tries,
 * the same codes and messages), and the answer is a token of the current generation: signed by the
 * enclave's key, every claim a string, `exp` in milliseconds, with the tenant's `organization_id`.
 */
export async function otpVerifyV2(context: EndpointContext): Promise<OtpVerifyV2Response> {
  const { tenant, body, enclave, now } = context
  const otpId = body.nonEmptyString('otpId')
  const encryptedOtpBundle = body.nonEmptyString('encryptedOtpBundle')

  const otp = findOtp(context, otpId, 'otp_init_v2')
  if (otp.target === undefined) {
    throw new MockError(
      3,
      `otpId: "${otpId}" was sent by otp_init, whose code is verified in plaintext (otp_verify); request a code with otp_init_v2`,
    )
  }
  assertUsable(otp, now())
  const field = body.name('encryptedOtpBundle')
  const { otpCode, publicKey } = readPlaintext(await enclave.open(otp.target, encryptedOtpBundle, field), field)
  checkCode(otp, otpCode)

  const expiresAt = now() + VERIFICATION_TOKEN_LIFETIME_SECONDS * 1000
  const claims: VerificationTokenV2Claims = {
    id: crypto.randomUUID(),
    verification_type: otp.otpType,
    contact: otp.contact,
    organization_id: tenant.organizationId,
    public_key: publicKey,
    exp: String(expiresAt),
  }
  return issueVerificationToken(context, otp, { id: claims.id, publicKey, expiresAt }, () => enclave.signToken(claims))
}

/** The sealed JSON: `{"otp_code": …, "public_key": <compressed P-256, hex>}`, as encryptOtpCodeToBundle seals it. */
function readPlaintext(bytes: Uint8Array, field: string): { otpCode: string; publicKey: string } {
  let parsed: unknown
  try {
    parsed = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes))
  } catch {
    throw new MockError(3, `${field}: opens, but not to the JSON {otp_code, public_key}`)
  }
  const { otp_code: otpCode, public_key: publicKey } = (parsed ?? {}) as Record<string, unknown>
  if (typeof otpCode !== 'string' || otpCode === '') {
    throw new MockError(3, `${field}: the sealed otp_code is missing or not a string`)
  }
  if (!isCompressedPublicKey(publicKey)) {
    throw new MockError(
      3,
      `${field}: the sealed public_key is not a compressed P-256 key (66 lowercase hex digits, 02 or 03 first)`,
    )
  }
  return { otpCode, publicKey }
}
