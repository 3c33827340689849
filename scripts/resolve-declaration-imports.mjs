// TypeScript writes the declarations' relative imports as the source has them, without an extension
// (`from './useKit'`), which only `moduleResolution: bundler` resolves: under node16/nodenext a consumer
// got "has no exported member" and untyped entries. This rewrites each relative specifier in dist/types
// to the file it means (`./useKit.js`, `./flows/index.js`), and fails on one that names no declaration.
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const typesDir = resolve(fileURLToPath(new URL('..', import.meta.url)), 'dist/types')
// `from '…'`, `import '…'` and `import('…')` with a relative specifier.
const SPECIFIER = /(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(['"])(\.{1,2}\/[^'"]*)\2/g
const unresolved = []
let rewritten = 0

function resolveSpecifier(file, specifier) {
  if (/\.(js|mjs|cjs|json|css)$/.test(specifier)) return specifier
  const base = join(dirname(file), specifier)
  if (existsSync(`${base}.d.ts`)) return `${specifier}.js`
  if (existsSync(join(base, 'index.d.ts'))) return `${specifier.replace(/\/$/, '')}/index.js`
  unresolved.push(`${file.slice(typesDir.length + 1)}: '${specifier}'`)
  return specifier
}

for (const name of readdirSync(typesDir, { recursive: true })) {
  if (!name.endsWith('.d.ts')) continue
  const file = join(typesDir, name)
  const text = readFileSync(file, 'utf8')
  const next = text.replace(
    SPECIFIER,
    (_, lead, quote, specifier) => `${lead}${quote}${resolveSpecifier(file, specifier)}${quote}`,
  )
  if (next !== text) {
    writeFileSync(file, next)
    rewritten += 1
  }
}

if (unresolved.length > 0) {
  console.error(`declarations import what was not emitted:\n- ${unresolved.join('\n- ')}`)
  process.exit(1)
}
console.log(`declarations: relative imports given their file in ${rewritten} files`)
