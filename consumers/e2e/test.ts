import { test as base, expect } from '@playwright/test'

/**
 * Playwright's `test`, failing any test whose page logs an error or a warning to the console (React's
 * hydration, act and key warnings are console errors) or throws: a fresh host must see none.
 */
export const test = base.extend<{ consoleProblems: string[] }>({
  consoleProblems: [
    async ({ page }, use) => {
      const problems: string[] = []
      page.on('console', (message) => {
        if (message.type() === 'error' || message.type() === 'warning')
          problems.push(`console.${message.type()}: ${message.text()} (${message.location().url})`)
      })
      page.on('pageerror', (error) => problems.push(`page error: ${error.message}`))
      await use(problems)
      expect(problems, 'console errors, warnings and page errors').toEqual([])
    },
    { auto: true },
  ],
})

export { expect }
