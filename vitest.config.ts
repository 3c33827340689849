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
    // Guards against a hang, not a measure of speed: a test takes 1 to 3 s on a quiet machine and several
    // times that on a busy one (the whole suite under `scripts/withLoad.ts` on two shared cores); one still
    // running after two minutes is stuck. Tests wait on signals (fake timers, held requests, awaited
    // states), never on the clock, so no value here needs tuning to make them pass.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // expect.poll waits on a state up to this long (its default, 1 s, is a quiet machine's).
    expect: { poll: { timeout: 60_000 } },
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
        },
      },
    ],
  },
})
