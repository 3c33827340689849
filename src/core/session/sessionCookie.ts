import { invalidArgument } from '../assert'
import type { SessionCookie } from '../contracts'

/** createSessionCookie's options. */
export interface SessionCookieOptions {
  /** Default `apk_session`, the name auth-proxy-kit/server reads by default. Two tenants on one site: one name each. */
  name?: string | undefined
  /** Default none: this host only. A parent domain (`example.com`) lets its subdomains' servers read it too. */
  domain?: string | undefined
  /** Default `/`: every page of the site, so that any server render can read it. */
  path?: string | undefined
}

/** The page a cookie is written on; globalThis's by default (tests inject one). */
export interface CookiePage {
  document: { cookie: string }
  location: { protocol: string }
}

// RFC 6265's cookie-name (an HTTP token); a domain's labels; a path without `;` or spaces (either would
// end the attribute, or start another).
const NAME = /^[\w!#$%&'*+.^`|~-]+$/
const DOMAIN = /^\.?[a-z\d-]+(\.[a-z\d-]+)*$/i
const PATH = /^\/[^;\s]*$/
// A JWT: base64url parts and dots. Anything else is no session to write, and could carry attributes.
const TOKEN = /^[\w.-]+$/

/**
 * The session in a cookie too, for the app's server (a server render that shows the signed-in state
 * without a flash, auth-proxy-kit/server's getSession): give it to createKit's or AuthProxyProvider's
 * `sessionCookie`. Written on sign-in and refresh (another tab's too) to expire with the session, cleared
 * on sign-out, at expiry and when the stored session is found invalid or missing; `SameSite=Lax`,
 * `Secure` on an https page. A page cannot make a cookie `HttpOnly`: its scripts can read this one, as
 * they can read localStorage. Where there is no document (a server render) it writes nothing.
 */
export function createSessionCookie(
  options: SessionCookieOptions = {},
  page = globalThis as Partial<CookiePage>,
): SessionCookie {
  const label = 'createSessionCookie(options)'
  if (typeof options !== 'object' || options === null)
    throw invalidArgument(label, '{ name?, domain?, path? }', options)
  const { name = 'apk_session', domain, path = '/' } = options
  if (!NAME.test(String(name))) throw invalidArgument(`${label}.name`, 'a cookie name (letters, digits, -_.)', name)
  if (domain !== undefined && !DOMAIN.test(String(domain)))
    throw invalidArgument(`${label}.domain`, 'a domain (example.com)', domain)
  if (!PATH.test(String(path))) throw invalidArgument(`${label}.path`, "a path starting with '/'", path)
  const secure = page.location?.protocol === 'https:' ? '; Secure' : ''
  const attributes = `; Path=${path}${domain === undefined ? '' : `; Domain=${domain}`}; SameSite=Lax${secure}`
  const write = (value: string, maxAgeSeconds: number): void => {
    const { document } = page
    try {
      if (document) document.cookie = `${name}=${value}; Max-Age=${maxAgeSeconds}${attributes}`
    } catch {
      // document.cookie throws in a sandboxed iframe without allow-same-origin: no cookie, as where
      // storage is blocked the session lives in the page alone.
    }
  }
  return {
    follow(session, now) {
      // The token last written (null: cleared); undefined until the stored session is read, which always writes.
      let written: string | null | undefined
      const update = (): void => {
        const { status, session: current } = session.getSnapshot()
        const token = current?.token ?? null
        if (status === 'loading' || token === written) return
        written = token
        if (current === null || !TOKEN.test(current.token)) write('', 0)
        // Max-Age, not Expires: relative, so a device clock minutes off does not matter.
        else write(current.token, Math.max(0, Math.floor((current.expiresAt - now()) / 1000)))
      }
      update()
      return session.subscribe(update)
    },
  }
}
