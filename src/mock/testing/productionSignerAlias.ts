// Production's current client (@turnkey/core 2.8.1) checks every OTP target bundle against one key,
// @turnkey/crypto's PRODUCTION_TLS_FETCHER_SIGN_PUBLIC_KEY, and has no option to name another: its
// verifyOtp calls encryptOtpCodeToBundle without the override argument. No mock holds Turnkey's enclave
// key, so a test that drives that client unchanged against the mock swaps the constant at bundle time:
// the build of the test (a Vite/Vitest plugin) rewrites the hex literal in @turnkey's files into the
// public half of a fixed test key, and the mock is created with that key (enclaveSecretKey). The client's
// code runs as published; only the key it trusts is the mock's.
import { p256 } from '@noble/curves/nist.js'
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js'
import type { Plugin } from 'vite'

/** @turnkey/crypto's PRODUCTION_TLS_FETCHER_SIGN_PUBLIC_KEY (2.12.0 to 2.13.2): the literal the plugin replaces. */
export const PRODUCTION_TLS_FETCHER_SIGN_PUBLIC_KEY =
  '046b4f88421f76b6ba418afc2ea1d8ced671337d7db6b80478a60d8531bf8f17fa9a512f0fef96fc0c9b4cd9dff70b34992e520ce04c79d931f6ff6296b547d201'

/**
 * The test enclave's secret key (64 hex digits), for createMockAuthProxy's `enclaveSecretKey`. Fixed, so
 * that the key the build aliases in and the key the test's mock signs with are the same one. It guards
 * nothing: a test key, public by being here.
 */
export const TEST_ENCLAVE_SECRET_KEY = '7e57e0c1a5e0000000000000000000000000000000000000000000000000000a'

/** The public half of `secretKeyHex`, uncompressed lowercase hex (04…), as the mock's enclaveSignerPublicKey reads. */
export function enclavePublicKeyOf(secretKeyHex: string = TEST_ENCLAVE_SECRET_KEY): string {
  return bytesToHex(p256.getPublicKey(hexToBytes(secretKeyHex), false))
}

/** Where the published client's files are; only they are rewritten. Either separator, for Windows ids. */
const TURNKEY_PACKAGE = /[\\/]node_modules[\\/]@turnkey[\\/]/

/**
 * `code` (the module `id`) with every occurrence of production's TLS-fetcher key replaced by
 * `publicKeyHex`, or null when `id` is not one of @turnkey's published files or holds no such literal.
 */
export function aliasSignerIn(code: string, id: string, publicKeyHex: string): string | null {
  if (!TURNKEY_PACKAGE.test(id) || !code.includes(PRODUCTION_TLS_FETCHER_SIGN_PUBLIC_KEY)) return null
  return code.replaceAll(PRODUCTION_TLS_FETCHER_SIGN_PUBLIC_KEY, publicKeyHex)
}

/**
 * A Vite plugin (Vitest's too) that makes @turnkey's published files trust `publicKeyHex` where they
 * trust Turnkey's TLS-fetcher enclave: every occurrence of the literal, in every @turnkey module the
 * build loads, becomes that key. `enforce: 'pre'`, so that it sees the files as published. Vitest leaves
 * node_modules to Node unless told to inline them (server.deps.inline): without that, no file reaches the
 * plugin.
 */
export function aliasProductionSigner(publicKeyHex: string): Plugin {
  if (!/^04[0-9a-f]{128}$/.test(publicKeyHex)) {
    throw new TypeError(
      `aliasProductionSigner: expected an uncompressed P-256 public key, 130 lowercase hex digits (04…), got ${publicKeyHex}`,
    )
  }
  return {
    name: 'auth-proxy-kit:alias-production-signer',
    enforce: 'pre',
    transform(code, id) {
      const aliased = aliasSignerIn(code, id, publicKeyHex)
      // The key is as long as the literal it replaces: nothing moves, so `map: null` keeps the mapping true.
      return aliased === null ? null : { code: aliased, map: null }
    },
  }
}
