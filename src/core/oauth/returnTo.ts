// Where a redirect sign-in comes back to: the page the person left, whole (path, query and fragment),
// not only the redirect URI's origin and path that providers compare exactly.
import { invalidArgument } from '../assert'
import type { OAuthMode } from './pendingOAuth'
import { cleanOAuthCallbackUrl } from './callbackUrl'

/**
 * StartOAuthParameters.returnTo as kept with the pending sign-in: the given address resolved against the
 * page (a path is one of this site), refused unless it is of the redirect URI's origin (the answer comes
 * back there, and only there can the address be restored); by default, for a redirect, the page's own.
 * Without any answer's parameters: coming back to it must not look like an answer again.
 */
export function resolveReturnTo(
  given: string | undefined,
  mode: OAuthMode,
  redirectUri: string,
  pageHref: string | undefined,
): string | undefined {
  const origin = new URL(redirectUri).origin
  if (given === undefined) {
    if (mode !== 'redirect' || pageHref === undefined) return undefined
    const page = parse(pageHref, pageHref)
    return page?.origin === origin ? cleanOAuthCallbackUrl(page) : undefined
  }
  const resolved = parse(given, pageHref ?? redirectUri)
  if (resolved?.origin !== origin) {
    throw invalidArgument('startOAuth({ returnTo })', `an address of ${origin}, where the sign-in comes back`, given)
  }
  return cleanOAuthCallbackUrl(resolved)
}

/**
 * What the address bar shows once a redirect's answer is claimed: the page it left when that page is
 * the one the answer came back to (same origin and path: only the query and fragment differ), else the
 * answer's address cleaned; `elsewhere`, a returnTo of this site on another path, for the page to go
 * to once signed in. A returnTo of another origin (a storage someone wrote to) is ignored.
 */
export function returnAddress(
  returnTo: string | undefined,
  callbackUrl: string,
): { address: string; elsewhere: string | undefined } {
  const callback = new URL(callbackUrl)
  const target = returnTo === undefined ? undefined : parse(returnTo, callbackUrl)
  if (target === undefined || target.origin !== callback.origin)
    return { address: cleanOAuthCallbackUrl(callback), elsewhere: undefined }
  if (target.pathname === callback.pathname) return { address: cleanOAuthCallbackUrl(target), elsewhere: undefined }
  return { address: cleanOAuthCallbackUrl(callback), elsewhere: cleanOAuthCallbackUrl(target) }
}

function parse(address: string, base: string): URL | undefined {
  try {
    const url = new URL(address, base)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined
  } catch {
    return undefined
  }
}
