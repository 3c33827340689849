import { fences } from './markdown'

export interface ErrorRow {
  code: string
  /** What the person sees: the code's copy. */
  seen: string
  /** What the developer does. */
  todo: string
}

/** The rows of docs/errors.md's table: `| \`CODE\` | copy | what you do |`, outside code blocks. */
export function errorTable(markdown: string): ErrorRow[] {
  let prose = markdown
  for (const fence of fences(markdown)) prose = prose.replace(fence.body, '')
  const rows: ErrorRow[] = []
  for (const match of prose.matchAll(/^\| `([A-Z_]+)` \| (.*?) \| (.*?) \|$/gm))
    rows.push({ code: match[1] ?? '', seen: match[2] ?? '', todo: match[3] ?? '' })
  return rows
}
