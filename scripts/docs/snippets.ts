// The docs' TypeScript blocks, as files a compiler checks against the packed kit (scripts/test-consumers.ts,
// in app A, where the tarball is installed as a host installs it).
//
// The convention: every ```ts and ```tsx block compiles, as a module of its own, unless its first line is
// `// not compiled: <why>`, or an HTML comment `<!-- not compiled: <why> -->` comes right before its fence
// (for a block that must stay a file's exact copy: the Jest test, which the `jest` stage runs itself). A block that is a fragment (it uses names it does not import, or a value it
// does not make) gets a prelude: an HTML comment right before its fence, which GitHub does not show,
//
//   <!-- prelude
//   import { useKit } from 'auth-proxy-kit'
//   declare const domain: TypedDataDomain
//   -->
//
// whose lines are put before the block's. Compiler errors name the doc's file and line.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { stripVTControlCharacters } from 'node:util'
import { fences } from './markdown'

export const NOT_COMPILED = '// not compiled:'
const COMPILED_LANGS = new Set(['ts', 'tsx', 'typescript'])
const PRELUDE = /<!--\s*prelude\n([\s\S]*?)\n?-->\s*$/
const NOT_COMPILED_COMMENT = /<!--\s*not compiled: [^\n]*-->\s*$/

export interface Snippet {
  /** The file name it is written as (`docs-hooks.md-L42.tsx`). */
  name: string
  /** The doc it comes from, relative to the root, and the line of its opening fence. */
  doc: string
  line: number
  /** How many lines come before the block's own: the header and the prelude. */
  offset: number
  content: string
}

export function snippets(doc: string, markdown: string): Snippet[] {
  const result: Snippet[] = []
  for (const fence of fences(markdown)) {
    if (!COMPILED_LANGS.has(fence.lang)) continue
    if (fence.body.trimStart().startsWith(NOT_COMPILED) || NOT_COMPILED_COMMENT.test(fence.before)) continue
    const prelude = PRELUDE.exec(fence.before)?.[1]
    const header = [`// ${doc}, the block at line ${fence.line}`, ...(prelude ? prelude.split('\n') : [])]
    const extension = fence.lang === 'tsx' ? 'tsx' : 'ts'
    result.push({
      name: `${doc.replace(/[^\w.-]+/g, '-')}-L${fence.line}.${extension}`,
      doc,
      line: fence.line,
      offset: header.length,
      content: `${[...header, fence.body].join('\n')}\n`,
    })
  }
  return result
}

/** The compiler options the snippets are checked with: a Vite host's (the template's app config), strict. */
export function snippetTsconfig(types: string[]): object {
  return {
    compilerOptions: {
      target: 'ES2022',
      lib: ['ES2023', 'DOM', 'DOM.Iterable'],
      module: 'esnext',
      moduleResolution: 'bundler',
      moduleDetection: 'force',
      jsx: 'react-jsx',
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      types,
    },
    include: ['*.ts', '*.tsx'],
  }
}

/** What a page built by Vite with the mock's plugin has, as the docs tell a host to declare it. */
const ENV_DECLARATION = `interface ImportMetaEnv {
  readonly AUTH_PROXY_MOCK_ENCLAVE_KEY?: string
}
`

/** Writes the docs' snippets, their tsconfig and the env declaration into `dir` (emptied first). */
export function writeSnippets(dir: string, root: string, docs: string[], types: string[] = ['vite/client']): Snippet[] {
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(dir, { recursive: true })
  const all = docs.flatMap((doc) => snippets(doc, readFileSync(join(root, doc), 'utf8')))
  for (const snippet of all) writeFileSync(join(dir, snippet.name), snippet.content)
  writeFileSync(join(dir, 'env.d.ts'), ENV_DECLARATION)
  writeFileSync(join(dir, 'tsconfig.json'), `${JSON.stringify(snippetTsconfig(types), null, 2)}\n`)
  return all
}

/**
 * The compiler's output with each snippet's file and line turned into the doc's (`docs/hooks.md:48:7`),
 * so that a failure points at the Markdown to fix. Lines of the prelude say so.
 */
export function inDocs(output: string, all: Snippet[]): string {
  const byName = new Map(all.map((snippet) => [snippet.name, snippet]))
  // Colour codes out (a compiler prints them when the terminal, or CI's FORCE_COLOR, asks), then each
  // place, `file(line,col): ` or the pretty `file:line:col - `, becomes `doc.md:line:col: `.
  return stripVTControlCharacters(output).replace(
    /(?:[^\s(:]*\/)?([\w.-]+\.tsx?)(?:\((\d+),(\d+)\)|:(\d+):(\d+))(?:: | - )?/g,
    (whole, name: string, ...place: (string | undefined)[]) => {
      const snippet = byName.get(name)
      if (!snippet) return whole
      const line = Number(place[0] ?? place[2])
      const column = place[1] ?? place[3]
      const inBlock = line - snippet.offset
      return inBlock >= 1
        ? `${snippet.doc}:${snippet.line + inBlock}:${column}: `
        : `${snippet.doc}:${snippet.line} (its prelude, line ${line}): `
    },
  )
}
