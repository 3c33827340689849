// `npm run test:nextjs`: the Next.js example (examples/nextjs) on the kit as a registry would ship it.
// Packs the kit (prebuilt when dist/ exists: `npm test` has just built it), installs the tarball into the
// example, runs `next build` (which type-checks), serves it with `next start`, starts the mock proxy from
// the installed package, and runs the example's Playwright spec. Every server is stopped at the end,
// pass or fail. Ports: NEXTJS_PORT (default 5321) for the app, the next one for the mock.
import { spawn, spawnSync, type ChildProcess, type SpawnOptions, type SpawnSyncOptions } from 'node:child_process'
import { existsSync, rmSync } from 'node:fs'
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { packKit } from './packKit'

const ROOT = resolve(import.meta.dirname, '..')
const EXAMPLE = resolve(ROOT, 'examples/nextjs')
const APP_PORT = Number(process.env.NEXTJS_PORT ?? 5321)
const MOCK_PORT = APP_PORT + 1
const APP_URL = `http://127.0.0.1:${APP_PORT}`
const PROXY_URL = `http://127.0.0.1:${MOCK_PORT}`
// Read by `next build` (NEXT_PUBLIC_* are inlined into the browser code) over the example's .env.
const APP_ENV = {
  ...process.env,
  NEXT_PUBLIC_AUTH_PROXY_URL: PROXY_URL,
  NEXT_PUBLIC_AUTH_PROXY_CONFIG_ID: 'demo',
  NEXT_TELEMETRY_DISABLED: '1',
}

const timings: Array<[string, number]> = []

function step<T>(name: string, run: () => T): T {
  const started = performance.now()
  console.log(`\n▶ ${name}`)
  try {
    return run()
  } finally {
    timings.push([name, performance.now() - started])
  }
}

async function stepAsync<T>(name: string, run: () => Promise<T>): Promise<T> {
  const started = performance.now()
  console.log(`\n▶ ${name}`)
  try {
    return await run()
  } finally {
    timings.push([name, performance.now() - started])
  }
}

function run(command: string, args: string[], options: SpawnSyncOptions = {}): void {
  const result = spawnSync(command, args, { stdio: 'inherit', timeout: 600_000, ...options })
  if (result.status !== 0) {
    throw new Error(
      `${command} ${args.join(' ')} failed (${result.error?.message ?? `exit code ${result.status ?? result.signal}`})`,
    )
  }
}

function runAsync(command: string, args: string[], options: SpawnOptions): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { stdio: 'inherit', ...options })
    child.once('error', fail)
    child.once('exit', (code, signal) =>
      code === 0 ? done() : fail(new Error(`${command} ${args.join(' ')} failed (exit code ${code ?? signal})`)),
    )
  })
}

async function answers(url: string): Promise<boolean> {
  try {
    await fetch(url)
    return true
  } catch {
    return false
  }
}

/** Polls `url` until it answers 200, or the server has exited, or the time is up. */
async function waitFor(url: string, server: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server for ${url} exited (code ${server.exitCode})`)
    try {
      if ((await fetch(url)).ok) return
    } catch {
      // Not listening yet.
    }
    await new Promise((done) => setTimeout(done, 250))
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`)
}

/** Stops a server started in its own process group (npx → next → its workers), and waits for it. */
async function stop(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null || server.pid === undefined) return
  const exited = new Promise((done) => server.once('exit', done))
  try {
    process.kill(-server.pid, 'SIGTERM')
  } catch {
    return
  }
  const late = setTimeout(() => {
    try {
      process.kill(-(server.pid as number), 'SIGKILL')
    } catch {
      // Gone already.
    }
  }, 5_000)
  await exited
  clearTimeout(late)
}

interface RunningMock {
  url: string
  close(): Promise<void>
}

async function main(): Promise<void> {
  const tarball = step('pack the kit', () => packKit({ prebuilt: existsSync(resolve(ROOT, 'dist/index.js')) }))
  step('install the tarball into examples/nextjs', () =>
    run('npm', ['install', '--no-save', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error', tarball], {
      cwd: EXAMPLE,
    }),
  )
  step('next build', () => {
    // A clean build: a cache from an earlier tarball must not stand in for this one.
    rmSync(resolve(EXAMPLE, '.next'), { recursive: true, force: true })
    run('npx', ['next', 'build'], { cwd: EXAMPLE, env: APP_ENV })
  })

  try {
    running.mock = await stepAsync('start the mock proxy (from the installed package)', async () => {
      // The example's own module, so that `auth-proxy-kit/mock` resolves in the example's node_modules.
      const { startMock } = (await import(pathToFileURL(resolve(EXAMPLE, 'scripts/startMock.mjs')).href)) as {
        startMock(options: { port: number; appOrigins: string[] }): Promise<RunningMock>
      }
      return startMock({ port: MOCK_PORT, appOrigins: [APP_URL] })
    })
    await stepAsync('next start', async () => {
      // Another server on the port would answer for ours, and the spec would test it.
      if (await answers(APP_URL)) throw new Error(`${APP_URL} is taken by another server: set NEXTJS_PORT`)
      running.app = spawn('npx', ['next', 'start', '--hostname', '127.0.0.1', '--port', String(APP_PORT)], {
        cwd: EXAMPLE,
        env: APP_ENV,
        stdio: ['ignore', 'ignore', 'inherit'],
        // Its own process group, so that stop() ends npx, next and its workers together.
        detached: true,
      })
      await waitFor(APP_URL, running.app, 60_000)
    })
    // Not spawnSync: the mock runs in this process, and a blocked event loop would answer nothing.
    await stepAsync('playwright (examples/nextjs/e2e)', () =>
      runAsync('npx', ['playwright', 'test', '--config', resolve(EXAMPLE, 'playwright.config.ts')], {
        cwd: ROOT,
        env: { ...process.env, NEXTJS_APP_URL: APP_URL, NEXTJS_PROXY_URL: PROXY_URL },
      }),
    )
  } finally {
    await stopAll()
  }
}

/** The servers this run started, stopped at the end, on failure and on Ctrl-C. */
const running: { app?: ChildProcess; mock?: RunningMock } = {}

async function stopAll(): Promise<void> {
  const { app, mock } = running
  running.app = undefined
  running.mock = undefined
  if (app) await stop(app)
  await mock?.close()
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\ntest:nextjs: ${signal}, stopping the servers`)
    void stopAll().finally(() => process.exit(130))
  })
}

const started = performance.now()
main().then(
  () => report('passed'),
  (error: unknown) => {
    console.error(`\ntest:nextjs: ${error instanceof Error ? error.message : String(error)}`)
    report('FAILED')
    process.exitCode = 1
  },
)

function report(outcome: string): void {
  console.log(`\ntest:nextjs ${outcome} in ${((performance.now() - started) / 1000).toFixed(1)} s`)
  for (const [name, ms] of timings) console.log(`  ${(ms / 1000).toFixed(1).padStart(6)} s  ${name}`)
}
