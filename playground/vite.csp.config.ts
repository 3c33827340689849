import { resolve } from 'node:path'
import { mergeConfig } from 'vite'
import playground from './vite.config'
import { cspHeader } from './cspHeader'

// The playground built for production and served by `vite preview` under a strict Content Security
// Policy (default-src 'self'): the e2e proves the whole email sign-in works there (e2e/cspSignIn.spec.ts).
export default mergeConfig(playground, {
  plugins: [cspHeader()],
  build: {
    outDir: resolve(import.meta.dirname, '..', 'playground-dist-csp'),
    emptyOutDir: true,
    // Small assets are inlined as data: URLs by default, which the policy blocks: always emit files.
    assetsInlineLimit: 0,
  },
})
