import type { EmailCustomization, OtpInitResponse, OtpType, SmsCustomization } from '../../core/types'
import { MockError } from '../http'
import {
  OTP_DEFAULT_EXPIRATION_SECONDS,
  OTP_MAX_EXPIRATION_SECONDS,
  OTP_MAX_LENGTH,
  OTP_MIN_LENGTH,
  generateOtpCode,
} from '../otp'
import { checkOtpRateLimits } from '../otpRateLimits'
import { DEFAULT_SMS_TEMPLATE, checkSmsTemplate, renderSmsText } from '../smsText'
import type { MockOtp, OutboxMessage } from '../types'
import { isAbsoluteHttpUrl, isJsonObject, type Fields } from '../validate'
import { isoTime, type EndpointContext } from './context'

const OTP_TYPES: readonly OtpType[] = ['OTP_TYPE_EMAIL', 'OTP_TYPE_SMS']
const EMAIL_CUSTOMIZATION_FIELDS = ['appName', 'logoUrl', 'magicLinkTemplate', 'templateVariables', 'templateId'] as const

/**
 * Sends a fresh code to the contact: here, into the outbox, with the SMS text as it would be sent. The
 * tenant's rate limits are checked last, after the request is known to be valid, and before anything
 * changes.
 */
export function otpInit({ tenant, body, state, now }: EndpointContext): OtpInitResponse {
  const otpType = body.oneOf('otpType', OTP_TYPES)
  const provider = otpType === 'OTP_TYPE_EMAIL' ? 'email' : 'sms'
  if (!tenant.enabledProviders.includes(provider)) {
    throw new MockError(
      3,
      `otpType: ${otpType === 'OTP_TYPE_EMAIL' ? 'email' : 'SMS'} is not enabled for config id "${tenant.configId}" (enabled: ${tenant.enabledProviders.join(', ')})`,
    )
  }
  const contact = otpType === 'OTP_TYPE_EMAIL' ? body.email('contact') : body.phoneNumber('contact')

  const otpLength = body.optionalInteger('otpLength') ?? tenant.otpLength
  if (otpLength < OTP_MIN_LENGTH || otpLength > OTP_MAX_LENGTH) {
    throw new MockError(3, `otpLength: expected ${OTP_MIN_LENGTH} to ${OTP_MAX_LENGTH}, got ${otpLength}`)
  }
  const alphanumeric = body.optionalBoolean('alphanumeric') ?? tenant.otpAlphanumeric
  const expirationSeconds = body.optionalInteger('expirationSeconds') ?? OTP_DEFAULT_EXPIRATION_SECONDS
  if (expirationSeconds < 1 || expirationSeconds > OTP_MAX_EXPIRATION_SECONDS) {
    throw new MockError(
      3,
      `expirationSeconds: expected 1 to ${OTP_MAX_EXPIRATION_SECONDS} seconds, got ${expirationSeconds}`,
    )
  }
  const extras = readExtras(body)
  const createdAt = now()
  checkOtpRateLimits({ state, tenant, contact, userIdentifier: extras.userIdentifier, now: createdAt })

  const otp: MockOtp = {
    otpId: crypto.randomUUID(),
    configId: tenant.configId,
    otpType,
    contact,
    code: generateOtpCode(otpLength, alphanumeric),
    alphanumeric,
    failedAttempts: 0,
    status: 'pending',
    createdAt: isoTime(createdAt),
    expiresAt: isoTime(createdAt + expirationSeconds * 1000),
  }
  if (extras.userIdentifier !== undefined) otp.userIdentifier = extras.userIdentifier
  const message: OutboxMessage = {
    otpId: otp.otpId,
    otpType,
    contact,
    code: otp.code,
    createdAt: otp.createdAt,
    expiresAt: otp.expiresAt,
  }
  if (otpType === 'OTP_TYPE_SMS') {
    message.text = renderSmsText(extras.smsCustomization?.template ?? DEFAULT_SMS_TEMPLATE, otp.code)
  }
  Object.assign(message, extras)
  state.otps[otp.otpId] = otp
  state.outbox.push(message)
  return { otpId: otp.otpId }
}

type OutboxExtras = Omit<OutboxMessage, 'otpId' | 'otpType' | 'contact' | 'code' | 'createdAt' | 'expiresAt' | 'text'>

/** The customizations a real proxy would apply to the message, kept so a test can see them. */
function readExtras(body: Fields): OutboxExtras {
  const extras: OutboxExtras = {}
  const email = body.optionalObject('emailCustomization')
  if (email !== undefined) {
    const customization: EmailCustomization = {}
    for (const field of EMAIL_CUSTOMIZATION_FIELDS) {
      const value = email.optionalString(field)
      if (value !== undefined) customization[field] = value
    }
    if (customization.logoUrl !== undefined && !isAbsoluteHttpUrl(customization.logoUrl)) {
      throw new MockError(3, `${email.name('logoUrl')}: expected an absolute http(s) URL of the logo, got ${JSON.stringify(customization.logoUrl)}`)
    }
    if (customization.templateVariables !== undefined && !isJsonObjectText(customization.templateVariables)) {
      throw new MockError(
        3,
        `${email.name('templateVariables')}: expected the JSON text of an object, like {"name":"Ada"}, got ${JSON.stringify(customization.templateVariables)}`,
      )
    }
    extras.emailCustomization = customization
  }
  const sms = body.optionalObject('smsCustomization')
  if (sms !== undefined) {
    const customization: SmsCustomization = {}
    const template = sms.optionalString('template')
    if (template !== undefined) customization.template = checkSmsTemplate(template, sms.name('template'))
    extras.smsCustomization = customization
  }
  const sendFromEmailAddress = body.optionalEmail('sendFromEmailAddress')
  if (sendFromEmailAddress !== undefined) extras.sendFromEmailAddress = sendFromEmailAddress
  const sendFromEmailSenderName = body.optionalString('sendFromEmailSenderName')
  if (sendFromEmailSenderName !== undefined) extras.sendFromEmailSenderName = sendFromEmailSenderName
  const replyToEmailAddress = body.optionalEmail('replyToEmailAddress')
  if (replyToEmailAddress !== undefined) extras.replyToEmailAddress = replyToEmailAddress
  const userIdentifier = body.optionalString('userIdentifier')
  if (userIdentifier !== undefined) {
    if (userIdentifier.trim() === '') throw new MockError(3, 'userIdentifier: expected a non-empty string, or none')
    extras.userIdentifier = userIdentifier
  }
  return extras
}

function isJsonObjectText(text: string): boolean {
  try {
    return isJsonObject(JSON.parse(text))
  } catch {
    return false
  }
}
