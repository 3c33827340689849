// Checks what `npm run build` produced against package.json's exports, the way a host app's
// bundler and TypeScript will resolve them: every entry imports by its package name, has its
// declarations, and every module holding a React hook or component starts with "use client" while the
// entries and plain modules (core, the themes) do not (Next.js App Router: a server component may import
// the kit and call darkTheme()).
import { execFileSync } from 'node:child_process'
import { existsSync, cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const pkg = JSON.parse(readFileSync(`${root}/package.json`, 'utf8'))
const failures = []
const check = (ok, message) => ok || failures.push(message)

for (const [subpath, target] of Object.entries(pkg.exports)) {
  if (typeof target === 'string') {
    check(existsSync(`${root}/${target}`), `${subpath}: ${target} is missing`)
    continue
  }
  check(existsSync(`${root}/${target.types}`), `${subpath}: declarations ${target.types} are missing`)
  check(existsSync(`${root}/${target.import}`), `${subpath}: ${target.import} is missing`)
  check(
    target.default === target.import,
    `${subpath}: no "default" condition (require(esm), Jest) or it differs from "import"`,
  )
  const specifier = subpath === '.' ? pkg.name : `${pkg.name}/${subpath.slice(2)}`
  try {
    const entry = await import(specifier)
    check(Object.keys(entry).length > 0, `${specifier}: exports nothing`)
    // A locale's entry holds its dictionary alone, so that importing it loads one language: pt-BR's is
    // named ptBR (a name has no hyphen), its `locale` 'pt-BR'.
    const locale = subpath.startsWith('./locales/') ? subpath.slice('./locales/'.length) : undefined
    if (locale !== undefined) {
      const name = locale.replace('-', '')
      check(
        Object.keys(entry).join() === name && entry[name].locale === locale,
        `${specifier}: exports ${Object.keys(entry).join(', ')}, not the dictionary ${name} (${locale}) alone`,
      )
    }
  } catch (error) {
    failures.push(`${specifier}: cannot be imported (${error.message})`)
  }
}

const USE_CLIENT = '"use client";'
const startsWithUseClient = (file) => readFileSync(`${root}/${file}`, 'utf8').startsWith(USE_CLIENT)
// A built module of the React layers that imports React holds a hook, a context or a component.
let clientModules = 0
for (const layer of ['react', 'components']) {
  for (const name of readdirSync(`${root}/dist/${layer}`, { recursive: true })) {
    const file = `dist/${layer}/${name}`
    if (!file.endsWith('.js')) continue
    const code = readFileSync(`${root}/${file}`, 'utf8')
    if (!/from\s*["']react(?:\/jsx-runtime)?["']/.test(code)) continue
    clientModules += 1
    check(code.startsWith(USE_CLIENT), `${file} uses React but does not start with "use client"`)
  }
}
check(clientModules > 20, `only ${clientModules} React modules found under dist/react and dist/components`)
for (const file of [
  pkg.exports['.'].import,
  pkg.exports['./core'].import,
  pkg.exports['./server'].import,
  'dist/components/theme/Theme.js',
]) {
  check(
    !startsWithUseClient(file),
    `${file} starts with "use client": a server component could not call what it exports`,
  )
}
const cli = readFileSync(`${root}/dist/cli.js`, 'utf8')
check(cli.startsWith('#!/usr/bin/env node'), 'dist/cli.js has no shebang')
const css = readFileSync(`${root}/dist/styles.css`, 'utf8')
check(css.includes('--apk-'), 'dist/styles.css has no --apk- variables')
// The WebAuthn helper is loaded when passkeys are first used: only dynamic imports of it may remain.
for (const file of readdirSync(`${root}/dist`).filter((name) => name.endsWith('.js'))) {
  const code = readFileSync(`${root}/dist/${file}`, 'utf8')
  check(
    !/(?:from|import)\s*["']@simplewebauthn\/browser["']/.test(code),
    `dist/${file} imports @simplewebauthn/browser statically`,
  )
}

// What npm would ship: the built files, with no test helpers, fakes or source maps.
const packed = JSON.parse(
  execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  }),
)[0].files.map((file) => file.path)
const helpers = packed.filter((path) => /(^|\/)(test|testing)\/|\.test\.|\.stories\.|\.map$/.test(path))
check(helpers.length === 0, `the package ships test helpers or maps: ${helpers.slice(0, 5).join(', ')}`)
// What a reader of node_modules looks for first: npm adds the README and LICENSE itself, not the CHANGELOG.
for (const doc of ['README.md', 'LICENSE', 'CHANGELOG.md'])
  check(packed.includes(doc), `the package does not ship ${doc} (package.json "files")`)

// A browser host installs no mock-only package (optional peers of auth-proxy-kit/mock): only the mock's
// files and its entries may import one.
const MOCK_ONLY =
  /(?:from|import)\s*\(?\s*["'](@simplewebauthn\/server|@scure\/bip32|@scure\/bip39|@noble\/curves|micro-eth-signer)[^"']*["']/
for (const name of readdirSync(`${root}/dist`, { recursive: true })) {
  if (!name.endsWith('.js') || name.startsWith('mock') || name === 'cli.js') continue
  const match = MOCK_ONLY.exec(readFileSync(`${root}/dist/${name}`, 'utf8'))
  check(match === null, `dist/${name} imports ${match?.[1]}, which only the mock may (an optional peer)`)
}

// A host without the mock's peers gets an error naming them and the command, not Node's "Cannot find
// package": the package linked into an empty app whose node_modules holds nothing else (--preserve-symlinks
// keeps Node from finding this repository's own node_modules).
const app = mkdtempSync(join(tmpdir(), 'apk-no-peers-'))
try {
  const installed = join(app, 'node_modules', pkg.name)
  mkdirSync(installed, { recursive: true })
  cpSync(`${root}/package.json`, join(installed, 'package.json'))
  cpSync(`${root}/dist`, join(installed, 'dist'), { recursive: true })
  for (const specifier of [`${pkg.name}/mock`, `${pkg.name}/mock/vite`, `${pkg.name}/mock/playwright`]) {
    let stderr = ''
    try {
      execFileSync(process.execPath, ['--input-type=module', '-e', `await import('${specifier}')`], {
        cwd: app,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      })
    } catch (error) {
      stderr = String(error.stderr)
    }
    check(
      stderr.includes(
        `${specifier} needs @simplewebauthn/server, @scure/bip32, @scure/bip39, @noble/curves, micro-eth-signer`,
      ) &&
        stderr.includes(
          'npm install -D @simplewebauthn/server @scure/bip32 @scure/bip39 @noble/curves micro-eth-signer',
        ),
      `${specifier} without its peers does not name them and the command:\n${stderr.split('\n').slice(0, 6).join('\n')}`,
    )
  }
} finally {
  rmSync(app, { recursive: true, force: true })
}

if (failures.length > 0) {
  console.error(`dist check failed:\n- ${failures.join('\n- ')}`)
  process.exit(1)
}
console.log(
  `dist check: ${Object.keys(pkg.exports).length} exports resolve, with declarations and a "default" condition; ${packed.length} files packed with README, LICENSE and CHANGELOG, no test helpers or maps; the mock's peers imported by the mock only, and named when missing; "use client" on all ${clientModules} React modules and on no entry; @simplewebauthn/browser imported on first use only`,
)
