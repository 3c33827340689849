import { copyFileSync, mkdirSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

const root = import.meta.dirname

// React Server Components (Next.js App Router) need "use client" at the top of each module that holds a
// client component or hook, and only there: a server component may then import the kit's components
// and call darkTheme() (a plain module) itself. Rollup drops module-level directives, so each output
// file whose source starts with the directive gets it back as its banner (one output file per source
// module: preserveModules).
const CLIENT_DIRECTIVE = /^(?:\s|\/\/[^\n]*\n|\/\*[\s\S]*?\*\/)*['"]use client['"]/
const startsWithUseClient = new Map<string, boolean>()
function isClientModule(id: string | null): boolean {
  if (!id || id.startsWith('\0')) return false
  let client = startsWithUseClient.get(id)
  if (client === undefined) {
    try {
      client = CLIENT_DIRECTIVE.test(readFileSync(id, 'utf8'))
    } catch {
      client = false
    }
    startsWithUseClient.set(id, client)
  }
  return client
}

// Library build: the ESM entries plus the static stylesheet. Declarations come from
// `tsc -p tsconfig.build.json` (see the build script), which keeps them exactly what the editor sees.
// One file per source module (preserveModules): a host app's bundler then sees the kit's own module
// graph, and can leave for later what the kit loads on first use (flows, the modal). Bundled into a few
// shared chunks, code loaded on first use would share files with the first load and be pulled into it.
export default defineConfig({
  plugins: [
    react(),
    {
      name: 'auth-proxy-kit:styles',
      apply: 'build',
      // The stylesheet is a static file (strict CSP: nothing is injected at run time), so it is copied,
      // not imported from JavaScript.
      writeBundle(options) {
        const outDir = options.dir ?? resolve(root, 'dist')
        mkdirSync(outDir, { recursive: true })
        copyFileSync(resolve(root, 'src/components/styles.css'), resolve(outDir, 'styles.css'))
      },
    },
  ],
  build: {
    target: 'es2022',
    // No source maps: the JavaScript is unminified ESM with its comments, one file per source module, so
    // what a debugger shows is the source; maps pointing at src/ files the package does not ship would be broken.
    sourcemap: false,
    minify: false,
    lib: {
      entry: {
        index: resolve(root, 'src/index.ts'),
        core: resolve(root, 'src/core/index.ts'),
        // Each locale is an entry of its own (auth-proxy-kit/locales/fr), not a re-export of the main entry:
        // Rolldown reads a "type": "commonjs" host's own files as CommonJS and then keeps every module the
        // entry imports in the first chunk, so French re-exported there would load on every page.
        'locales/en': resolve(root, 'src/components/locales/en.ts'),
        'locales/fr': resolve(root, 'src/components/locales/fr.ts'),
        'locales/es': resolve(root, 'src/components/locales/es.ts'),
        'locales/de': resolve(root, 'src/components/locales/de.ts'),
        'locales/pt-BR': resolve(root, 'src/components/locales/ptBR.ts'),
        'locales/ja': resolve(root, 'src/components/locales/ja.ts'),
        'locales/zh-CN': resolve(root, 'src/components/locales/zhCN.ts'),
        // The mock's entries check its optional peers, then load it (src/mock/requireMockPeers.ts).
        mock: resolve(root, 'src/mock/entry.ts'),
        'mock-vite': resolve(root, 'src/mock/viteEntry.ts'),
        'mock-playwright': resolve(root, 'src/mock/playwrightEntry.ts'),
        cli: resolve(root, 'src/mock/cli.ts'),
        // viem's account and the EIP-1193 provider: viem is an optional peer, loaded by this entry only.
        viem: resolve(root, 'src/viem/index.ts'),
        // The wagmi connector: @wagmi/core (and viem) optional peers of this entry only.
        wagmi: resolve(root, 'src/wagmi/index.ts'),
        // Verifying sessions on a backend: jose and WebCrypto only, no React (a server imports it alone).
        server: resolve(root, 'src/server/index.ts'),
      },
      formats: ['es'],
    },
    rollupOptions: {
      onwarn(warning, warn) {
        // The directive is put back by the banner below.
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE' && warning.message.includes('use client')) return
        warn(warning)
      },
      external: (id) =>
        /^(react|react-dom|@tanstack\/react-query|jose|@noble\/|@scure\/|@simplewebauthn\/|@playwright\/test$|vite$|viem($|\/)|@wagmi\/core$|micro-eth-signer)/.test(
          id,
        ) || id.startsWith('node:'),
      output: {
        preserveModules: true,
        preserveModulesRoot: resolve(root, 'src'),
        entryFileNames: '[name].js',
        banner: (chunk) =>
          chunk.name === 'cli' ? '#!/usr/bin/env node' : isClientModule(chunk.facadeModuleId) ? '"use client";' : '',
      },
    },
  },
})
