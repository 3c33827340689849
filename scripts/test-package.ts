// `npm run test:package`: the package as a registry would serve it, judged by the two tools people use:
// publint (package.json against the files: exports, conditions, types) and Are the Types Wrong (every
// entry's types resolve and match its JavaScript under node16 and bundler resolution). The profile is
// esm-only: the kit is ESM-only, and `require()` of it works where Node can require ESM (the "default"
// condition); node10 and node16-from-CJS rows are reported but do not fail. Then every type a public
// declaration names is exported (scripts/check-public-types.ts). Judges the tarball `npm test` packed
// (KIT_TARBALL), or packs the dist `npm run build` made.
import { execFileSync } from 'node:child_process'
import { resolve } from 'node:path'
import { kitTarball } from './packKit'

const root = resolve(import.meta.dirname, '..')
const bin = (name: string) => resolve(root, 'node_modules/.bin', name)
const tarball = kitTarball()
const run = (command: string, args: string[]) => execFileSync(command, args, { cwd: root, stdio: 'inherit' })
try {
  run(bin('publint'), ['--strict', '--pack', 'false'])
  run(bin('tsx'), ['scripts/check-public-types.ts'])
  run(bin('attw'), [
    tarball,
    '--profile',
    'esm-only',
    '--exclude-entrypoints',
    './styles.css',
    '--format',
    'table-flipped',
  ])
} catch {
  console.error('test:package: publint or attw found a problem (above)')
  process.exit(1)
}
console.log('test:package: publint and attw clean')
