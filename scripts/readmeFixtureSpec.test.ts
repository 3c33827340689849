import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

// The README's Playwright example is the spec `npm test` runs: the block after `// e2e/signIn.spec.ts`
// must be e2e/mockFixture.spec.ts, character for character.
const root = resolve(import.meta.dirname, '..')

describe("the README's Playwright fixture example", () => {
  it('is e2e/mockFixture.spec.ts, which npm test runs', () => {
    const readme = readFileSync(resolve(root, 'README.md'), 'utf8')
    const block = /```ts\n\/\/ e2e\/signIn\.spec\.ts\n([\s\S]*?)```/.exec(readme)?.[1]
    expect(block).toBeDefined()
    expect(block).toBe(readFileSync(resolve(root, 'e2e/mockFixture.spec.ts'), 'utf8'))
  })
})
