// The bot check of a tenant with a Turnstile site key, as production's proxy runs it: the calls that
// send a code or create an account need a fresh token from the widget, once each.
import { base64url } from 'jose'
import { isoTime } from './endpoints/context'
import { MockError } from './http'
import type { MockState, ResolvedMockTenant } from './types'

/** The header production's client (@turnkey/core's authProxyRequest) carries the widget's token in. */
export const CAPTCHA_HEADER = 'X-Captcha-Token'

/** As Cloudflare's: a Turnstile token is good for 300 s (siteverify answers timeout-or-duplicate after). */
export const CAPTCHA_TOKEN_LIFETIME_SECONDS = 300

/** The calls production's client sends a token with (codegen.js CAPTCHA_PROTECTED_METHODS); no other needs one. */
export const CAPTCHA_PROTECTED_ENDPOINTS: ReadonlySet<string> = new Set([
  'otp_init',
  'otp_init_v2',
  'signup',
  'signup_v2',
])

/** Marks a mock token apart from Cloudflare's (`0.…`), which the mock cannot verify. */
const TOKEN_PREFIX = 'mock-turnstile.'

/** A fresh token for `siteKey`, recorded in `state` (the test widget's POST /__mock/turnstile/token). */
export function issueCaptchaToken(state: MockState, siteKey: string, nowMs: number): string {
  const token = `${TOKEN_PREFIX}${base64url.encode(crypto.getRandomValues(new Uint8Array(32)))}`
  state.captchaTokens[token] = {
    siteKey,
    issuedAt: isoTime(nowMs),
    expiresAt: isoTime(nowMs + CAPTCHA_TOKEN_LIFETIME_SECONDS * 1000),
  }
  return token
}

export interface CaptchaCheck {
  /** The /v1 endpoint called. */
  endpoint: string
  tenant: ResolvedMockTenant
  /** The request's X-Captcha-Token header; null when it has none. */
  token: string | null
  state: MockState
  nowMs: number
  /**
   * The call carries a verification token (a sign-up after a code): the code's otp_init passed the check,
   * and production's own kit (react-wallet-kit 2.4.3's OTP screen) sends signup_v2 with no captcha
   * token, so such a sign-up needs none. A sign-up by OAuth or passkey has no code behind it, and does.
   */
  afterCode: boolean
}

/**
 * Runs `run` (the endpoint) once the call passes the tenant's bot check: nothing to check for a tenant
 * without a site key or an endpoint production does not protect; otherwise the token must be one this
 * mock issued for the tenant's site key, unused and unexpired, or the call is refused with 3
 * INVALID_ARGUMENT before anything happens. The token is spent when the check passes, so that two calls
 * at once cannot both use it, and given back when `run` throws: a refused call changes nothing.
 */
export async function withCaptchaCheck<T>(check: CaptchaCheck, run: () => T | Promise<T>): Promise<T> {
  const { endpoint, tenant, state, nowMs } = check
  const siteKey = tenant.turnstileSiteKey
  if (siteKey === undefined || !CAPTCHA_PROTECTED_ENDPOINTS.has(endpoint) || check.afterCode) return run()

  const again = 'reset the widget (turnstile.reset) and send the token its callback gives next'
  const token = check.token?.trim() ?? ''
  if (token === '') {
    throw new MockError(
      3,
      `${CAPTCHA_HEADER} header: missing; config id "${tenant.configId}" has a Turnstile site key, so ${endpoint} needs ` +
        "a token: render the widget with the turnstileSiteKey wallet_kit_client_params answers (the mock's test widget: " +
        'GET /__mock/turnstile/v0/api.js) and send the token its callback gives',
    )
  }
  const record = Object.hasOwn(state.captchaTokens, token) ? state.captchaTokens[token] : undefined
  if (record === undefined) {
    throw new MockError(
      3,
      `${CAPTCHA_HEADER} header: not a token this mock issued (it cannot check Cloudflare's); load the widget from ` +
        'GET /__mock/turnstile/v0/api.js and send the token its callback gives',
    )
  }
  if (record.siteKey !== siteKey) {
    throw new MockError(
      3,
      `${CAPTCHA_HEADER} header: issued for site key "${record.siteKey}", not config id "${tenant.configId}"'s ` +
        `("${siteKey}"); render the widget with the turnstileSiteKey this tenant's wallet_kit_client_params answers`,
    )
  }
  if (record.usedAt !== undefined) {
    throw new MockError(
      3,
      `${CAPTCHA_HEADER} header: already used at ${record.usedAt} (a token is good for one call); ${again}`,
    )
  }
  if (nowMs >= Date.parse(record.expiresAt)) {
    throw new MockError(
      3,
      `${CAPTCHA_HEADER} header: expired at ${record.expiresAt} (a token lasts ${CAPTCHA_TOKEN_LIFETIME_SECONDS} s); ${again}`,
    )
  }

  record.usedAt = isoTime(nowMs)
  try {
    return await run()
  } catch (error) {
    delete record.usedAt
    throw error
  }
}
