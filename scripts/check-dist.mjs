// Checks what `npm run build` produced against package.json's exports, the way a host app's
// bundler and TypeScript will resolve them: every entry imports by its package name, has its
// declarations, and the React entry starts with "use client" (Next.js App Router).
import { existsSync, readdirSync, readFileSync } from 'node:fs'
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
  const specifier = subpath === '.' ? pkg.name : `${pkg.name}/${subpath.slice(2)}`
  try {
    const entry = await import(specifier)
    check(Object.keys(entry).length > 0, `${specifier}: exports nothing`)
  } catch (error) {
    failures.push(`${specifier}: cannot be imported (${error.message})`)
  }
}

const reactEntry = readFileSync(`${root}/${pkg.exports['.'].import}`, 'utf8')
check(reactEntry.startsWith('"use client";'), `${pkg.exports['.'].import} does not start with "use client", @simplewebauthn/browser imported on first use only`)
const cli = readFileSync(`${root}/dist/cli.js`, 'utf8')
check(cli.startsWith('#!/usr/bin/env node'), 'dist/cli.js has no shebang')
const css = readFileSync(`${root}/dist/styles.css`, 'utf8')
check(css.includes('--apk-'), 'dist/styles.css has no --apk- variables')
// The WebAuthn helper is loaded when passkeys are first used: only dynamic imports of it may remain.
for (const file of readdirSync(`${root}/dist`).filter((name) => name.endsWith('.js'))) {
  const code = readFileSync(`${root}/dist/${file}`, 'utf8')
  check(!/(?:from|import)\s*["']@simplewebauthn\/browser["']/.test(code), `dist/${file} imports @simplewebauthn/browser statically`)
}

if (failures.length > 0) {
  console.error(`dist check failed:\n- ${failures.join('\n- ')}`)
  process.exit(1)
}
console.log(`dist check: ${Object.keys(pkg.exports).length} exports resolve, with declarations and "use client", @simplewebauthn/browser imported on first use only`)
