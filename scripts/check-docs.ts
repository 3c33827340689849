// `npm test`'s docs stage: every relative link and #anchor in README.md and docs/**/*.md resolves.
// The docs' TypeScript blocks are compiled against the packed kit by scripts/test-consumers.ts (app A);
// `tsx scripts/check-docs.ts --snippets` compiles them here, against src (through tsconfig.json's
// paths), for a quick look while writing.
import { spawnSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { checkLinks, docFiles } from './docs/checkLinks'
import { inDocs, writeSnippets } from './docs/snippets'

const ROOT = resolve(import.meta.dirname, '..')

function links(): boolean {
  const files = docFiles(ROOT)
  const broken = checkLinks(ROOT, files)
  for (const { file, line, target, reason } of broken) console.error(`${file}:${line}: ${target}: ${reason}`)
  console.log(
    `docs: ${files.length} files, ${broken.length === 0 ? 'every link resolves' : `${broken.length} broken links`}`,
  )
  return broken.length === 0
}

function snippetsAgainstSource(): boolean {
  const dir = join(ROOT, '.work', 'docs-snippets')
  const all = writeSnippets(dir, ROOT, docFiles(ROOT), ['vite/client', 'node'])
  const tsconfigPath = join(dir, 'tsconfig.json')
  const tsconfig = JSON.parse(readFileSync(tsconfigPath, 'utf8')) as { compilerOptions: Record<string, unknown> }
  const paths = (
    JSON.parse(readFileSync(join(ROOT, 'tsconfig.json'), 'utf8')) as {
      compilerOptions: { paths: Record<string, string[]> }
    }
  ).compilerOptions.paths
  tsconfig.compilerOptions.paths = Object.fromEntries(
    Object.entries(paths).map(([name, [target = '']]) => [name, [join(ROOT, target)]]),
  )
  writeFileSync(tsconfigPath, JSON.stringify(tsconfig, null, 2))
  const result = spawnSync(join(ROOT, 'node_modules/.bin/tsgo'), ['-p', tsconfigPath], { encoding: 'utf8' })
  const output = `${result.stdout}${result.stderr}`
  if (result.status !== 0) console.error(inDocs(output, all))
  console.log(`docs: ${all.length} TypeScript blocks ${result.status === 0 ? 'compile' : 'do NOT compile'} against src`)
  return result.status === 0
}

const ok = process.argv.includes('--snippets') ? snippetsAgainstSource() : links()
process.exitCode = ok ? 0 : 1
