// The local EVM node App C's end-to-end spec (consumers/e2e/wagmi.spec.ts) runs on: ganache, an npm
// package, so that nothing is downloaded at run time. It is the test's tool, not the app's: it has a folder
// of its own, .work/evm-node, which outlives the runs (App C's folder is made anew on each), so that its
// 180 MB are installed once and `npm install` then finds them in place (1.5 s instead of 14).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join, resolve } from 'node:path'

export const EVM_NODE_DIR = resolve(import.meta.dirname, '..', '..', '.work', 'evm-node')
export const GANACHE_VERSION = '7.9.2'
export const CHAIN_ID = 31337

/** Writes the folder's package.json (ganache, pinned); `npm install` there does the rest. */
export function prepareEvmNodeDir(): string {
  mkdirSync(EVM_NODE_DIR, { recursive: true })
  const path = join(EVM_NODE_DIR, 'package.json')
  const manifest = `${JSON.stringify({ private: true, dependencies: { ganache: GANACHE_VERSION } }, null, 2)}\n`
  let current = ''
  try {
    current = readFileSync(path, 'utf8')
  } catch {
    // Not there yet: written below.
  }
  if (current !== manifest) writeFileSync(path, manifest)
  return EVM_NODE_DIR
}

/** The part of ganache's API used here (ganache is the folder's, not the repository's: no types here). */
interface Ganache {
  server(options: object): {
    listen(port: number): Promise<void>
    address(): { port: number }
    close(): Promise<void>
  }
}

export interface EvmNode {
  /** Its JSON-RPC endpoint, http://127.0.0.1:<port>. */
  url: string
  close(): Promise<void>
}

/**
 * Starts ganache on chain 31337 on a free port (the system's choice: no other node or run is in the way),
 * with its ten deterministic accounts of 1000 ETH each, unlocked (eth_sendTransaction from one of them
 * funds an account).
 */
export async function startEvmNode(): Promise<EvmNode> {
  let ganache: Ganache
  try {
    ganache = createRequire(join(EVM_NODE_DIR, 'package.json'))('ganache') as Ganache
  } catch (error) {
    throw new Error(`ganache is not in ${EVM_NODE_DIR}: \`npm run test:consumers\` installs it`, { cause: error })
  }
  const server = ganache.server({
    chain: { chainId: CHAIN_ID },
    wallet: { deterministic: true },
    logging: { quiet: true },
  })
  await server.listen(0)
  return { url: `http://127.0.0.1:${server.address().port}`, close: () => server.close() }
}
