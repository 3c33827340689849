// The command line of the mock proxy, apart from process globals so that tests can run it in-process.
import { readFile } from 'node:fs/promises'
import { parseArgs } from 'node:util'
import { isHostName } from './hostCheck'
import { startMockAuthProxy, type RunningMockAuthProxy } from './node'
import { routeListText } from './routes'
import { resolveTenants } from './tenants'
import type { MockTenant } from './types'

export const MOCK_CLI_USAGE = `Usage: auth-proxy-kit-mock [options]   (in this repository: npm run mock -- [options])

Runs the mock auth proxy offline: sign-up and login by email or SMS code, OAuth (Google, Apple,
Facebook, X, Discord), passkeys, wallets and signing, webhooks; codes land in a dev outbox.

Options:
  --port <number>     port to listen on (default 8787; 0 picks a free one)
  --host <address>    address to listen on (default 127.0.0.1: loopback only, no other machine
                      reaches it; 0.0.0.0 listens on every interface, and so shows the codes
                      and webhook secrets to your network)
  --allowed-host <name>
                      a host name to answer besides localhost, *.localhost and IP addresses
                      (repeatable; .example.test allows its subdomains): any other Host header
                      gets a 403, so that a page on another name resolving here (DNS
                      rebinding) reads nothing
  --config <file>     JSON file with the tenants: [{ "configId", "organizationId", ... }]
                      (default: one tenant, config id "demo"). What the codes say is set
                      there, as in the proxy's dashboard: appName, logoUrl, emailSenderName,
                      emailSenderAddress, emailReplyToAddress, smsTemplate ("{{.OtpCode}}"),
                      emailTemplates, otpLength, otpAlphanumeric, otpExpirationSeconds,
                      otpRateLimits; webhookUrl, webhookSecret, rootApiPublicKeys
                      (docs/mock.md)
  --latency <ms>      delay added to every call, to see progress states (default 0)
  --strict-fields     refuse body members production does not define, naming them
                      (default: ignore them, as production does)
  -h, --help          print this help

Routes (GET / on the running server shows them too):

${routeListText()}`

export interface MockCliIo {
  stdout(line: string): void
  stderr(line: string): void
}

export type MockCliResult = { exitCode: 0; server: RunningMockAuthProxy | null } | { exitCode: 1; server: null }

