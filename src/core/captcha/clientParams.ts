import type { Kit } from '../contracts'
import { KitError } from '../errors'

/**
 * The tenant's Cloudflare Turnstile site key (wallet_kit_client_params), or undefined when it has no
 * captcha: with one, render the widget (`window.turnstile.render`) and pass the token its callback gives
 * as `captchaToken` to startOtp, createOtpFlow's start and resend, or the OTP hooks. One request each
 * call: React reads it through useCaptchaSiteKey, a query asked once per kit.
 */
export async function getCaptchaSiteKey(kit: Kit): Promise<string | undefined> {
  // A proxy that predates the endpoint answers 404, and its tenants have no captcha.
  const params = await kit.client.call('wallet_kit_client_params', undefined).catch((error: unknown) => {
    if (error instanceof KitError && error.code === 'NOT_FOUND' && error.status === 404) return undefined
    throw error
  })
  const siteKey = params?.turnstileSiteKey
  if (siteKey === undefined || siteKey === '') return undefined
  if (typeof siteKey !== 'string') {
    throw new KitError('PROXY_BAD_RESPONSE', 'wallet_kit_client_params: turnstileSiteKey is not a string')
  }
  return siteKey
}
