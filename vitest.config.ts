import react from '@vitejs/plugin-react'
import { fileURLToPath } from 'node:url'
import { configDefaults, defineConfig } from 'vitest/config'
// With its extension, .js for the .ts (TypeScript's bundler resolution maps it): Vite warns on every run
// that an extensionless relative import will not load under its coming native config loader.
import {
  TEST_ENCLAVE_SECRET_KEY,
  aliasProductionSigner,
  enclavePublicKeyOf,
} from './src/mock/testing/productionSignerAlias.js'

/**
 * The Node tests that replace a module (`vi.mock`) or a global, or prove that a chunk is not loaded yet:
 * in a module graph shared with other files, one would hand the files after it its version, and a chunk an
 * earlier file loaded stays loaded. They run isolated ('node-isolated').
 */
const NODE_FILES_ISOLATED = [
  'src/chunks.test.ts',
  'src/mock/fetchInPage.test.ts',
  'src/react/prefetchSignIn.test.ts',
  'src/test/faults/faultSuite.test.ts',
  'src/test/serverRendering.node.test.ts',
  'src/core/oauth/popup.test.ts',
  'src/core/oauth/preferredOAuthMode.test.ts',
  'src/core/oauth/redeemCodeForIdToken.test.ts',
  'src/core/oauth/kitOAuth.test.ts',
  'src/core/passkey/passkeyError.test.ts',
  'src/core/passkey/passkeysSupported.test.ts',
  'src/core/oauth/oauthActions.test.ts',
  'src/core/wallet/startAutoRefresh.test.ts',
  'src/core/createKit.test.ts',
  'src/core/client.test.ts',
  'src/core/keys/keyStore.test.ts',
  'src/core/keys/startKeySweep.test.ts',
  'src/core/stamp/lazyPublicApiClient.test.ts',
]
/**
 * The files that drive production's current client (@turnkey/core 2.8.1, installed as @turnkey/core-v2)
 * against the mock. That client trusts one enclave key, a constant of @turnkey/crypto, and cannot be told
 * another: this project's build rewrites the constant into the test enclave's key (aliasProductionSigner),
 * and the mock signs with that key. A plugin sees only the modules Vite transforms, and Vitest leaves
 * node_modules to Node: so the client and its @turnkey/crypto are inlined here. Here alone: the 'node'
 * project's files that import @turnkey/crypto keep production's key (otpV2.test.ts proves that it refuses
 * the mock's bundle without the override). Isolated, as a project's files are by default.
 */
const NODE_FILES_SIGNER_ALIASED = ['src/test/productionClientV2.test.ts']
const NODE_FILES = [
  'src/**/*.test.ts',
  'scripts/**/*.test.ts',
  'playground/**/*.test.ts',
  // The Next.js example's backend (its routes' code, on the mock in process).
  'examples/nextjs/server/**/*.test.ts',
]

/**
 * The component tests that replace a module (`vi.mock`), or prove that a chunk is not loaded yet: in a
 * module graph shared with other files, one would hand the files after it its version, and a chunk an
 * earlier file loaded stays loaded. They run isolated ('dom-isolated').
 */
const DOM_FILES_ISOLATED = [
  'src/components/modal/LoginButton.idle.test.tsx',
  'src/react/useUser.test.tsx',
  'src/react/usePasskeySupport.test.tsx',
  'src/components/modal/LoginModal.loading.test.tsx',
  'src/components/modal/LoginModal.phoneLoading.test.tsx',
  'src/components/modal/LoginModal.signingPromptLoad.test.tsx',
  'src/react/AuthProxyProvider.test.tsx',
  'src/react/AuthProxyProvider.redirectLoad.test.tsx',
  'src/react/AuthProxyProvider.wallet.test.tsx',
  // Replaces the Japanese chunk's module: in a shared graph, a file before it may have loaded the real one.
  'src/components/panel/AuthPanel.localeLoad.test.tsx',
]
const DOM_FILES = ['src/**/*.test.tsx', 'stories/**/*.test.tsx', 'playground/**/*.test.tsx']

