import react from '@vitejs/plugin-react'
import { fileURLToPath } from 'node:url'
import { configDefaults, defineConfig } from 'vitest/config'

/** The mock's test files that replace globals (the page a fetch runs in): run isolated, in 'node'. */
const MOCK_FILES_STUBBING_GLOBALS = ['src/mock/fetchInPage.test.ts']

// Three projects: the mock's own tests and the rest of core run in Node (WebCrypto, fetch
// Request/Response are Node's own); React code runs in jsdom.
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
          // The mock's tests share one module graph per worker (isolate: false): each file imports the same
          // mock (noble, @simplewebauthn/server, jose, the scure libraries), and evaluating it afresh for
          // each of ~60 files was more than half their time (160 s of CPU isolated, 73 s shared, measured on
          // `vitest run --project node src/mock`). The mock keeps its state per instance, never per module,
          // so nothing leaks from file to file; a file that stubs globals runs isolated in 'node'.
          name: 'mock',
          environment: 'node',
          include: ['src/mock/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...MOCK_FILES_STUBBING_GLOBALS],
          setupFiles: ['src/test/setupNode.ts'],
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: [
            'src/*.test.ts',
            'src/!(mock)/**/*.test.ts',
            ...MOCK_FILES_STUBBING_GLOBALS,
            'scripts/**/*.test.ts',
            'playground/**/*.test.ts',
          ],
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
