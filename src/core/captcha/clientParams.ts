import { createConfigStore } from '../config/configStore'
import type { ConfigStore, Kit } from '../contracts'
import { KitError } from '../errors'
import type { WalletKitClientParams } from '../types'

const stores = new WeakMap<Kit, ConfigStore<WalletKitClientParams>>()

/**
 * The tenant's wallet_kit_client_params (its captcha site key), asked for once per kit by whoever needs it
 * first (the modal's send-code forms, useCaptchaSiteKey, getCaptchaSiteKey), and only then: an app that
 * shows no code form never asks, and no first load carries this. Not retried: it only lets a start fail
 * fast and the form show its widget, and the proxy refuses a missing token all the same.
 */
export function clientParamsOf(kit: Kit): ConfigStore<WalletKitClientParams> {
  let store = stores.get(kit)
  if (store === undefined) {
    store = createConfigStore({ request: () => fetchClientParams(kit), retries: 0 })
    stores.set(kit, store)
  }
  return store
}

/**
 * The tenant's Cloudflare Turnstile site key, or undefined when it has no captcha: with one, render the
 * widget (`window.turnstile.render`) and pass the token its callback gives as `captchaToken` to
 * startOtp, createOtpFlow's start and resend, or the OTP hooks. Asked for once per kit.
 */
export async function getCaptchaSiteKey(kit: Kit): Promise<string | undefined> {
  return (await clientParamsOf(kit).ensure()).turnstileSiteKey
}

/** A proxy that predates the endpoint answers 404, and its tenants have no captcha. */
async function fetchClientParams(kit: Kit): Promise<WalletKitClientParams> {
  const params = await kit.client.call('wallet_kit_client_params', undefined).catch((error: unknown) => {
    if (error instanceof KitError && error.code === 'NOT_FOUND' && error.status === 404) return undefined
    throw error
  })
  const siteKey = params?.turnstileSiteKey
  if (siteKey === undefined || siteKey === '') return {}
  if (typeof siteKey !== 'string') {
    throw new KitError('PROXY_BAD_RESPONSE', 'wallet_kit_client_params: turnstileSiteKey is not a string')
  }
  return { turnstileSiteKey: siteKey }
}
