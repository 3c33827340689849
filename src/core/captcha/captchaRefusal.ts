import { KitError } from '../errors'

/** A proxy's refusal of a protected call over its captcha: its message names the header or the captcha. */
const CAPTCHA_REFUSAL = /captcha|turnstile/i

/**
 * A code's otp_init or sign-up refused over its captcha (the mock's 3 INVALID_ARGUMENT naming
 * X-Captcha-Token; whatever code production answers, its message names the captcha) is CAPTCHA_REQUIRED:
 * the person must pass the check (again: a token is good for one call), which no other code says. Any
 * other error is returned as it is.
 */
export function captchaRefusal(error: unknown, label: string): unknown {
  if (!(error instanceof KitError)) return error
  const status = error.status
  if (status === undefined || status < 400 || status >= 500 || error.code === 'RATE_LIMITED') return error
  if (!CAPTCHA_REFUSAL.test(`${error.proxy?.message ?? ''} ${error.message}`)) return error
  return new KitError('CAPTCHA_REQUIRED', `${label}: the proxy refused the captcha check (${error.message})`, {
    status,
    proxy: error.proxy,
    cause: error,
  })
}
