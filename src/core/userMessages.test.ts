import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { KitError, kitErrorCodeForGrpc, type KitErrorCode } from './errors'
import { DEFAULT_USER_MESSAGES, kitError } from './userMessages'

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
      expect(kitError(code as KitErrorCode, 'x').userMessage).toBe(message)
      expect(kitError(code as KitErrorCode, 'x', { userMessage: 'mine' }).userMessage).toBe('mine')
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
        // postJson builds the proxy's answers, whose codes (kitErrorCodeForGrpc, STAMP_REFUSED) all have
        // copy; kitError passes the copy itself.
        const builders = [join('core', 'postJson.ts'), join('core', 'userMessages.ts')]
        const fine = literal !== undefined ? allowed.has(literal) : builders.includes(relative(SRC, file))
        if (!fine) offenders.push(`${relative(SRC, file)}: new KitError(${argument}, …)`)
      }
    }
    expect(offenders).toEqual([])
  })

  it('every proxy answer postJson can build has its copy on the first load', () => {
    const allowed = new Set(firstLoadCodes())
    for (let grpc = 0; grpc <= 16; grpc += 1) expect(allowed).toContain(kitErrorCodeForGrpc(grpc))
    // The public API client's refinement of 16.
    expect(allowed).toContain('STAMP_REFUSED')
  })
})
