// `npm run test:consumers`: fresh host apps install the packed kit (its tarball, as a registry would ship
// it) and sign in.
// - App A is the default Vite template (consumers/vite-template: `npm create vite@latest -- --template
//   react-ts` as create-vite 9.3.0 made it, React 19, "type": "module", TypeScript 7; kept in the repo so
//   that a new template on the registry cannot fail a run, and refreshed by hand) with the README's quick
//   start pasted as it is; its own `tsc -b && vite build` pass, and that production build carries nothing
//   of the mock (scripts/consumers/mockInBuild.ts).
// - App B (consumers/react18) is "type": "commonjs" with React 18.2.0 and react-query's lower bound.
// - App C (consumers/wagmi) is a wagmi 3 app (the latest wagmi, viem, react-query) whose one connector is
//   authProxyKit({ kit }), with the kit shared by its AuthProxyProvider; its own `tsc && vite build` pass.
//   Beside it, ganache (scripts/consumers/evmNode.ts): the local EVM node its end-to-end spec starts.
// - Type tests (consumers/types) import every entry under moduleResolution bundler, node16 and nodenext,
//   and once more with exactOptionalPropertyTypes (a host forwarding `theme={maybeTheme}`), and App B
//   compiles a CommonJS file importing `auth-proxy-kit/core` (nodenext) and require()s it in Node.
// - Playwright (consumers/e2e, the `vite-template`, `react18-cjs` and `wagmi` projects of
//   playwright.config.ts) signs in by email on all three apps, and with Google on App A's dev server through
//   the mock's Playwright fixture (addOAuthIdentity); on App B, also on a page of two React roots
//   (`/?islands`), each with its own provider, which follow each other and keep the session's cookie; on
//   App C it connects wagmi through the login modal, signs typed data and sends ether on a local node.
// - The docs' TypeScript blocks (README.md, docs/**/*.md; scripts/docs/snippets.ts says which) compile
//   in App A against the tarball.
// `npm test` runs this with --prepare (make the apps in HOSTS_DIR and stop: its one Playwright run signs
// in on them) and hands it the tarball it packed (KIT_TARBALL). Flags: --keep (keep the apps and print
// where), --online (install without --prefer-offline, to measure a cold install), --no-wagmi (leave App C
// out, to measure what it adds).
import { execFileSync, spawn, spawnSync, type SpawnOptions, type SpawnSyncOptions } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { kitTarball } from './packKit'
import { EVM_NODE_DIR, GANACHE_VERSION, prepareEvmNodeDir } from './consumers/evmNode'
import { lowerBound } from './consumers/lowerBound'
import { mockInBuild } from './consumers/mockInBuild'
import { forPreview, onTheMock, quickStartFiles } from './consumers/quickStartFiles'
import { docFiles } from './docs/checkLinks'
import { inDocs, writeSnippets } from './docs/snippets'

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
/** Each app's lane, wall time: they run side by side, so the stage is as long as the longest. */
const laneTimes: Array<[string, number]> = []
/** App C, the wagmi app (--no-wagmi leaves it out, to measure what it adds to the stage). */
const withWagmi = !flags.has('--no-wagmi')
const results: string[] = []

async function step<T>(name: string, action: () => T | Promise<T>): Promise<T> {
  const started = performance.now()
  console.log(`▶ ${name}`)
  const value = await action()
  const seconds = (performance.now() - started) / 1000
  timings.push([name, seconds])
  console.log(`✓ ${name} (${seconds.toFixed(1)} s)`)
  return value
}

/**
 * Runs a command (asynchronously: the two apps are made side by side, each mostly waiting on npm);
 * rejects with its output when it fails. `quiet` keeps the output unless it fails.
 */
