import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { PlaywrightTestConfig } from '@playwright/test'
import { describe, expect, it } from 'vitest'

// The Playwright example of docs/testing-with-playwright.md is the spec `npm test` runs: the block after
// `// e2e/signIn.spec.ts` must be e2e/mockFixture.spec.ts, character for character. The config beside it
// is loaded as a file and must start the quick start's app (the Vite template's dev server) where the
// spec opens it.
const root = resolve(import.meta.dirname, '..')
const page = readFileSync(resolve(root, 'docs/testing-with-playwright.md'), 'utf8')

describe("the docs' Playwright fixture example", () => {
  it('is e2e/mockFixture.spec.ts, which npm test runs', () => {
    const block = /```ts\n\/\/ e2e\/signIn\.spec\.ts\n([\s\S]*?)```/.exec(page)?.[1]
    expect(block).toBeDefined()
    expect(block).toBe(readFileSync(resolve(root, 'e2e/mockFixture.spec.ts'), 'utf8'))
  })

  it("comes with a playwright.config.ts that loads, runs the spec's folder, and serves the app's dev server at its baseURL", async () => {
    const block = /```ts\n\/\/ playwright\.config\.ts\n([\s\S]*?)```/.exec(page)?.[1]
    expect(block).toBeDefined()
    // Inside the repository (ignored by git), so that it resolves @playwright/test as a host's config does.
    const dir = resolve(root, 'test-results/docs-playwright-config')
    mkdirSync(dir, { recursive: true })
    const file = join(dir, 'playwright.config.ts')
    writeFileSync(file, block ?? '')
    try {
      const config = ((await import(file)) as { default: PlaywrightTestConfig }).default
      const webServer = config.webServer as Exclude<PlaywrightTestConfig['webServer'], unknown[] | undefined>
      // The spec's path, e2e/signIn.spec.ts, is in testDir.
      expect(config.testDir).toBe('e2e')
      // The quick start's app as `npm run dev` starts it: the Vite template's script, on Vite's default port.
      const template = JSON.parse(readFileSync(resolve(root, 'consumers/vite-template/package.json'), 'utf8')) as {
        scripts: Record<string, string>
      }
      expect(template.scripts.dev).toBe('vite')
      expect(webServer).toMatchObject({ command: 'npm run dev', url: 'http://localhost:5173' })
      // Passkeys need a host name, not an IP address: localhost.
      expect(config.use?.baseURL).toBe(webServer?.url)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
