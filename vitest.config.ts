import react from '@vitejs/plugin-react'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

// Two projects: core and mock run in Node (WebCrypto, fetch Request/Response are Node's own);
// React code runs in jsdom.
export default defineConfig({
  plugins: [react()],
  // The playground imports the kit by its package name, as an app does (playground/vite.config.ts).
  resolve: {
    alias: [{ find: /^auth-proxy-kit$/, replacement: fileURLToPath(new URL('./src/index.ts', import.meta.url)) }],
  },
  test: {
    // Vitest's default in a run is one worker fewer than the cores: one on CI's two, which ran 200 files in
    // turn (7 minutes). The tests wait on timers and fake networks as much as they compute, so three share
    // two cores well.
    maxWorkers: 3,
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['src/**/*.test.ts', 'scripts/**/*.test.ts', 'playground/**/*.test.ts'],
          setupFiles: ['src/test/setupNode.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: ['src/**/*.test.tsx', 'stories/**/*.test.tsx', 'playground/**/*.test.tsx'],
          setupFiles: ['src/test/setupDom.ts'],
          // A whole sign-in in jsdom, with axe over a dialog that holds every country, takes 1 to 3 s on a
          // quiet machine and past the default 5 s on CI's two shared cores: time is not what these test.
          testTimeout: 15_000,
        },
      },
    ],
  },
})
