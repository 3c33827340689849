'use client'
import { useQuery } from '@tanstack/react-query'
import { getCaptchaSiteKey } from '../core/captcha/clientParams'
import { useAuthProxyContext } from './useAuthProxyContext'

/** Cloudflare's Turnstile script, production's widget: the provider's `captchaScriptUrl` unless given another. */
export const TURNSTILE_SCRIPT_URL = 'https://challenges.cloudflare.com/turnstile/v0/api.js'

export interface UseCaptchaSiteKeyParameters {
  /** Ask only when a form that sends a code may show (react-query's `enabled`); default true. */
  enabled?: boolean | undefined
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
 * `scriptUrl`) and pass the token to useEmailOtp's or useSmsOtp's `start({ captchaToken })`. A query
 * (wallet_kit_client_params) asked once per kit, when a form that needs it first shows, like the config:
 * never stale, never retried (a failure is not shown: the start goes on, and the proxy decides).
 */
export function useCaptchaSiteKey({ enabled = true }: UseCaptchaSiteKeyParameters = {}): UseCaptchaSiteKeyReturnType {
  const { kit, captchaScriptUrl } = useAuthProxyContext('useCaptchaSiteKey')
  const { data, isPending } = useQuery({
    enabled,
    queryKey: ['auth-proxy-kit', 'wallet_kit_client_params', kit.client.proxyUrl, kit.client.configId],
    // A query's data cannot be undefined: null stands for no captcha.
    queryFn: async () => (await getCaptchaSiteKey(kit)) ?? null,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: false,
  })
  return { siteKey: data ?? undefined, scriptUrl: captchaScriptUrl ?? TURNSTILE_SCRIPT_URL, isSettled: !isPending }
}
