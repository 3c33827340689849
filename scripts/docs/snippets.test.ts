import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { inDocs, snippets, writeSnippets } from './snippets'

const TSGO = resolve(import.meta.dirname, '../../node_modules/.bin/tsgo')

const DOC = [
  '# Page', //                                    1
  '', //                                          2
  '```ts', //                                     3
  'const answer: number = 42', //                 4
  '```', //                                       5
  '', //                                          6
  '<!-- prelude', //                              7
  'declare const greeting: string', //            8
  '-->', //                                       9
  '```tsx', //                                    10
  'export const shout = greeting.toUpperCase()', // 11
  '```', //                                       12
  '', //                                          13
  '```ts', //                                     14
  '// not compiled: a sketch', //                 15
  'whatever(', //                                 16
  '```', //                                       17
  '', //                                          18
  '```sh', //                                     19
  'npm test', //                                  20
  '```', //                                       21
].join('\n')

let dir: string | undefined
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true })
  dir = undefined
})

/** Writes the doc, extracts its snippets and compiles them with tsgo; returns the outcome in the doc's terms. */
function compile(markdown: string): { ok: boolean; output: string } {
  dir = mkdtempSync(join(tmpdir(), 'docs-snippets-'))
  mkdirSync(join(dir, 'docs'))
  writeFileSync(join(dir, 'docs/page.md'), markdown)
  const all = writeSnippets(join(dir, 'out'), dir, ['docs/page.md'], [])
  const result = spawnSync(TSGO, ['-p', join(dir, 'out/tsconfig.json')], { encoding: 'utf8' })
  return { ok: result.status === 0, output: inDocs(`${result.stdout}${result.stderr}`, all) }
}

describe('snippets', () => {
  it('takes every ts and tsx block but those marked not compiled, with its prelude before it', () => {
    const found = snippets('docs/page.md', DOC)
    expect(found.map(({ name, line, offset }) => ({ name, line, offset }))).toEqual([
      { name: 'docs-page.md-L3.ts', line: 3, offset: 1 },
      { name: 'docs-page.md-L10.tsx', line: 10, offset: 2 },
    ])
    expect(found[1]?.content).toBe(
      '// docs/page.md, the block at line 10\ndeclare const greeting: string\nexport const shout = greeting.toUpperCase()\n',
    )
  })

  it("leaves out a block after a `not compiled` comment, which keeps the block a file's exact copy", () => {
    const doc = [
      '<!-- not compiled: it is jest/x.test.tsx -->',
      '```tsx',
      'whatever(',
      '```',
      '',
      '```ts',
      'export const ok = 1',
      '```',
    ].join('\n')
    expect(snippets('docs/page.md', doc).map(({ line }) => line)).toEqual([6])
  })

  it('takes a block in a list item without its indentation, and its indented prelude', () => {
    const found = snippets(
      'docs/page.md',
      '1. Step\n\n   <!-- prelude\n   declare const n: number\n   -->\n   ```ts\n   const twice = n * 2\n   ```\n',
    )
    expect(found.map(({ line, content }) => ({ line, content }))).toEqual([
      { line: 6, content: '// docs/page.md, the block at line 6\ndeclare const n: number\nconst twice = n * 2\n' },
    ])
  })

  it('compiles blocks that are right', () => {
    const { ok, output } = compile(DOC)
    expect(output).toBe('')
    expect(ok).toBe(true)
  })

  it("fails on a block with a type error, naming the doc's file and line", () => {
    const { ok, output } = compile(DOC.replace('const answer: number = 42', "const answer: number = 'forty-two'"))
    expect(ok).toBe(false)
    expect(output).toMatch(/^docs\/page\.md:4:7: error TS2322/m)
  })

  it('fails when a fragment loses its prelude', () => {
    const { ok, output } = compile(DOC.replace('<!-- prelude\ndeclare const greeting: string\n-->\n', ''))
    expect(ok).toBe(false)
    expect(output).toContain('docs/page.md:8:22') // the block moved up three lines with its prelude gone
    expect(output).toContain('greeting')
  })

  it('writes a strict tsconfig beside the files', () => {
    compile(DOC)
    const tsconfig = JSON.parse(readFileSync(join(dir ?? '', 'out/tsconfig.json'), 'utf8')) as {
      compilerOptions: { strict: boolean }
    }
    expect(tsconfig.compilerOptions.strict).toBe(true)
  })
})
