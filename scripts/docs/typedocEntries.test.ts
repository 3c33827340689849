import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

// The API reference (`npm run docs`, typedoc.json) documents every entry of the package: its entry points
// are the sources tsconfig.json maps each `auth-proxy-kit/…` import to, no more and no fewer.
const root = resolve(import.meta.dirname, '../..')
const read = (file: string) => JSON.parse(readFileSync(resolve(root, file), 'utf8')) as Record<string, unknown>

describe('typedoc.json', () => {
  it("documents every entry of the package, as tsconfig.json's paths name their sources", () => {
    const paths = (read('tsconfig.json').compilerOptions as { paths: Record<string, string[]> }).paths
    const sources = Object.values(paths).map(([source = '']) => source.replace(/^\.\//, ''))
    expect([...(read('typedoc.json').entryPoints as string[])].sort()).toEqual(sources.sort())
  })
})
