// `npm run test:nextjs`: the Next.js example (examples/nextjs) on the kit as a registry would ship it.
// Installs the tarball into the example (the one `npm test` packed, KIT_TARBALL, or a new pack), runs
// `next build` (which type-checks) with the mock's address inlined, then signs in on it: the `nextjs`
// project of playwright.config.ts serves the build with `next start` beside the mock proxy started from
// the installed package (examples/nextjs/scripts/mock.mjs), and stops both at the end.
// `npm test` runs this with --prepare (install and build, then stop): its one Playwright run signs in.
// `--deps` installs the example's own dependencies (Next.js, React) and stops: `npm test` runs it at once,
// while the package builds, so that only the tarball is left to install once it is packed (3 s, not 65).
// Ports: NEXTJS_PORT (default 5321) for the app, the next one for the mock (e2e/nextjsServers.ts).
import { spawnSync, type SpawnSyncOptions } from 'node:child_process'
import { rmSync } from 'node:fs'
import { resolve } from 'node:path'
import { NEXTJS_ENV, NEXTJS_EXAMPLE } from '../e2e/nextjsServers'
import { kitTarball } from './packKit'

const ROOT = resolve(import.meta.dirname, '..')
const timings: Array<[string, number]> = []

function step(name: string, command: string, args: string[], options: SpawnSyncOptions = {}): void {
  const started = performance.now()
  console.log(`\n▶ ${name}`)
  const result = spawnSync(command, args, { stdio: 'inherit', timeout: 600_000, ...options })
  timings.push([name, performance.now() - started])
  if (result.status !== 0)
    throw new Error(
      `${name}: ${command} ${args.join(' ')} failed (${result.error?.message ?? `exit ${result.status ?? result.signal}`})`,
    )
}

function main(): void {
  if (process.argv.includes('--deps')) {
    step(
      "install the example's dependencies",
      'npm',
      ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'],
      {
        cwd: NEXTJS_EXAMPLE,
      },
    )
    return
  }
  const tarball = kitTarball()
  step(
    'install the tarball into examples/nextjs',
    'npm',
    ['install', '--no-save', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error', tarball],
    { cwd: NEXTJS_EXAMPLE },
  )
  // A clean build: a cache from an earlier tarball must not stand in for this one.
  rmSync(resolve(NEXTJS_EXAMPLE, '.next'), { recursive: true, force: true })
  step('next build', 'npx', ['next', 'build'], { cwd: NEXTJS_EXAMPLE, env: { ...process.env, ...NEXTJS_ENV } })
  if (process.argv.includes('--prepare')) return
  step('Chromium', 'npx', ['tsx', 'scripts/ensure-chromium.ts'], { cwd: ROOT })
  step('playwright (examples/nextjs/e2e)', 'npx', ['playwright', 'test', '--project', 'nextjs'], {
    cwd: ROOT,
    env: { ...process.env, E2E_SUITES: 'nextjs' },
  })
}

const started = performance.now()
let outcome = 'passed'
try {
  main()
} catch (error) {
  console.error(`\ntest:nextjs: ${error instanceof Error ? error.message : String(error)}`)
  outcome = 'FAILED'
  process.exitCode = 1
}
console.log(`\ntest:nextjs ${outcome} in ${((performance.now() - started) / 1000).toFixed(1)} s`)
for (const [name, ms] of timings) console.log(`  ${(ms / 1000).toFixed(1).padStart(6)} s  ${name}`)
