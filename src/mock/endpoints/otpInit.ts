import type { OtpInitResponse, OtpType } from '../../core/types'
import { MockError } from '../http'
import { renderMessageText } from '../messageTemplate'
import { generateOtpCode } from '../otp'
import { checkOtpRateLimits } from '../otpRateLimits'
import type { MockEmailTemplate, MockOtp, OtpTarget, OutboxMessage, ResolvedMockTenant } from '../types'
import type { Fields } from '../validate'
import { isoTime, type EndpointContext } from './context'

const OTP_TYPES: readonly OtpType[] = ['OTP_TYPE_EMAIL', 'OTP_TYPE_SMS']

/**
 * Sends a fresh code to the contact: here, into the outbox. Like production's otp_init, it reads only
 * `otpType`, `contact` and `emailCustomization.templateId`: the code's length, alphabet and lifetime,
 * and what the message says (app name, logo, sender, reply-to, SMS text), are the tenant's. The
 * tenant's rate limits are checked last, after the request is known to be valid, and before anything
 * changes.
 */
export function otpInit(context: EndpointContext): OtpInitResponse {
  return { otpId: sendCode(context).otpId }
}

/**
 * What otp_init and otp_init_v2 share: the request checked, the tenant's limits, the code made and
 * "sent". `target` (otp_init_v2's) is kept with the code: only what is encrypted to it verifies it.
 */
export function sendCode({ tenant, body, state, now }: EndpointContext, target?: OtpTarget): MockOtp {
  const otpType = body.oneOf('otpType', OTP_TYPES)
  const provider = otpType === 'OTP_TYPE_EMAIL' ? 'email' : 'sms'
  if (!tenant.enabledProviders.includes(provider)) {
    throw new MockError(
      3,
      `otpType: ${otpType === 'OTP_TYPE_EMAIL' ? 'email' : 'SMS'} is not enabled for config id "${tenant.configId}" (enabled: ${tenant.enabledProviders.join(', ')})`,
    )
  }
  const contact = otpType === 'OTP_TYPE_EMAIL' ? body.email('contact') : body.phoneNumber('contact')
  // Production's body has emailCustomization for either channel; a text has no template to pick.
  const templateId = body.optionalObject('emailCustomization')?.optionalString('templateId')
  const template = otpType === 'OTP_TYPE_EMAIL' ? emailTemplate(tenant, templateId, body) : undefined
  const createdAt = now()
  checkOtpRateLimits({ state, tenant, contact, now: createdAt })

  const otp: MockOtp = {
    otpId: crypto.randomUUID(),
    configId: tenant.configId,
    otpType,
    contact,
    code: generateOtpCode(tenant.otpLength, tenant.otpAlphanumeric),
    alphanumeric: tenant.otpAlphanumeric,
    failedAttempts: 0,
    status: 'pending',
    createdAt: isoTime(createdAt),
    expiresAt: isoTime(createdAt + tenant.otpExpirationSeconds * 1000),
  }
  if (target !== undefined) otp.target = target
  const values = { code: otp.code, appName: tenant.appName }
  const message: OutboxMessage = {
    otpId: otp.otpId,
    otpType,
    contact,
    code: otp.code,
    createdAt: otp.createdAt,
    expiresAt: otp.expiresAt,
    appName: tenant.appName,
  }
  if (otpType === 'OTP_TYPE_SMS') {
    message.text = renderMessageText(tenant.smsTemplate, values)
  } else {
    message.subject =
      template === undefined ? `Your ${tenant.appName} verification code` : renderMessageText(template.subject, values)
    message.senderName = tenant.emailSenderName
    message.senderAddress = tenant.emailSenderAddress
    if (tenant.emailReplyToAddress !== undefined) message.replyToAddress = tenant.emailReplyToAddress
    if (tenant.logoUrl !== undefined) message.logoUrl = tenant.logoUrl
    if (template !== undefined) message.templateId = template.templateId
  }
  state.otps[otp.otpId] = otp
  state.outbox.push(message)
  return otp
}

/**
 * The template an email uses: the one asked for, or without one the tenant's most recent (production:
 * "If not specified, the default is the most recent Email Template"), or none (the proxy's own email).
 * An id the tenant does not have is refused rather than quietly replaced by the default: a typo would
 * otherwise pass here and send the wrong email in production.
 */
function emailTemplate(
  tenant: ResolvedMockTenant,
  templateId: string | undefined,
  body: Fields,
): MockEmailTemplate | undefined {
  if (templateId === undefined) return tenant.emailTemplates.at(-1)
  const template = tenant.emailTemplates.find((candidate) => candidate.templateId === templateId)
  if (template !== undefined) return template
  const known = tenant.emailTemplates.map((candidate) => `"${candidate.templateId}"`)
  throw new MockError(
    3,
    `${body.name('emailCustomization')}.templateId: config id "${tenant.configId}" has no email template "${templateId}" (${
      known.length === 0
        ? 'it has none: leave templateId out for the default email'
        : `its templates: ${known.join(', ')}`
    })`,
  )
}
