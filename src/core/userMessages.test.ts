import { readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { KitError, kitErrorCodeForGrpc, type KitErrorCode } from './errors'
import { DEFAULT_USER_MESSAGES } from './errors'

const SRC = join(import.meta.dirname, '..')

/** The codes errors.ts carries copy for on a page's first load (its `userMessages` table). */
function firstLoadCodes(): string[] {
  const source = readFileSync(join(import.meta.dirname, 'errors.ts'), 'utf8')
  const table = /const userMessages[^=]*= \{([\s\S]*?)\n\}/.exec(source)?.[1] ?? ''
  return [...table.matchAll(/^\s+([A-Z_]+):/gm)].map((match) => match[1] as string)
}

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name)
    if (statSync(path).isDirectory()) return name === 'test' || name === 'mock' ? [] : sourceFiles(path)
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : []
  })
}

describe('user messages', () => {
  it('kitError gives every code its copy from DEFAULT_USER_MESSAGES', () => {
    for (const [code, message] of Object.entries(DEFAULT_USER_MESSAGES)) {
      expect(message).not.toBe('')
      expect(new KitError(code as KitErrorCode, 'x').userMessage).toBe(message)
      expect(new KitError(code as KitErrorCode, 'x', { userMessage: 'mine' }).userMessage).toBe('mine')
    }
  })

  it('the copy on the first load is the same text as the full table', () => {
    const codes = firstLoadCodes()
    expect(codes).toContain('PROXY_UNAVAILABLE')
    expect(codes).toContain('LOAD_FAILED')
    for (const code of codes) expect(new KitError(code as KitErrorCode, 'x').userMessage).toBe(DEFAULT_USER_MESSAGES[code as KitErrorCode])
  })

  // The copy of other codes is loaded with the flows: code that throws them must carry it (kitError),
  // or a person would read PROXY_ERROR's text before the table has loaded.
  it('the kit builds errors of other codes with kitError, never with new KitError', () => {
    const allowed = new Set(firstLoadCodes())
    const offenders: string[] = []
    for (const file of sourceFiles(SRC)) {
      const text = readFileSync(file, 'utf8')
      for (const match of text.matchAll(/new KitError\(\s*([^,]+),/g)) {
        const argument = (match[1] as string).trim()
        const literal = /^'([A-Z_]+)'$/.exec(argument)?.[1]
        // postJson builds the proxy's answers for the config request (copy on the first load) and for
        // the flows and clients that import userMessages (copy added); kitError passes the copy itself.
        const builders = [join('core', 'postJson.ts'), join('core', 'userMessages.ts')]
        const fine = literal !== undefined ? allowed.has(literal) : builders.includes(relative(SRC, file))
        if (!fine) offenders.push(`${relative(SRC, file)}: new KitError(${argument}, …)`)
      }
    }
    expect(offenders).toEqual([])
  })

  it('the config request can fail only with codes that have copy on the first load', () => {
    const allowed = new Set(firstLoadCodes())
    for (const code of ['PROXY_UNAVAILABLE', 'PROXY_TIMEOUT', 'PROXY_BAD_RESPONSE', 'ABORTED', 'PERMISSION_DENIED', 'NOT_FOUND', 'RATE_LIMITED', 'PROXY_ERROR']) {
      expect(allowed).toContain(code)
    }
  })

  it('once this module has loaded (with any flow), every code postJson builds reads its own copy', () => {
    for (let grpc = 0; grpc <= 16; grpc += 1) {
      const code = kitErrorCodeForGrpc(grpc)
      expect(new KitError(code, 'x').userMessage).toBe(DEFAULT_USER_MESSAGES[code])
    }
  })

  it('the flows and the clients they call import this module, so that its copy is added before they run', () => {
    const userMessages = join(import.meta.dirname, 'userMessages.ts')
    const entries = ['signInRuntime.ts', 'client.ts', join('flows', 'oauth.ts'), join('flows', 'passkey.ts'), join('stamp', 'publicApiClient.ts')]
    for (const entry of entries) {
      expect(staticImports(join(import.meta.dirname, entry)), entry).toContain(userMessages)
    }
  })
})

/** Every module `file` imports statically (type-only imports left out), transitively. */
function staticImports(file: string, seen = new Set<string>()): Set<string> {
  const text = readFileSync(file, 'utf8')
  for (const match of text.matchAll(/^(?:import|export) (?!type )[^'\n]*?from '(\.[^']+)'/gm)) {
    const target = join(dirname(file), `${match[1] as string}.ts`)
    if (seen.has(target)) continue
    seen.add(target)
    staticImports(target, seen)
  }
  return seen
}
