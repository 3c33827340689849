import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { resolve } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'

const root = resolve(import.meta.dirname, '../..')
let child: ChildProcess | undefined

afterEach(() => {
  if (child !== undefined && child.exitCode === null) child.kill('SIGTERM')
  child = undefined
})

/**
 * The CLI in one Node process, TypeScript loaded by tsx's hook. Not through the `tsx` command: it runs the
 * script in a child and relays signals to it, and on a busy machine it could end itself by SIGTERM (143)
 * before it had learned that the child handles the signal.
 */
function run(args: string[]): ChildProcess {
  child = spawn(process.execPath, ['--import', 'tsx', 'src/mock/cli.ts', ...args], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  return child
}

/**
 * The first line the process prints on stdout. Reads with a listener rather than `for await`: leaving a
 * for-await loop destroys the stream, and the CLI's next write would then fail with EPIPE.
 */
function firstLine(process: ChildProcess): Promise<string> {
  return new Promise((resolveLine, reject) => {
    let text = ''
    process.stdout!.on('data', (chunk) => {
      text += String(chunk)
      const end = text.indexOf('\n')
      if (end !== -1) resolveLine(text.slice(0, end))
    })
    process.once('exit', (code) => reject(new Error(`the CLI exited (${code}) without printing a line`)))
  })
}

describe('the mock CLI (npm run mock)', () => {
  it('listens, prints its URL and config id, answers, and stops on SIGTERM', async () => {
    const process = run(['--port', '0'])
    const line = await firstLine(process)
    const match = /^auth-proxy-kit mock proxy listening on (http:\/\/localhost:\d+) \(config id: demo\)$/.exec(line)
    expect(match).not.toBeNull()
    const response = await fetch(`${match?.[1]}/v1/wallet_kit_config`, {
      method: 'POST',
      headers: { 'X-Auth-Proxy-Config-Id': 'demo' },
    })
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ enabledProviders: ['email', 'sms', 'google', 'apple', 'passkey'] })
    process.kill('SIGTERM')
    const [code] = await once(process, 'exit')
    expect(code).toBe(0)
  })

  it('exits 1 with a clear message on a bad flag', async () => {
    const process = run(['--nope'])
    let stderr = ''
    process.stderr!.on('data', (chunk) => (stderr += String(chunk)))
    const [code] = await once(process, 'exit')
    expect(code).toBe(1)
    expect(stderr).toContain("auth-proxy-kit mock: Unknown option '--nope'")
  })
})
