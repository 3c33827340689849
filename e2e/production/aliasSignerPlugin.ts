// The esbuild twin of productionSignerAlias.ts's Vite plugin: production's client trusts one enclave key
// (@turnkey/crypto's PRODUCTION_TLS_FETCHER_SIGN_PUBLIC_KEY) with no option to name another, so the test
// bundle swaps that literal, in @turnkey's published files only, for the key the test's mock signs with.
import { readFile } from 'node:fs/promises'
import type { Plugin } from 'esbuild'
import { aliasSignerIn } from '../../src/mock/testing/productionSignerAlias'

/** An esbuild plugin making @turnkey's files trust `publicKeyHex` (uncompressed P-256, 04…) as their enclave. */
export function aliasProductionSignerEsbuild(publicKeyHex: string): Plugin {
  if (!/^04[0-9a-f]{128}$/.test(publicKeyHex)) {
    throw new TypeError(
      `expected an uncompressed P-256 public key, 130 lowercase hex digits (04…), got ${publicKeyHex}`,
    )
  }
  return {
    name: 'alias-production-signer',
    setup(build) {
      // Only the published JavaScript of @turnkey's packages; every other file loads as esbuild would.
      build.onLoad({ filter: /[\\/]node_modules[\\/]@turnkey[\\/].*\.(m?js|cjs)$/ }, async (args) => {
        const aliased = aliasSignerIn(await readFile(args.path, 'utf8'), args.path, publicKeyHex)
        return aliased === null ? undefined : { contents: aliased, loader: 'js' }
      })
    },
  }
}