// Core and the mock run in Node (WebCrypto, fetch Request/Response are Node's own); React code runs in
// jsdom. Each environment has two projects: most files share a module graph per worker, the few that
// replace modules or globals run isolated.
export default defineConfig({
  plugins: [react()],
  // The playground imports the kit by its package name, as an app does (playground/vite.config.ts).
  resolve: {
    alias: [
      { find: /^auth-proxy-kit$/, replacement: fileURLToPath(new URL('./src/index.ts', import.meta.url)) },
      { find: /^auth-proxy-kit\/viem$/, replacement: fileURLToPath(new URL('./src/viem/index.ts', import.meta.url)) },
      {
        find: /^auth-proxy-kit\/server$/,
        replacement: fileURLToPath(new URL('./src/server/index.ts', import.meta.url)),
      },
    ],
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
          // Core's and the mock's tests share one module graph per worker (isolate: false): most files
          // import the same mock (noble, @simplewebauthn/server, jose, the scure libraries), and evaluating
          // it afresh for each file was more than half their time (the mock's alone: 160 s of CPU isolated,
          // 73 s shared). The mock and the kit keep their state per instance, not per module; what a test
          // changes outside them is put back after it (src/test/setupNode.ts).
          name: 'node',
          environment: 'node',
          include: NODE_FILES,
          exclude: [...configDefaults.exclude, ...NODE_FILES_ISOLATED, ...NODE_FILES_SIGNER_ALIASED],
          setupFiles: ['src/test/setupNode.ts'],
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'node-isolated',
          environment: 'node',
          include: NODE_FILES_ISOLATED,
          setupFiles: ['src/test/setupNode.ts'],
        },
      },
      {
        extends: true,
        plugins: [aliasProductionSigner(enclavePublicKeyOf(TEST_ENCLAVE_SECRET_KEY))],
        // The client's ES module build (its package.json `module`), as an app's bundler loads it: Vitest
        // resolves as Node does, to `main`, a CommonJS build whose require() calls reach @turnkey/crypto
        // past Vite, where no plugin sees them.
        environments: { ssr: { resolve: { mainFields: ['module'] } } },
        // Vite warns, file by file, that the inlined dist files' source maps name sources npm does not
        // ship (21 lines a run, nothing to act on); its other warnings here would be about the same files.
        logLevel: 'error',
        test: {
          name: 'node-signer-aliased',
          environment: 'node',
          include: NODE_FILES_SIGNER_ALIASED,
          setupFiles: ['src/test/setupNode.ts'],
          // The published files the plugin must see: the client's own, and @turnkey/crypto's wherever npm
          // puts the copy it loads (hoisted today; under core-v2 if the root's version ever differs).
          server: {
            deps: {
              inline: [/[\\/]@turnkey[\\/]core-v2[\\/]dist[\\/]/, /[\\/]@turnkey[\\/]crypto[\\/]dist[\\/]/],
            },
          },
        },
      },
      {
        extends: true,
        test: {
          // As in 'node': one module graph per worker. Importing React, Testing Library, the kit and the
          // mock afresh for each of ~50 files was three quarters of this project's CPU (310 s isolated,
          // 83 s shared, `vitest run --project dom`). What a file changes outside its modules is put back
          // after each test (src/test/setupDom.ts: the DOM, storage, timers, stubbed globals, spies).
          name: 'dom',
          environment: 'jsdom',
          include: DOM_FILES,
          exclude: [...configDefaults.exclude, ...DOM_FILES_ISOLATED],
          setupFiles: ['src/test/setupDom.ts'],
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'dom-isolated',
          environment: 'jsdom',
          include: DOM_FILES_ISOLATED,
          setupFiles: ['src/test/setupDom.ts'],
        },
      },
    ],
  },
})
