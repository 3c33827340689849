// The checks of what a caller gives the OTP actions, each made once, at the edge (startOtp, completeOtp,
// the channels' actions, createOtpFlow's verbs), before any request: the contact, the code, the code's
// format, the email template, and the options that moved to the tenant's configuration.
import { assertNonEmptyString, assertObject, invalidArgument } from '../assert'
import { KitError, type KitErrorCode } from '../errors'
import type { EmailCustomization, OtpType, WalletKitConfigResponse } from '../types'
import { isE164PhoneNumber, isValidEmail, normalizePhoneNumber } from '../validators'
import { normalizeOtpCode } from './normalizeOtpCode'
import type { OtpChallenge } from './otpChallenge'

/** What wallet_kit_config reports when the tenant sets nothing (WIRE.md). */
const DEFAULT_OTP_LENGTH = 6
const DEFAULT_ALPHANUMERIC = true

/**
 * The part of wallet_kit_config that says what a code looks like: `otpLength` (decimal string) and
 * `otpAlphanumeric`. A production proxy may leave either out: then 6 and true (WIRE.md).
 */
export type OtpCodeConfig = Partial<Pick<WalletKitConfigResponse, 'otpLength' | 'otpAlphanumeric'>>

/** A code's length and alphabet, checked: what a challenge carries. */
export type OtpCodeFormat = Pick<OtpChallenge, 'otpLength' | 'alphanumeric'>

const CONTACTS: Record<OtpType, { label: string; check(contact: unknown): string | undefined; error: KitErrorCode }> = {
  OTP_TYPE_EMAIL: {
    label: 'an email address',
    check: (contact) => {
      const email = typeof contact === 'string' ? contact.trim() : undefined
      return isValidEmail(email) ? email : undefined
    },
    error: 'INVALID_EMAIL',
  },
  OTP_TYPE_SMS: {
    label: 'a phone number in E.164 form, like +447700900123',
    check: (contact) => {
      const phoneNumber = normalizePhoneNumber(contact)
      return isE164PhoneNumber(phoneNumber) ? phoneNumber : undefined
    },
    error: 'INVALID_PHONE',
  },
}

/**
 * The contact of a code as the proxy will get it (an email trimmed, a phone number in E.164), or
 * INVALID_EMAIL / INVALID_PHONE: the check startOtp makes before any request, for a flow that wants
 * to refuse a contact at once (createOtpFlow).
 */
export function checkOtpContact(otpType: OtpType, contact: unknown, label: string): string {
  const channel = Object.hasOwn(CONTACTS, otpType) ? CONTACTS[otpType] : undefined
  if (channel === undefined) throw invalidArgument(`${label}({ otpType })`, 'OTP_TYPE_EMAIL or OTP_TYPE_SMS', otpType)
  const checked = channel.check(contact)
  if (checked === undefined)
    throw new KitError(channel.error, `${label}: ${JSON.stringify(contact)} is not ${channel.label}`)
  return checked
}

/**
 * The code as completeOtp sends it (normalized), or OTP_CODE_FORMAT when it cannot be the challenge's:
 * the check completeOtp makes before any request, for a flow that refuses a code at once.
 */
export function checkOtpCode(challenge: OtpCodeFormat, typed: string, label: string): string {
  const { code, complete, valid } = normalizeOtpCode(typed, {
    length: challenge.otpLength,
    alphanumeric: challenge.alphanumeric,
  })
  if (!complete || !valid) {
    const expected = `${challenge.otpLength} ${challenge.alphanumeric ? 'letters and digits' : 'digits'}`
    throw new KitError('OTP_CODE_FORMAT', `${label}: the code must be ${expected}, got ${JSON.stringify(typed)}`)
  }
  return code
}

