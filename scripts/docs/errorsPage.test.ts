import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { DEFAULT_USER_MESSAGES } from '../../src/core/errors'
import { errorTable } from './errorTable'

// docs/errors.md lists every KitError code (DEFAULT_USER_MESSAGES is typed as a record over KitErrorCode, so
// it has them all), no code that does not exist, each once, with the copy the person sees as the kit has
// it: a new code cannot ship undocumented, and changed copy cannot leave the page behind.
const page = readFileSync(resolve(import.meta.dirname, '../../docs/errors.md'), 'utf8')

describe('docs/errors.md', () => {
  const rows = errorTable(page)

  it('lists every KitError code, once, and no other', () => {
    const codes = rows.map((row) => row.code)
    expect(new Set(codes).size).toBe(codes.length)
    expect([...codes].sort()).toEqual(Object.keys(DEFAULT_USER_MESSAGES).sort())
  })

  it("shows each code's copy as the kit has it, and says what the developer does", () => {
    for (const { code, seen, todo } of rows) {
      expect(seen, code).toBe(DEFAULT_USER_MESSAGES[code as keyof typeof DEFAULT_USER_MESSAGES])
      expect(todo.length, code).toBeGreaterThan(20)
    }
  })
})

describe('errorTable', () => {
  it('reads the rows of a table whose first column is a code, and nothing else', () => {
    const markdown = [
      '| code | what the person sees | what you do |',
      '| --- | --- | --- |',
      "| `OFFLINE` | You're offline. | Wait for the network to come back. |",
      '',
      '| `NOT_A_ROW` in prose |',
      '```',
      '| `IN_A_BLOCK` | a | b |',
      '```',
    ].join('\n')
    expect(errorTable(markdown)).toEqual([
      { code: 'OFFLINE', seen: "You're offline.", todo: 'Wait for the network to come back.' },
    ])
  })
})
