// Packs the kit the way a registry would ship it (`npm pack`), for the checks that install it into a
// fresh host app (scripts/test-consumers.ts, examples/nextjs, the bench, publint and attw). `npm test`
// packs once (its `pack` stage) and hands the tarball to those stages in KIT_TARBALL; a script run on its
// own packs for itself. The tarball goes to .pack/ (ignored by git). `prebuilt: true` skips the build
// when `npm run build` has just run.
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, rmSync } from 'node:fs'
import { resolve } from 'node:path'

export const PACK_DIR = resolve(import.meta.dirname, '..', '.pack')

export function packKit({ prebuilt = false }: { prebuilt?: boolean } = {}): string {
  rmSync(PACK_DIR, { recursive: true, force: true })
  mkdirSync(PACK_DIR, { recursive: true })
  const root = resolve(import.meta.dirname, '..')
  // The build runs here rather than as pack's prepack: a script's output would go to the stdout that
  // carries pack's JSON.
  if (!prebuilt) execFileSync('npm', ['run', 'build'], { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] })
  const args = ['pack', '--json', '--ignore-scripts', '--pack-destination', PACK_DIR]
  const output = execFileSync('npm', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] })
  const [packed] = JSON.parse(output) as Array<{ filename: string }>
  if (!packed) throw new Error('npm pack reported no tarball')
  return resolve(PACK_DIR, packed.filename)
}

/** The tarball `npm test` packed (KIT_TARBALL), or a fresh build's when a script runs on its own. */
export function kitTarball(): string {
  const given = process.env.KIT_TARBALL
  if (!given) return packKit()
  if (!existsSync(given)) throw new Error(`KIT_TARBALL names ${given}, which does not exist: run the pack stage first`)
  return given
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(packKit({ prebuilt: process.argv.includes('--prebuilt') }))
}
