import { MOCK_DEV_ENCLAVE_PUBLIC_KEY } from './devEnclaveKey'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { MOCK_CLI_USAGE, runMockCli, type MockCliResult } from './runMockCli'
import { requestWithHost } from './testing/requestWithHost'

let directory: string
let result: MockCliResult | undefined
let out: string[]
let err: string[]
const io = { stdout: (line: string) => out.push(line), stderr: (line: string) => err.push(line) }

beforeEach(() => {
  directory = mkdtempSync(join(tmpdir(), 'mock-cli-'))
  out = []
  err = []
})

afterEach(async () => {
  await result?.server?.close()
  result = undefined
  rmSync(directory, { recursive: true, force: true })
})

function tenantsFile(content: string): string {
  const file = join(directory, 'tenants.json')
  writeFileSync(file, content)
  return file
}

describe('runMockCli', () => {
  it('prints the usage for --help and starts nothing', async () => {
    result = await runMockCli(['--help'], io)
    expect(result).toEqual({ exitCode: 0, server: null })
    expect(out).toEqual([MOCK_CLI_USAGE])
    expect(MOCK_CLI_USAGE).toContain('--port')
  })

  it('starts the server and prints a localhost URL (WebAuthn refuses an IP address), which answers, and its config id', async () => {
    result = await runMockCli(['--port', '0', '--host', '127.0.0.1', '--latency', '0'], io)
    expect(result.exitCode).toBe(0)
    const port = new URL(result.server?.url ?? '').port
    const url = `http://localhost:${port}`
    expect(out[0]).toBe(`auth-proxy-kit mock proxy listening on ${url} (config id: demo)`)
    expect(out[1]).toBe('Loopback only: other machines cannot reach it (--host 0.0.0.0 listens on every interface)')
    expect(out[2]).toBe(`Codes sent appear at ${url}/__mock/outbox; webhook deliveries at ${url}/__mock/webhooks`)
    // The development key, as the Vite plugin's and the Playwright fixture's: a page built against one trusts the others.
    expect(out[3]).toBe(
      `Enclave key (the kit's dangerouslyOverrideSignerPublicKey, in development only): ${MOCK_DEV_ENCLAVE_PUBLIC_KEY}`,
    )
    expect(out[4]).toBe(
      `Session keys for a backend (auth-proxy-kit/server's jwksUrl, in development only): ${url}/.well-known/jwks.json`,
    )
    const response = await fetch(`${url}/v1/wallet_kit_config`, {
      method: 'POST',
      headers: { 'X-Auth-Proxy-Config-Id': 'demo' },
    })
    expect(response.status).toBe(200)
    const page = await fetch(`${url}/`)
    expect(page.headers.get('Content-Type')).toBe('text/html; charset=utf-8')
  })

  it('prints the address given for a host that is not a loopback or wildcard one', async () => {
    result = await runMockCli(['--port', '0', '--host', '127.0.0.2'], io)
    expect(out[0]).toMatch(/^auth-proxy-kit mock proxy listening on http:\/\/127\.0\.0\.2:\d+ /)
  })

  it('listens on loopback unless told otherwise, and says so with the way to listen elsewhere', async () => {
    result = await runMockCli(['--port', '0'], io)
    expect(new URL(result.server?.url ?? '').hostname).toBe('127.0.0.1')
    expect(out[1]).toBe('Loopback only: other machines cannot reach it (--host 0.0.0.0 listens on every interface)')
  })

  it("warns, listening on every interface, that the outbox and webhook secrets are the network's", async () => {
    result = await runMockCli(['--port', '0', '--host', '0.0.0.0'], io)
    const port = new URL(result.server?.url ?? '').port
    expect(out[1]).toBe(
      `Warning: listening on every interface: anyone who can reach port ${port} of this machine can read the codes in the outbox and the webhook secrets, and change what the mock does; --host 127.0.0.1 keeps it to this machine`,
    )
    expect(out.join('\n')).not.toContain('Loopback only')
  })

  it('answers the names given with --allowed-host (repeatable), and refuses other Host headers with 403', async () => {
    result = await runMockCli(
      ['--port', '0', '--allowed-host', 'mock.example.test', '--allowed-host', '.dev.example.test'],
      io,
    )
    const url = result.server?.url ?? ''
    expect((await requestWithHost(url, 'mock.example.test', '/__mock/outbox')).status).toBe(200)
    expect((await requestWithHost(url, 'api.dev.example.test', '/__mock/outbox')).status).toBe(200)
    const refused = await requestWithHost(url, 'rebound.example', '/__mock/outbox')
    expect(refused.status).toBe(403)
    expect(refused.body).toContain('--allowed-host rebound.example')
  })

  it('refuses an --allowed-host with a scheme or port before listening', async () => {
    result = await runMockCli(['--port', '0', '--allowed-host', 'http://mock.example.test'], io)
    expect(result).toEqual({ exitCode: 1, server: null })
    expect(err[0]).toBe(
      'auth-proxy-kit mock: --allowed-host: expected a host name like mock.example.test, without a scheme or port, got "http://mock.example.test"',
    )
  })

  it('lists in --help every route, with what it is for', async () => {
    result = await runMockCli(['--help'], io)
    expect(out[0]).toContain('POST /v1/otp_init')
    expect(out[0]).toContain('POST /public/v1/submit/set_organization_feature')
    expect(out[0]).toMatch(/GET +\/__mock\/oauth\/<provider>\/authorize +the consent page/)
    expect(out[0]).toMatch(/GET +\/__mock\/webhooks +webhook deliveries/)
  })

  it('serves the tenants of a --config file, as a list or {tenants}', async () => {
    const file = tenantsFile(
      JSON.stringify({
        tenants: [
          { configId: 'shop', organizationId: 'org-shop', otpLength: 8 },
          { configId: 'blog', organizationId: 'org-blog' },
        ],
      }),
    )
    result = await runMockCli(['--port', '0', '--config', file], io)
    expect(out[0]).toMatch(/\(config ids: shop, blog\)$/)
    const response = await fetch(`${result.server?.url}/v1/wallet_kit_config`, {
      method: 'POST',
      headers: { 'X-Auth-Proxy-Config-Id': 'shop' },
    })
    expect(await response.json()).toMatchObject({ organizationId: 'org-shop', otpLength: '8' })
  })

  it('refuses members production does not define with --strict-fields, and says so; ignores them without', async () => {
    const body = JSON.stringify({ otpType: 'OTP_TYPE_EMAIL', contact: 'ada@example.com', otpLength: '8' })
    const init = {
      method: 'POST',
      headers: { 'X-Auth-Proxy-Config-Id': 'demo', 'Content-Type': 'application/json' },
      body,
    }
    result = await runMockCli(['--port', '0', '--strict-fields'], io)
    expect(MOCK_CLI_USAGE).toContain('--strict-fields')
    expect(out).toContain('Strict fields: body members production does not define are refused')
    const strict = await fetch(`${result.server?.url}/v1/otp_init`, init)
    expect(await strict.json()).toMatchObject({
      code: 3,
      message: expect.stringMatching(/^otp_init: otpLength is not a field/),
    })
    await result.server?.close()

    out = []
    result = await runMockCli(['--port', '0'], io)
    expect(out.join('\n')).not.toContain('Strict fields')
    expect((await fetch(`${result.server?.url}/v1/otp_init`, init)).status).toBe(200)
  })

  it.each([
    [['--bogus'], "Unknown option '--bogus'"],
    [['--port', 'abc'], '--port: expected a port number 0..65535, got "abc"'],
    [['--port', '70000'], '--port: expected a port number 0..65535, got "70000"'],
    [['--latency', '1.5'], '--latency: expected a whole number of milliseconds, got "1.5"'],
    [['stray'], 'Unexpected argument'],
  ])('refuses %j with exit code 1 and a clear message', async (argv, message) => {
    result = await runMockCli(argv, io)
    expect(result).toEqual({ exitCode: 1, server: null })
    expect(err[0]).toContain(message)
    expect(err[0]).toMatch(/^auth-proxy-kit mock: /)
  })

  it.each([
    ['missing', null, 'no such file'],
    ['not JSON', '{', 'not valid JSON'],
    ['not a list', '{"configId": "x"}', 'expected a JSON array of tenants'],
    [
      'a bad tenant',
      '[{"configId": "x", "organizationId": "o", "enabledProviders": ["fax"]}]',
      'tenants[0].enabledProviders: expected a list of',
    ],
    ['an empty list', '[]', 'tenants: expected a non-empty array'],
  ])('refuses a tenants file that is %s', async (_name, content, message) => {
    const file = content === null ? join(directory, 'missing.json') : tenantsFile(content)
    result = await runMockCli(['--port', '0', '--config', file], io)
    expect(result.exitCode).toBe(1)
    expect(err[0]).toContain(`--config ${file}: `)
    expect(err[0]).toContain(message)
  })
})
