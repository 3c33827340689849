// `npm run test:consumers`: fresh host apps install the packed kit (its tarball, as a registry would ship
// it) and sign in.
// - App A is the default Vite template (`npm create vite@latest -- --template react-ts`, React 19,
//   "type": "module") with the README's quick start pasted as it is; its own `tsc -b && vite build` pass.
// - App B (consumers/react18) is "type": "commonjs" with React 18.2.0 and react-query's lower bound.
// - Type tests (consumers/types) import every entry under moduleResolution bundler, node16 and nodenext,
//   and App B compiles a CommonJS file importing `auth-proxy-kit/core` (nodenext) and require()s it in Node.
// - Playwright (consumers/playwright.config.ts) signs in by email on both apps.
// Flags: --prebuilt (dist/ was just built: pack without the prepack build), --keep (keep the apps and
// print where), --online (install without --prefer-offline, to measure a cold install).
import { spawnSync, type SpawnSyncOptions } from 'node:child_process'
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { packKit } from './packKit'
import { lowerBound } from './consumers/lowerBound'
import { onTheMock, quickStartFiles } from './consumers/quickStartFiles'

const ROOT = resolve(import.meta.dirname, '..')
const flags = new Set(process.argv.slice(2))
const INSTALL_FLAGS = ['--no-audit', '--no-fund', ...(flags.has('--online') ? [] : ['--prefer-offline'])]
/** The repo's TypeScript, for App B (App A type-checks with the template's own). */
const REPO_TSC = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc')
/** The quick start's placeholders, replaced by the mock's values in App A. */
const PLACEHOLDERS = { proxyUrl: 'https://your-auth-proxy.example', configId: 'your-config-id' }
const RESOLUTIONS = ['bundler', 'node16', 'nodenext'] as const

interface Manifest {
  dependencies?: Record<string, string>
  devDependencies?: Record<string, string>
  peerDependencies?: Record<string, string>
  peerDependenciesMeta?: Record<string, { optional?: boolean }>
}

const timings: Array<[string, number]> = []
const results: string[] = []

function step<T>(name: string, action: () => T): T {
  const started = performance.now()
  console.log(`\n▶ ${name}`)
  const value = action()
  const seconds = (performance.now() - started) / 1000
  timings.push([name, seconds])
  console.log(`✓ ${name} (${seconds.toFixed(1)} s)`)
  return value
}

/** Runs a command; throws with its output when it fails. `quiet` keeps the output unless it fails. */
function run(command: string, args: string[], options: SpawnSyncOptions & { quiet?: boolean } = {}): string {
  const { quiet = true, ...spawnOptions } = options
  const result = spawnSync(command, args, { encoding: 'utf8', stdio: quiet ? 'pipe' : 'inherit', ...spawnOptions })
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}`
  if (result.status !== 0) {
    throw new Error(
      `${command} ${args.join(' ')} (in ${String(spawnOptions.cwd ?? ROOT)}) failed (${result.status ?? result.signal}):\n${output}`,
    )
  }
  return output
}

/** Runs a command that is expected to fail; returns its output. */
function runFailing(command: string, args: string[], options: SpawnSyncOptions): string {
  const result = spawnSync(command, args, { encoding: 'utf8', stdio: 'pipe', ...options })
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}`
  if (result.status === 0) throw new Error(`${command} ${args.join(' ')} passed; it was expected to fail`)
  return output
}

const readJson = <T>(path: string): T => JSON.parse(readFileSync(path, 'utf8')) as T
const writeJson = (path: string, value: unknown) => writeFileSync(path, `${JSON.stringify(value, null, 2)}\n`)

/** The packed package.json, read from the tarball (what a host installs, not the repo's). */
function packedManifest(tarball: string): Manifest {
  return JSON.parse(run('tar', ['-xzOf', tarball, 'package/package.json'])) as Manifest
}

/** Adds the kit (its tarball) and its peers to an app's package.json, without touching what it pins. */
function addKit(
  appDir: string,
  tarball: string,
  kit: Manifest,
  pinned: Record<string, string> = {},
): Record<string, string> {
  const path = join(appDir, 'package.json')
  const app = readJson<Manifest & Record<string, unknown>>(path)
  const dependencies: Record<string, string> = { ...app.dependencies, 'auth-proxy-kit': `file:${tarball}` }
  const devDependencies: Record<string, string> = { ...app.devDependencies }
  const added: Record<string, string> = {}
  for (const [name, range] of Object.entries(kit.peerDependencies ?? {})) {
    if (dependencies[name] || devDependencies[name]) continue
    // The mock's peers are optional: a host that uses the mock installs them as devDependencies.
    const target = kit.peerDependenciesMeta?.[name]?.optional ? devDependencies : dependencies
    const version = pinned[name] ?? range
    target[name] = version
    added[name] = version
  }
  writeJson(path, { ...app, dependencies, devDependencies })
  return added
}

function npmInstall(appDir: string): void {
  run('npm', ['install', ...INSTALL_FLAGS], { cwd: appDir })
}

function typeCheck(tsc: string[], cwd: string, project: string): void {
  const [command = 'npx', ...args] = tsc
  run(command, [...args, '-p', project], { cwd })
}

