'use client'
import { useEffect, useSyncExternalStore } from 'react'
import type { ConfigSnapshot, WalletKitClientParams } from '../core'
import { clientParamsOf } from '../core/captcha/clientParams'
import { useAuthProxyContext } from './useAuthProxyContext'

/** Cloudflare's Turnstile script, production's widget: the provider's `captchaScriptUrl` unless given another. */
export const TURNSTILE_SCRIPT_URL = 'https://challenges.cloudflare.com/turnstile/v0/api.js'

const PENDING: ConfigSnapshot<WalletKitClientParams> = {
  status: 'pending',
  data: undefined,
  error: null,
  isFetching: false,
}

export interface UseCaptchaSiteKeyReturnType {
  /** The tenant's Turnstile site key; undefined while loading, when it has none, or when it could not be had. */
  siteKey: string | undefined
  /** Where the widget's script loads from (the provider's `captchaScriptUrl`). */
  scriptUrl: string
  /** wallet_kit_client_params has answered (or failed: the proxy then decides, and refuses as CAPTCHA_REQUIRED). */
  isSettled: boolean
}

/**
 * The tenant's captcha: with a site key, render its widget (`window.turnstile.render` of the script at
 * `scriptUrl`) and pass the token to useEmailOtp's or useSmsOtp's `start({ captchaToken })`. Asked once
 * per kit (wallet_kit_client_params), like the config.
 */
export function useCaptchaSiteKey(): UseCaptchaSiteKeyReturnType {
  const { kit, captchaScriptUrl } = useAuthProxyContext('useCaptchaSiteKey')
  const params = clientParamsOf(kit)
  const snapshot = useSyncExternalStore(params.subscribe, params.getSnapshot, () => PENDING)
  // A failure is not shown: the start goes on without the fast check, and the proxy decides.
  useEffect(() => void params.ensure().catch(() => undefined), [params])
  return {
    siteKey: snapshot.data?.turnstileSiteKey,
    scriptUrl: captchaScriptUrl ?? TURNSTILE_SCRIPT_URL,
    isSettled: snapshot.status !== 'pending',
  }
}
