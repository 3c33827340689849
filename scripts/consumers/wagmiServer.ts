// App C (consumers/wagmi, made by scripts/test-consumers.ts in E2E_HOSTS): its production build under
// `vite preview`, with the mock mounted by the README's vite.config, for the `wagmi` project of
// playwright.config.ts. A build, not the dev server: Vite's dev server would optimize wagmi's and viem's
// modules on the first page load, and reload the page when it finds one more.
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import type { PlaywrightTestConfig } from '@playwright/test'

type WebServer = Exclude<NonNullable<PlaywrightTestConfig['webServer']>, readonly unknown[]>

const WAGMI_PORT = Number(process.env.CONSUMERS_WAGMI_PORT ?? 5313)
export const WAGMI_URL = `http://localhost:${WAGMI_PORT}`

/** Its server, when the app was made (`test-consumers.ts --no-wagmi` leaves it out). */
export function wagmiServers(hostsDir: string): WebServer[] {
  const app = join(hostsDir, 'wagmi')
  if (!existsSync(app)) return []
  return [
    {
      command: `npx vite preview --host localhost --port ${WAGMI_PORT} --strictPort`,
      cwd: app,
      url: `${WAGMI_URL}/`,
      // Never another run's server: it would serve another tarball.
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ]
}
