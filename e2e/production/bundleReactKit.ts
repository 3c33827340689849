// reactKitHarness.tsx bundled for the browser, with production's React kit and everything it imports,
// once per worker (the bundle takes seconds; every test of the spec loads the same one). Production's
// client is bundled as published, but for the enclave key it trusts: the test enclave's, which the
// spec's mock signs with (aliasSignerPlugin.ts).
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import {
  PRODUCTION_TLS_FETCHER_SIGN_PUBLIC_KEY,
  enclavePublicKeyOf,
} from '../../src/mock/testing/productionSignerAlias'
import { aliasProductionSignerEsbuild } from './aliasSignerPlugin'
import type { PageAssets } from './bundleAndServe'

let bundled: Promise<PageAssets> | undefined

/** The harness as one ES module and one stylesheet (the kit's styles.css), made on the first call. */
export function bundleReactKitHarness(): Promise<PageAssets> {
  bundled ??= bundle()
  return bundled
}

async function bundle(): Promise<PageAssets> {
  const result = await build({
    entryPoints: { harness: fileURLToPath(new URL('./reactKitHarness.tsx', import.meta.url)) },
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    jsx: 'automatic',
    // Not written: esbuild needs a directory to name the two outputs in.
    outdir: 'react-kit-harness',
    write: false,
    logLevel: 'error',
    // React and the kit's libraries read it to pick their production builds (and the kit to skip its
    // development-only checks).
    define: { 'process.env.NODE_ENV': '"production"' },
    plugins: [aliasProductionSignerEsbuild(enclavePublicKeyOf())],
  })
  const script = result.outputFiles.find((file) => file.path.endsWith('.js'))?.text
  const styles = result.outputFiles.find((file) => file.path.endsWith('.css'))?.text
  if (script === undefined) throw new Error('esbuild produced no script for reactKitHarness.tsx')
  // Said here rather than as a refused code later: the kit's @turnkey/crypto trusts the test key only.
  if (!script.includes(enclavePublicKeyOf()) || script.includes(PRODUCTION_TLS_FETCHER_SIGN_PUBLIC_KEY)) {
    throw new Error("the bundle's @turnkey/crypto does not trust the test enclave's key in place of production's")
  }
  return { script, styles }
}
