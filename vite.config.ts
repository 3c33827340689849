import { copyFileSync, mkdirSync } from 'node:fs'
import { resolve } from 'node:path'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

const root = import.meta.dirname

// Library build: four ESM entries plus the static stylesheet. Declarations come from
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
    sourcemap: true,
    minify: false,
    lib: {
      entry: {
        index: resolve(root, 'src/index.ts'),
        core: resolve(root, 'src/core/index.ts'),
        mock: resolve(root, 'src/mock/index.ts'),
        cli: resolve(root, 'src/mock/cli.ts'),
      },
      formats: ['es'],
    },
    rollupOptions: {
      external: (id) =>
        /^(react|react-dom|@tanstack\/react-query|jose|@noble\/|@simplewebauthn\/)/.test(id) ||
        id.startsWith('node:'),
      output: {
        preserveModules: true,
        preserveModulesRoot: resolve(root, 'src'),
        entryFileNames: '[name].js',
        // Next.js App Router needs the directive at the top of the React entry; bundlers drop
        // module-level directives, so it is put back as a banner.
        banner: (chunk) =>
          chunk.name === 'index' ? '"use client";' : chunk.name === 'cli' ? '#!/usr/bin/env node' : '',
      },
    },
  },
})
