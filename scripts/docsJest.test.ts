import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

// The Jest set-up of docs/testing-with-jest.md is what the `jest` stage of `npm test` runs: the block that starts with
// `// jest.config.cjs` must be jest/jest.config.cjs, and so on for the environment and the test, character
// for character.
const root = resolve(import.meta.dirname, '..')

describe("the docs' Jest set-up", () => {
  for (const file of ['jest.config.cjs', 'jest.environment.cjs', 'signIn.test.tsx']) {
    it(`shows jest/${file}, which npm test runs`, () => {
      const readme = readFileSync(resolve(root, 'docs/testing-with-jest.md'), 'utf8')
      const block = new RegExp('```(?:js|tsx)\\n(// ' + file.replace(/\./g, '\\.') + ':[\\s\\S]*?)```').exec(
        readme,
      )?.[1]
      expect(block).toBeDefined()
      expect(block).toBe(readFileSync(resolve(root, 'jest', file), 'utf8'))
    })
  }
})
