// The checks the passkey actions share, each made once, at the edge (signUpWithPasskey, loginWithPasskey,
// addPasskey), before the browser's prompt: the kit, the tenant's config, the names and the session options.
import { assertInteger, invalidArgument } from '../assert'
import { assertKit } from '../assertKit'
import type { Kit } from '../createKit'
import { KitError } from '../errors'
import type { StampLoginParameters } from '../publicApiTypes'
import type { WalletKitConfigResponse } from '../types'

export interface PasskeyPromptParameters {
  /** The relying party; default the page's host. Must be the same at sign-up and login. */
  rpId?: string | undefined
  /** The site's name for the browser prompt; default rpId, else the page's host. */
  rpName?: string | undefined
}

export interface SessionParameters {
  /** Session length in seconds; default the tenant's. */
  expirationSeconds?: number | undefined
  /** End the user's other sessions. */
  invalidateExisting?: boolean | undefined
  signal?: AbortSignal | undefined
}

export function assertPasskeyKit(kit: unknown, label: string): asserts kit is Kit {
  assertKit(kit, label)
  if (typeof kit.publicApi?.submit !== 'function') throw invalidArgument(label, 'a kit made by createKit(options)', kit)
  if (typeof (kit as Partial<Kit>).config?.ensure !== 'function') {
    throw invalidArgument(label, 'a kit made by createKit(options) (it has no config store)', kit)
  }
}

export function assertPasskeyEnabled(config: unknown, label: string): asserts config is WalletKitConfigResponse {
  const candidate = config as Partial<WalletKitConfigResponse> | null
  if (typeof candidate !== 'object' || candidate === null || !Array.isArray(candidate.enabledProviders)) {
    throw invalidArgument(`${label}: kit.config`, 'the wallet_kit_config answer', config)
  }
  // Checked before the browser prompt: a person should not make a passkey the proxy will refuse.
  if (!candidate.enabledProviders.includes('passkey')) {
    throw new KitError(
      'METHOD_DISABLED',
      `${label}: passkeys are not enabled for this tenant (enabledProviders has no "passkey")`,
    )
  }
}

/** The name a passkey gets: given by the caller, never made up (a UUID or a date means nothing to the person). */
export function passkeyUserName(userName: unknown, label: string): string {
  if (typeof userName !== 'string' || userName.trim() === '') {
    throw invalidArgument(
      `${label}({ userName })`,
      'the name of the account and of its passkey, as the person knows it: their email, phone number or name',
      userName,
    )
  }
  return userName.trim()
}

/** The relying party of the prompt: the caller's rpId, and a name for it (given, the rpId, or the page's host). */
export function relyingParty(
  parameters: PasskeyPromptParameters,
  label: string,
): { rpId?: string | undefined; rpName: string } {
  const { rpId } = parameters
  const rpName = parameters.rpName ?? rpId ?? globalThis.location?.hostname
  if (typeof rpName !== 'string' || rpName === '') {
    throw invalidArgument(`${label}({ rpName })`, "the site's name (there is no page to take it from)", rpName)
  }
  return rpId === undefined ? { rpName } : { rpId, rpName }
}

/** The session options as stamp_login takes them (strings where the API wants them). */
export function stampLoginParameters(
  parameters: SessionParameters,
  label: string,
): Omit<StampLoginParameters, 'publicKey'> {
  const { expirationSeconds, invalidateExisting } = parameters
  const result: Omit<StampLoginParameters, 'publicKey'> = {}
  if (expirationSeconds !== undefined) {
    assertInteger(expirationSeconds, `${label}({ expirationSeconds })`, 1, Number.MAX_SAFE_INTEGER)
    result.expirationSeconds = String(expirationSeconds)
  }
  if (invalidateExisting !== undefined) {
    if (typeof invalidateExisting !== 'boolean') {
      throw invalidArgument(`${label}({ invalidateExisting })`, 'a boolean', invalidateExisting)
    }
    result.invalidateExisting = invalidateExisting
  }
  return result
}
