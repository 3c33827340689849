// The kit's own tests, stories and playground run the mock strict (`strictFields: true`): a body member
// production does not define is refused there, so the kit can never come to rely on one that the real
// proxy would silently drop. This test keeps a new mock from being created lenient by mistake.
import { readFileSync, readdirSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = resolve(import.meta.dirname, '../..')
const SCANNED = ['src', 'stories', 'playground', 'e2e']
// The mock's own tests choose per test (its harness is strict by default); the rest is the kit's.
const MOCK_DIR = join(ROOT, 'src/mock')
const CALL = /\b(createMockAuthProxy|mockAuthProxyPlugin|startMockAuthProxy)\(/g

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'node_modules' || path === MOCK_DIR ? [] : sourceFiles(path)
    return /\.(ts|tsx)$/.test(entry.name) && path !== import.meta.filename ? [path] : []
  })
}

/** The argument text of the call whose `(` is at `open`, up to its matching `)`. */
function argumentsAt(text: string, open: number): string {
  let depth = 0
  for (let index = open; index < text.length; index += 1) {
    if (text[index] === '(') depth += 1
    if (text[index] === ')') depth -= 1
    if (depth === 0) return text.slice(open + 1, index)
  }
  return text.slice(open + 1)
}

function mockCalls(): { where: string; args: string }[] {
  return SCANNED.flatMap((dir) => sourceFiles(join(ROOT, dir))).flatMap((file) => {
    const text = readFileSync(file, 'utf8')
    return [...text.matchAll(CALL)].map((match) => {
      const line = text.slice(0, match.index).split('\n').length
      return { where: `${relative(ROOT, file)}:${line}`, args: argumentsAt(text, match.index + match[0].length - 1) }
    })
  })
}

describe("the kit's own mocks", () => {
  it('are created, mounted and started with strictFields: true', () => {
    const calls = mockCalls()
    // The scan must find the kit's test harness, the stories' proxy and the playground's plugin.
    expect(calls.length).toBeGreaterThan(10)
    expect(calls.map(({ where }) => where)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^src\/react\/test\/renderWithProxy\.tsx:/),
        expect.stringMatching(/^stories\/support\/loadMockProxy\.ts:/),
        expect.stringMatching(/^playground\/vite\.config\.ts:/),
      ]),
    )
    const lenient = calls.filter(({ args }) => !/\bstrictFields: true\b/.test(args)).map(({ where }) => where)
    expect(lenient).toEqual([])
  })
})
