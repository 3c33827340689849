// What of the mock proxy a host app's production build carries: nothing, when the app follows the quick
// start (the mock is mounted by the Vite plugin in the dev server, and the page finds its OAuth providers
// there). scripts/test-consumers.ts checks App A's `vite build` with it. The markers are strings, which a
// minifier keeps: every route of the mock is under `__mock/`, the development enclave key is its, and
// the announcement block is what the plugin writes into a page it serves.
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { MOCK_DEV_ENCLAVE_PUBLIC_KEY } from '../../src/mock/devEnclaveKey'
import { MOCK_ANNOUNCEMENT_ID } from '../../src/core/oauth/mockAnnouncement'

export const MOCK_MARKERS = ['__mock/', MOCK_DEV_ENCLAVE_PUBLIC_KEY, `id="${MOCK_ANNOUNCEMENT_ID}"`] as const

/** Each file of `dir` (a build's output) holding a marker, as "file: marker", in path order. */
export function mockInBuild(dir: string): string[] {
  const found: string[] = []
  const files = readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(?:html|m?js|css)$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort()
  for (const file of files) {
    const text = readFileSync(file, 'utf8')
    for (const marker of MOCK_MARKERS) if (text.includes(marker)) found.push(`${relative(dir, file)}: ${marker}`)
  }
  return found
}