/** The code's length and alphabet from the tenant's config; 6 letters and digits where it says nothing. */
export function checkOtpCodeFormat(config: OtpCodeConfig, label: string): OtpCodeFormat {
  assertObject(config, `${label}({ config })`)
  const { otpLength = String(DEFAULT_OTP_LENGTH), otpAlphanumeric = DEFAULT_ALPHANUMERIC } = config
  const length = typeof otpLength === 'string' && /^\d{1,2}$/.test(otpLength) ? Number(otpLength) : NaN
  if (!(length >= 1 && length <= 64)) {
    throw invalidArgument(
      `${label}({ config.otpLength })`,
      'a decimal string from "1" to "64", as wallet_kit_config gives it',
      otpLength,
    )
  }
  if (typeof otpAlphanumeric !== 'boolean') {
    throw invalidArgument(
      `${label}({ config.otpAlphanumeric })`,
      'a boolean, as wallet_kit_config gives it',
      otpAlphanumeric,
    )
  }
  return { otpLength: length, alphanumeric: otpAlphanumeric }
}

/** An email's template choice as production's otp_init takes it (templateId alone), or undefined for none. */
export function checkEmailCustomization(value: unknown, label: string): EmailCustomization | undefined {
  if (value === undefined) return undefined
  assertObject(value, `${label}({ emailCustomization })`)
  for (const key of Object.keys(value)) {
    if (key === 'templateId') continue
    // Own names only: `constructor` is no option, whatever Object.prototype says.
    const moved = Object.hasOwn(EMAIL_CUSTOMIZATION_MOVED, key) ? EMAIL_CUSTOMIZATION_MOVED[key] : undefined
    throw moved === undefined
      ? new KitError(
          'CONFIG_INVALID',
          `${label}({ emailCustomization.${key} }): emailCustomization takes only templateId, as production's otp_init does`,
        )
      : movedError(`emailCustomization.${key}`, moved, label)
  }
  const { templateId } = value
  if (templateId === undefined) return undefined
  assertNonEmptyString(templateId, `${label}({ emailCustomization.templateId })`)
  return { templateId }
}

/**
 * Options the kit once sent with every code, which production's otp_init drops: each is now the
 * tenant's configuration (the proxy's dashboard; the mock's tenant option in brackets). Given anyway
 * (an app written for an older kit, in plain JavaScript), they fail loudly rather than do nothing.
 */
const MOVED_TO_TENANT: Readonly<Record<string, string>> = {
  otpLength: "the code's length (wallet_kit_config otpLength: pass config)",
  alphanumeric: "the code's alphabet (wallet_kit_config otpAlphanumeric: pass config)",
  expirationSeconds: "the code's lifetime (mock tenant: otpExpirationSeconds)",
  userIdentifier: 'rate limiting (mock tenant: otpRateLimits; production keeps no per-user limit)',
  smsCustomization: 'the SMS text (mock tenant: smsTemplate)',
  sendFromEmailAddress: "the sender's address (mock tenant: emailSenderAddress)",
  sendFromEmailSenderName: "the sender's name (mock tenant: emailSenderName)",
  replyToEmailAddress: 'the reply-to address (mock tenant: emailReplyToAddress)',
}
/** The same for the members of emailCustomization other than templateId. */
const EMAIL_CUSTOMIZATION_MOVED: Readonly<Record<string, string>> = {
  appName: 'the app name (mock tenant: appName)',
  logoUrl: 'the logo (mock tenant: logoUrl)',
  magicLinkTemplate: 'the email template (mock tenant: emailTemplates)',
  templateVariables: 'the email template (mock tenant: emailTemplates)',
}

/** CONFIG_INVALID for an option that is now the tenant's (MOVED_TO_TENANT), naming where it went. */
export function refuseMovedOptions(parameters: object, label: string): void {
  for (const [option, moved] of Object.entries(MOVED_TO_TENANT)) {
    if ((parameters as Record<string, unknown>)[option] !== undefined) throw movedError(option, moved, label)
  }
}

function movedError(option: string, moved: string, label: string): KitError {
  return new KitError(
    'CONFIG_INVALID',
    `${label}({ ${option} }): production's otp_init takes no such option: ${moved} is the tenant's configuration, set in the proxy's dashboard`,
  )
}