function run(command: string, args: string[], options: SpawnOptions & { quiet?: boolean } = {}): Promise<string> {
  const { quiet = true, ...spawnOptions } = options
  return new Promise((done, fail) => {
    const child = spawn(command, args, { stdio: quiet ? 'pipe' : 'inherit', ...spawnOptions })
    let output = ''
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.once('error', fail)
    child.once('close', (code, signal) => {
      if (code === 0) done(output)
      else
        fail(
          new Error(
            `${command} ${args.join(' ')} (in ${String(spawnOptions.cwd ?? ROOT)}) failed (${code ?? signal}):\n${output}`,
          ),
        )
    })
  })
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
  return JSON.parse(execFileSync('tar', ['-xzOf', tarball, 'package/package.json'], { encoding: 'utf8' })) as Manifest
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

function npmInstall(appDir: string): Promise<string> {
  return run('npm', ['install', ...INSTALL_FLAGS], { cwd: appDir })
}

function typeCheck(tsc: string[], cwd: string, project: string): Promise<string> {
  const [command = 'npx', ...args] = tsc
  return run(command, [...args, '-p', project], { cwd })
}

async function main(): Promise<void> {
  const started = performance.now()
  const prepareOnly = flags.has('--prepare')
  const given = process.env.HOSTS_DIR
  if (given) {
    rmSync(given, { recursive: true, force: true })
    mkdirSync(given, { recursive: true })
  }
  const work = given ?? mkdtempSync(join(tmpdir(), 'auth-proxy-kit-consumers-'))
  // The apps stay where they were asked for (the end-to-end run serves them); a directory of our own goes.
  const keep = flags.has('--keep') || given !== undefined
  let passed = false
  try {
    const tarball = await step('the packed kit', kitTarball)
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
    const laneA = async () => {
      await step('app A: the Vite react-ts template, its dependencies, the tarball and the peers', () => {
        cpSync(join(ROOT, 'consumers/vite-template'), appA, { recursive: true })
        const added = addKit(appA, tarball, kit)
        console.log(`  app A added: ${JSON.stringify(added)}`)
        return npmInstall(appA)
      })
      await step("app A: paste the README's quick start; tsc -b && vite build", async () => {
        writeFileSync(join(appA, 'src/App.tsx'), onTheMock(quickStartFile('src/App.tsx'), PLACEHOLDERS))
        writeFileSync(join(appA, 'vite.config.ts'), quickStartFile('vite.config.ts'))
        await run('npm', ['run', 'build'], { cwd: appA })
        const typescript = readJson<{ version: string }>(join(appA, 'node_modules/typescript/package.json')).version
        results.push(
          `app A (Vite template, TypeScript ${typescript}): tsc -b and vite build pass with the quick start pasted`,
        )
        // The quick start's production build: the mock served its dev server and its OAuth providers, and
        // must have left nothing in what ships.
        const leaks = mockInBuild(join(appA, 'dist'))
        if (leaks.length > 0) throw new Error(`app A's production build carries the mock:\n  ${leaks.join('\n  ')}`)
        results.push("app A's production build carries nothing of the mock (no __mock/ route, key or announcement)")
      })
      await step(
        'type tests: every entry under bundler, node16, nodenext, and exactOptionalPropertyTypes',
        async () => {
          cpSync(join(ROOT, 'consumers/types'), join(appA, 'types-test'), { recursive: true })
          for (const resolution of RESOLUTIONS) {
            await typeCheck(['npx', 'tsc'], appA, `types-test/tsconfig.${resolution}.json`)
            results.push(`types, moduleResolution ${resolution}: every entry resolves, no type is any`)
          }
          await typeCheck(['npx', 'tsc'], appA, 'types-test/tsconfig.exact.json')
          results.push('types, exactOptionalPropertyTypes: a host forwards undefined to optional props and options')
        },
      )
      await step("the docs' TypeScript blocks, against the packed kit", async () => {
        // Every ```ts/```tsx block of README.md and docs/ but those marked `// not compiled: <why>`, each a
        // module with its prelude (scripts/docs/snippets.ts), under the template's TypeScript.
        const all = writeSnippets(join(appA, 'docs-snippets'), ROOT, docFiles(ROOT))
        try {
          await typeCheck(['npx', 'tsc'], appA, 'docs-snippets/tsconfig.json')
        } catch (error) {
          throw new Error(`the docs' code does not compile against the packed kit:\n${inDocs(String(error), all)}`, {
            cause: error,
          })
        }
        results.push(`docs: ${all.length} TypeScript blocks of README.md and docs/ compile against the packed kit`)
      })
    }

    // App B: React 18.2, CommonJS package, react-query's lower bound.
    const appB = join(work, 'react18')
    const laneB = async () => {
      await step(`app B: React 18.2.0, "type": "commonjs", @tanstack/react-query@${queryLowerBound}: install`, () => {
        cpSync(join(ROOT, 'consumers/react18'), appB, { recursive: true })
        const added = addKit(appB, tarball, kit, { '@tanstack/react-query': queryLowerBound })
        console.log(`  app B added: ${JSON.stringify(added)}`)
        return npmInstall(appB)
      })
      await step('app B: type check and vite build', async () => {
        // A CommonJS package: the README's vite.config as .mts, so that Vite loads it as an ES module; its
        // build is served by `vite preview` on the mock, so it holds the mock's key (forPreview).
        writeFileSync(join(appB, 'vite.config.mts'), forPreview(quickStartFile('vite.config.ts')))
        await typeCheck(['node', REPO_TSC], appB, 'tsconfig.json')
        await run('npx', ['vite', 'build', '--config', 'vite.config.mts', '--logLevel', 'warn'], { cwd: appB })
        results.push(`app B (React 18.2.0, CommonJS, react-query ${queryLowerBound}): tsc and vite build pass`)
      })
      await step('app B: a CommonJS file importing auth-proxy-kit/core', async () => {
        // The package is ESM only. Under module nodenext TypeScript 5.8+ compiles require() of it (Node
        // 20.19+/22.12+ can load it); under node16 it refuses (TS1479), which is what ESM-only means there.
        await typeCheck(['node', REPO_TSC], appB, 'types/tsconfig.nodenext.json')
        const node16 = runFailing('node', [REPO_TSC, '-p', 'types/tsconfig.node16.json'], { cwd: appB })
        if (!node16.includes('TS1479'))
          throw new Error(`under node16 the CommonJS file failed otherwise than TS1479:\n${node16}`)
        await run(
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
    }
    // App C: a wagmi app on the kit's connector, and ganache for its spec's local node.
    const appC = join(work, 'wagmi')
    const laneC = async () => {
      const app = step('app C: wagmi 3, viem, react-query, the tarball and the peers: install', () => {
        cpSync(join(ROOT, 'consumers/wagmi'), appC, { recursive: true })
        // @wagmi/core, an optional peer of the kit, is added with the others, and must be: wagmi depends on
        // it, but npm (11 here) keeps that copy in wagmi's own node_modules, where the kit's
        // `import '@wagmi/core'` does not see it. Added at the top, wagmi's dedupes onto it.
        const added = addKit(appC, tarball, kit)
        console.log(`  app C added: ${JSON.stringify(added)}`)
        return npmInstall(appC)
      })
      // Beside the app's install: the test's local EVM node, in its own folder that outlives the runs.
      const node = step(`app C's local EVM node: ganache ${GANACHE_VERSION} in ${EVM_NODE_DIR}`, () =>
        npmInstall(prepareEvmNodeDir()),
      )
      const installs = await Promise.allSettled([app, node])
      for (const settled of installs) if (settled.status === 'rejected') throw settled.reason
      await step('app C: tsc && vite build', async () => {
        // Served by `vite preview` on the mock: the build holds the mock's key (forPreview).
        writeFileSync(join(appC, 'vite.config.ts'), forPreview(quickStartFile('vite.config.ts')))
        // One @wagmi/core, shared by wagmi and the kit (a @wagmi/core released without its wagmi would be two).
        if (existsSync(join(appC, 'node_modules/wagmi/node_modules/@wagmi/core')))
          throw new Error("app C has two @wagmi/core: wagmi's own, and the kit's at the top")
        await run('npm', ['run', 'build'], { cwd: appC })
        const version = (name: string) =>
          readJson<{ version: string }>(join(appC, 'node_modules', name, 'package.json')).version
        results.push(
          `app C (wagmi ${version('wagmi')}, @wagmi/core ${version('@wagmi/core')}, viem ${version('viem')}): tsc and vite build pass`,
        )
      })
    }

    // Side by side: the lanes mostly wait on npm's installs.
    const lane = async (name: string, body: () => Promise<void>) => {
      const laneStarted = performance.now()
      await body()
      laneTimes.push([name, (performance.now() - laneStarted) / 1000])
    }
    const lanes = await Promise.allSettled([
      lane('A', laneA),
      lane('B', laneB),
      ...(withWagmi ? [lane('C', laneC)] : []),
    ])
    for (const settled of lanes) if (settled.status === 'rejected') throw settled.reason

    if (!prepareOnly)
      await step(
        `Playwright: sign in by email on ${withWagmi ? 'the three apps; wagmi on App C' : 'both apps'}`,
        async () => {
          await run('npx', ['tsx', 'scripts/ensure-chromium.ts'], { cwd: ROOT })
          const projects = ['vite-template', 'react18-cjs', ...(withWagmi ? ['wagmi'] : [])]
          await run('npx', ['playwright', 'test', ...projects.flatMap((project) => ['--project', project])], {
            cwd: ROOT,
            quiet: false,
            env: { ...process.env, E2E_SUITES: 'consumers', E2E_HOSTS: work },
          })
          results.push(
            `Playwright: ${withWagmi ? 'the three' : 'both'} apps sign in by email with no console error; on App B two React roots on one page follow each other${withWagmi ? '; on App C wagmi connects through the login modal, a permit and 0.01 ETH are signed, verified and sent on a local node' : ''}`,
          )
        },
      )
    passed = true
  } finally {
    if (keep) console.log(`\nkept the apps in ${work}`)
    else rmSync(work, { recursive: true, force: true })
    console.log(
      `\ntest:consumers ${passed ? 'passed' : 'FAILED'} in ${((performance.now() - started) / 1000).toFixed(0)} s`,
    )
    for (const [name, seconds] of timings) console.log(`  ${seconds.toFixed(1).padStart(6)} s  ${name}`)
    for (const [name, seconds] of laneTimes)
      console.log(`  ${seconds.toFixed(1).padStart(6)} s  app ${name}, its whole lane`)
    const laneC = laneTimes.find(([name]) => name === 'C')?.[1]
    if (laneC !== undefined) {
      // A lower bound: App C's installs also slow A's and B's on two cores (--no-wagmi, compared, says all).
      const others = Math.max(0, ...laneTimes.filter(([name]) => name !== 'C').map(([, seconds]) => seconds))
      console.log(`  app C ends ${Math.max(0, laneC - others).toFixed(1)} s after A and B`)
    }
    for (const line of results) console.log(`  ✓ ${line}`)
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error)
    process.exitCode = 1
  })
}