/** Starts the server and answers it (exit code 0), or prints what is wrong and answers exit code 1. */
export async function runMockCli(argv: string[], io: MockCliIo): Promise<MockCliResult> {
  const fail = (message: string): MockCliResult => {
    io.stderr(`auth-proxy-kit mock: ${message}`)
    io.stderr('Run with --help for usage.')
    return { exitCode: 1, server: null }
  }
  let values: {
    port?: string | undefined
    host?: string | undefined
    'allowed-host'?: string[] | undefined
    config?: string | undefined
    latency?: string | undefined
    'strict-fields'?: boolean | undefined
    help?: boolean | undefined
  }
  try {
    ;({ values } = parseArgs({
      args: argv,
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        'allowed-host': { type: 'string', multiple: true },
        config: { type: 'string' },
        latency: { type: 'string' },
        'strict-fields': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }))
  } catch (error) {
    return fail(error instanceof Error ? error.message : String(error))
  }
  if (values.help) {
    io.stdout(MOCK_CLI_USAGE)
    return { exitCode: 0, server: null }
  }

  const port = values.port === undefined ? 8787 : parseWholeNumber(values.port)
  if (port === undefined || port > 65535) return fail(`--port: expected a port number 0..65535, got "${values.port}"`)
  const latencyMs = values.latency === undefined ? 0 : parseWholeNumber(values.latency)
  if (latencyMs === undefined)
    return fail(`--latency: expected a whole number of milliseconds, got "${values.latency}"`)
  const host = values.host ?? '127.0.0.1'

  let tenants: MockTenant[] | undefined
  if (values.config !== undefined) {
    try {
      tenants = await readTenants(values.config)
    } catch (error) {
      return fail(`--config ${values.config}: ${error instanceof Error ? error.message : String(error)}`)
    }
  }

  const allowedHosts = values['allowed-host'] ?? []
  const badHost = allowedHosts.find((name) => !isHostName(name))
  if (badHost !== undefined)
    return fail(
      `--allowed-host: expected a host name like mock.example.test, without a scheme or port, got "${badHost}"`,
    )

  let server: RunningMockAuthProxy
  try {
    server = await startMockAuthProxy({
      port,
      host,
      allowedHosts,
      latencyMs,
      strictFields: values['strict-fields'] ?? false,
      ...(tenants === undefined ? {} : { tenants }),
    })
  } catch (error) {
    return fail(`cannot listen on ${host}:${port}: ${error instanceof Error ? error.message : String(error)}`)
  }
  const configIds = tenants?.map((tenant) => tenant.configId) ?? ['demo']
  const url = browserUrl(server.url, host)
  io.stdout(
    `auth-proxy-kit mock proxy listening on ${url} (config ${configIds.length === 1 ? 'id' : 'ids'}: ${configIds.join(', ')})`,
  )
  io.stdout(exposure(host, new URL(server.url).port))
  io.stdout(`Codes sent appear at ${url}/__mock/outbox; webhook deliveries at ${url}/__mock/webhooks`)
  io.stdout(
    `Enclave key (the kit's dangerouslyOverrideSignerPublicKey, in development only): ${server.proxy.enclaveSignerPublicKey}`,
  )
  io.stdout(
    `Session keys for a backend (auth-proxy-kit/server's jwksUrl, in development only): ${url}/.well-known/jwks.json`,
  )
  if (values['strict-fields']) io.stdout('Strict fields: body members production does not define are refused')
  return { exitCode: 0, server }
}

/**
 * The URL to print: `localhost` for a loopback or wildcard listener, as WebAuthn refuses an IP address
 * as relying party ID (a passkey made on http://127.0.0.1 fails), and localhost reaches the listener.
 */
function browserUrl(serverUrl: string, host: string): string {
  if (!['127.0.0.1', 'localhost', '0.0.0.0', '::'].includes(host)) return serverUrl
  const url = new URL(serverUrl)
  url.hostname = 'localhost'
  return url.origin
}

const LOOPBACK = /^(?:127(?:\.\d{1,3}){3}|localhost|::1|\[::1\])$/

/**
 * Who can reach the server: loopback only by default, and how to change it; on every interface, or on an
 * address another machine can reach, a warning that the dev data is then the network's.
 */
function exposure(host: string, port: string): string {
  if (LOOPBACK.test(host))
    return 'Loopback only: other machines cannot reach it (--host 0.0.0.0 listens on every interface)'
  const where = host === '0.0.0.0' || host === '::' ? 'every interface' : host
  return `Warning: listening on ${where}: anyone who can reach port ${port} of this machine can read the codes in the outbox and the webhook secrets, and change what the mock does; --host 127.0.0.1 keeps it to this machine`
}

function parseWholeNumber(text: string): number | undefined {
  return /^\d{1,9}$/.test(text) ? Number(text) : undefined
}

/** The file holds a list of tenants, or `{ "tenants": [...] }`; each is checked here, before listening. */
async function readTenants(file: string): Promise<MockTenant[]> {
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch (error) {
    const code = (error as { code?: unknown }).code
    throw new Error(code === 'ENOENT' ? 'no such file' : error instanceof Error ? error.message : String(error), {
      cause: error,
    })
  }
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch (error) {
    throw new Error(`not valid JSON (${error instanceof Error ? error.message : String(error)})`, { cause: error })
  }
  const list =
    typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) && 'tenants' in parsed
      ? (parsed as { tenants: unknown }).tenants
      : parsed
  if (!Array.isArray(list)) throw new Error('expected a JSON array of tenants, or {"tenants": [...]}')
  resolveTenants(list)
  return list as MockTenant[]
}
