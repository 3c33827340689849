import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

// The Playwright example of docs/testing-with-playwright.md is the spec `npm test` runs: the block after
// `// e2e/signIn.spec.ts` must be e2e/mockFixture.spec.ts, character for character.
const root = resolve(import.meta.dirname, '..')

describe("the docs' Playwright fixture example", () => {
  it('is e2e/mockFixture.spec.ts, which npm test runs', () => {
    const page = readFileSync(resolve(root, 'docs/testing-with-playwright.md'), 'utf8')
    const block = /```ts\n\/\/ e2e\/signIn\.spec\.ts\n([\s\S]*?)```/.exec(page)?.[1]
    expect(block).toBeDefined()
    expect(block).toBe(readFileSync(resolve(root, 'e2e/mockFixture.spec.ts'), 'utf8'))
  })
})
