import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { MOCK_DEV_ENCLAVE_PUBLIC_KEY } from '../../src/mock/devEnclaveKey'
import { mockInBuild } from './mockInBuild'

let dir: string | undefined
afterEach(() => {
  if (dir !== undefined) rmSync(dir, { recursive: true, force: true })
  dir = undefined
})

function build(files: Record<string, string>): string {
  dir = mkdtempSync(join(tmpdir(), 'mock-in-build-'))
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true })
    writeFileSync(join(dir, path), text)
  }
  return dir
}

describe('mockInBuild', () => {
  it("finds nothing in a build that has none of the mock's routes, key or announcement", () => {
    const out = build({
      'index.html': '<script type="module" src="/assets/index.js"></script>',
      'assets/index.js': 'fetch("/auth-proxy/v1/wallet_kit_config")',
    })
    expect(mockInBuild(out)).toEqual([])
  })

  it('names each file that carries the mock, and what it carries', () => {
    const out = build({
      'index.html': '<script type="application/json" id="auth-proxy-kit-mock">{}</script>',
      'assets/mock-1a2b.js': `const key = "${MOCK_DEV_ENCLAVE_PUBLIC_KEY}"; route("/__mock/outbox")`,
      'assets/notes.txt': '__mock/ is not code',
    })
    expect(mockInBuild(out)).toEqual([
      `assets/mock-1a2b.js: __mock/`,
      `assets/mock-1a2b.js: ${MOCK_DEV_ENCLAVE_PUBLIC_KEY}`,
      'index.html: id="auth-proxy-kit-mock"',
    ])
  })
})