function main(): void {
  const started = performance.now()
  const work = mkdtempSync(join(tmpdir(), 'auth-proxy-kit-consumers-'))
  let passed = false
  try {
    const tarball = step('pack the kit', () => packKit({ prebuilt: flags.has('--prebuilt') }))
    const kit = packedManifest(tarball)
    const quickStart = quickStartFiles(readFileSync(join(ROOT, 'README.md'), 'utf8'))
    const quickStartFile = (path: string) => {
      const file = quickStart.find((candidate) => candidate.path === path)
      if (!file)
        throw new Error(`README.md's quick start has no block for ${path} (a block whose first line is "// ${path}")`)
      return file.content
    }
    const queryLowerBound = lowerBound(kit.peerDependencies?.['@tanstack/react-query'] ?? '')

    // App A: the default Vite template, made as a user makes it.
    const appA = join(work, 'vite-template')
    step('app A: npm create vite@latest (react-ts)', () => {
      run(
        'npm',
        ['create', '--yes', 'vite@latest', 'vite-template', '--', '--template', 'react-ts', '--no-interactive'],
        { cwd: work },
      )
    })
    step('app A: install its dependencies, the tarball and the peers', () => {
      const added = addKit(appA, tarball, kit)
      console.log(`  added: ${JSON.stringify(added)}`)
      npmInstall(appA)
    })
    step("app A: paste the README's quick start; tsc -b && vite build", () => {
      writeFileSync(join(appA, 'src/App.tsx'), onTheMock(quickStartFile('src/App.tsx'), PLACEHOLDERS))
      writeFileSync(join(appA, 'vite.config.ts'), quickStartFile('vite.config.ts'))
      run('npm', ['run', 'build'], { cwd: appA })
      const typescript = readJson<{ version: string }>(join(appA, 'node_modules/typescript/package.json')).version
      results.push(
        `app A (Vite template, TypeScript ${typescript}): tsc -b and vite build pass with the quick start pasted`,
      )
    })
    step('type tests: every entry under bundler, node16, nodenext', () => {
      cpSync(join(ROOT, 'consumers/types'), join(appA, 'types-test'), { recursive: true })
      for (const resolution of RESOLUTIONS) {
        typeCheck(['npx', 'tsc'], appA, `types-test/tsconfig.${resolution}.json`)
        results.push(`types, moduleResolution ${resolution}: every entry resolves, no type is any`)
      }
    })

    // App B: React 18.2, CommonJS package, react-query's lower bound.
    const appB = join(work, 'react18')
    step(`app B: React 18.2.0, "type": "commonjs", @tanstack/react-query@${queryLowerBound}: install`, () => {
      cpSync(join(ROOT, 'consumers/react18'), appB, { recursive: true })
      const added = addKit(appB, tarball, kit, { '@tanstack/react-query': queryLowerBound })
      console.log(`  added: ${JSON.stringify(added)}`)
      npmInstall(appB)
    })
    step('app B: type check and vite build', () => {
      // A CommonJS package: the README's vite.config as .mts, so that Vite loads it as an ES module.
      writeFileSync(join(appB, 'vite.config.mts'), quickStartFile('vite.config.ts'))
      typeCheck(['node', REPO_TSC], appB, 'tsconfig.json')
      run('npx', ['vite', 'build', '--config', 'vite.config.mts', '--logLevel', 'warn'], { cwd: appB })
      results.push(`app B (React 18.2.0, CommonJS, react-query ${queryLowerBound}): tsc and vite build pass`)
    })
    step('app B: a CommonJS file importing auth-proxy-kit/core', () => {
      // The package is ESM only. Under module nodenext TypeScript 5.8+ compiles require() of it (Node
      // 20.19+/22.12+ can load it); under node16 it refuses (TS1479), which is what ESM-only means there.
      typeCheck(['node', REPO_TSC], appB, 'types/tsconfig.nodenext.json')
      const node16 = runFailing('node', [REPO_TSC, '-p', 'types/tsconfig.node16.json'], { cwd: appB })
      if (!node16.includes('TS1479'))
        throw new Error(`under node16 the CommonJS file failed otherwise than TS1479:\n${node16}`)
      run(
        'node',
        [
          '-e',
          "const core = require('auth-proxy-kit/core'); if (typeof core.createKit !== 'function') throw new Error('no createKit')",
        ],
        { cwd: appB },
      )
      results.push(
        'app B, CommonJS .ts under nodenext: compiles (require of ESM, TypeScript 5.8+); under node16: TS1479 (ESM only); require("auth-proxy-kit/core") works in Node',
      )
    })

    step('Playwright: sign in by email on both apps', () => {
      run('npx', ['tsx', 'scripts/ensure-chromium.ts'], { cwd: ROOT })
      run('npx', ['playwright', 'test', '-c', 'consumers/playwright.config.ts'], {
        cwd: ROOT,
        quiet: false,
        env: { ...process.env, CONSUMERS_DIR: work },
      })
      results.push('Playwright: both apps sign in by email with no console error')
    })
    passed = true
  } finally {
    if (flags.has('--keep')) console.log(`\nkept the apps in ${work}`)
    else rmSync(work, { recursive: true, force: true })
    console.log(
      `\ntest:consumers ${passed ? 'passed' : 'FAILED'} in ${((performance.now() - started) / 1000).toFixed(0)} s`,
    )
    for (const [name, seconds] of timings) console.log(`  ${seconds.toFixed(1).padStart(6)} s  ${name}`)
    for (const line of results) console.log(`  ✓ ${line}`)
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    main()
  } catch (error) {
    console.error(error instanceof Error ? error.message : error)
    process.exitCode = 1
  }
}
