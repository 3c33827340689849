import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { checkLinks, docFiles } from './checkLinks'
import { anchors, slug } from './markdown'

let root: string | undefined
function fixture(files: Record<string, string>): string {
  root = mkdtempSync(join(tmpdir(), 'docs-links-'))
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true })
    writeFileSync(join(root, path), text)
  }
  return root
}
afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true })
  root = undefined
})

describe('slug', () => {
  it("makes GitHub's anchors: lower case, punctuation dropped, code and links kept as text", () => {
    expect(slug('Quick start for a host app')).toBe('quick-start-for-a-host-app')
    expect(slug('The wallet in `viem` and wagmi')).toBe('the-wallet-in-viem-and-wagmi')
    expect(slug('`auth-proxy-kit/viem`')).toBe('auth-proxy-kitviem')
    expect(slug('When a sign-in fails part-way, nothing is lost.')).toBe(
      'when-a-sign-in-fails-part-way-nothing-is-lost',
    )
    expect(slug('useSession()')).toBe('usesession')
    expect(slug('[Vite](vite.md): *fast*')).toBe('vite-fast')
    expect(slug('Next.js (App Router)')).toBe('nextjs-app-router')
    expect(slug('Completed by `<AuthProxyProvider>` itself')).toBe('completed-by-authproxyprovider-itself')
    expect(slug('A <em>tagged</em> word')).toBe('a-tagged-word')
  })

  it('numbers a repeated heading and ignores headings in code blocks', () => {
    expect([...anchors('# A\n## Notes\n```sh\n# not a heading\n```\n### Notes\n')]).toEqual(['a', 'notes', 'notes-1'])
  })
})

describe('checkLinks', () => {
  it('passes links to files, folders and headings that exist, and leaves other sites alone', () => {
    const dir = fixture({
      'README.md':
        '# Kit\n\nSee [hooks](docs/hooks.md#usesession), [the code](src/), [top](#kit), [site](https://example.com/x#y).\n',
      'docs/hooks.md': '# Hooks\n\n## `useSession()`\n\nBack [home](../README.md) and [below](#hooks).\n',
      'src/index.ts': '',
    })
    expect(docFiles(dir)).toEqual(['README.md', 'docs/hooks.md'])
    expect(checkLinks(dir, docFiles(dir))).toEqual([])
  })

  it('names a link to a missing file, and an anchor no heading makes, with file and line', () => {
    const dir = fixture({
      'README.md': '# Kit\n\n[gone](docs/gone.md)\n\n[typo](docs/hooks.md#use-session) and [here](#nope)\n',
      'docs/hooks.md': '# Hooks\n\n## useSession()\n',
    })
    expect(checkLinks(dir, docFiles(dir))).toEqual([
      { file: 'README.md', line: 3, target: 'docs/gone.md', reason: 'no such file: docs/gone.md' },
      {
        file: 'README.md',
        line: 5,
        target: 'docs/hooks.md#use-session',
        reason: 'no heading makes #use-session in docs/hooks.md',
      },
      { file: 'README.md', line: 5, target: '#nope', reason: 'no heading makes #nope in README.md' },
    ])
  })

  it('checks the pictures and anchors written as HTML', () => {
    const dir = fixture({
      'README.md': '# Kit\n\n<img src="shots/a.png" alt="A" width="300"> <img alt="B" src="shots/b.png">\n',
      'shots/a.png': '',
    })
    expect(checkLinks(dir, docFiles(dir))).toEqual([
      { file: 'README.md', line: 3, target: 'shots/b.png', reason: 'no such file: shots/b.png' },
    ])
  })

  it('reads no link inside code, fenced blocks in list items and longer fences included', () => {
    const dir = fixture({
      'README.md':
        '# Kit\n\n`[a](missing.md)`\n\n```md\n[b](missing.md)\n```\n\n1. Step\n\n   ```ts\n   // [c](missing.md)\n   ```\n\n````md\n```\n[d](missing.md)\n```\n````\n',
    })
    expect(checkLinks(dir, docFiles(dir))).toEqual([])
  })
})
