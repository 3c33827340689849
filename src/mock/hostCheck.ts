// The Host check of the mock's own server, as Vite's `server.allowedHosts`: against DNS rebinding, where a
// page at attacker.example, once its name resolves to 127.0.0.1, reads the mock's outbox and webhook
// secrets as its own origin. Its requests still say `Host: attacker.example`, and that is refused. No
// node: import here: node.ts, which uses it, is part of the mock's entry, which loads in a browser too.

/**
 * Whether a request with this Host header may be answered. Accepted: no Host (not a browser: HTTP/1.0),
 * localhost and any *.localhost (browsers resolve them to loopback themselves, never through DNS), any IP
 * address (a name is what rebinding needs: a page whose URL holds the address is at that address), and
 * the names given; a name given with a leading dot also accepts its subdomains. `true` accepts any host.
 */
export function isHostAllowed(hostHeader: string | undefined, allowedHosts: readonly string[] | true): boolean {
  if (hostHeader === undefined || allowedHosts === true) return true
  const hostname = hostnameOf(hostHeader)
  if (hostname === undefined) return false
  if (hostname.startsWith('[') || IPV4.test(hostname)) return true
  if (hostname === 'localhost' || hostname.endsWith('.localhost')) return true
  return allowedHosts.some((allowed) => {
    const name = allowed.toLowerCase()
    return name === hostname || (name.startsWith('.') && (hostname === name.slice(1) || hostname.endsWith(name)))
  })
}

/** What the URL parser leaves of an IPv4 address in any of its spellings (0x7f.1 is 127.0.0.1). */
const IPV4 = /^\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}$/

/**
 * The host of a Host header without its port, as a browser's URL parser reads it (lower case, an IPv4
 * address in dotted form, an IPv6 one in brackets); undefined when it is not a host and port alone:
 * `evil.example@127.0.0.1` must not read as 127.0.0.1.
 */
function hostnameOf(hostHeader: string): string | undefined {
  const host = hostHeader.trim()
  if (host === '' || /[\s@/\\?#]/.test(host)) return undefined
  try {
    return new URL(`http://${host}`).hostname
  } catch {
    return undefined
  }
}

/** A name as allowedHosts takes it: as it stands in a Host header, without a port; a leading dot for its subdomains. */
export function isHostName(name: string): boolean {
  return /^\.?[^\s/:@?#\\.][^\s/:@?#\\]*$/.test(name)
}

/** The refusal's text, naming the flag and the option that allow the host. */
export function hostRefusal(hostHeader: string): string {
  const hostname = hostHeader.trim().replace(/:\d+$/, '')
  return (
    `Blocked request: this host (${JSON.stringify(hostname)}) is not allowed, so that a page whose name resolves to ` +
    `this machine (DNS rebinding) cannot read the mock's codes and secrets.\n` +
    `To allow it, start the mock with --allowed-host ${hostname} (startMockAuthProxy: allowedHosts: [${JSON.stringify(hostname)}]).\n`
  )
}
