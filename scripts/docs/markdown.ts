// What the docs check reads in a Markdown file: its headings (as GitHub slugs them), its links, and its
// fenced code blocks. A line-based reader, enough for the docs this repository writes: fences are ``` at
// the start of a line, links are inline ([text](target), ![alt](target)).

export interface Fence {
  /** The info string's first word (`ts`, `tsx`, `sh`, ...). */
  lang: string
  /** 1-based line of the opening fence. */
  line: number
  /** The block's lines, without the fences. */
  body: string
  /** Everything between the previous block (or the start) and this one's opening fence. */
  before: string
}

export interface Link {
  target: string
  line: number
}

/** An opening fence, indented or not (a block in a list item is), with its info string's first word. */
const FENCE = /^( *)(`{3,})\s*([\w-]*)/

/**
 * The file's fenced blocks, in order, each without the indentation of its fence (a block in a list
 * item). A block closes on a fence at least as long as its opening one; an unclosed one runs to the end.
 */
export function fences(markdown: string): Fence[] {
  const lines = markdown.split('\n')
  const result: Fence[] = []
  let open: { lang: string; line: number; indent: number; ticks: string; body: string[] } | undefined
  let before: string[] = []
  lines.forEach((text, index) => {
    if (open) {
      const close = /^ *(`{3,})\s*$/.exec(text)
      if (close && (close[1] ?? '').length >= open.ticks.length) {
        result.push({ lang: open.lang, line: open.line, body: open.body.join('\n'), before: before.join('\n') })
        open = undefined
        before = []
      } else open.body.push(text.slice(Math.min(open.indent, text.length - text.trimStart().length)))
      return
    }
    const start = FENCE.exec(text)
    if (start)
      open = { lang: start[3] ?? '', line: index + 1, indent: (start[1] ?? '').length, ticks: start[2] ?? '', body: [] }
    else before.push(text.trimStart())
  })
  if (open) result.push({ lang: open.lang, line: open.line, body: open.body.join('\n'), before: before.join('\n') })
  return result
}

/** The lines outside fenced blocks, blanked inside them (so that line numbers stay right). */
function prose(markdown: string): string[] {
  const lines = markdown.split('\n').map((text) => ({ text, inBlock: false }))
  for (const fence of fences(markdown)) {
    const length = fence.body === '' ? 0 : fence.body.split('\n').length
    for (let index = fence.line - 1; index <= fence.line + length && index < lines.length; index++)
      (lines[index] as { inBlock: boolean }).inBlock = true
  }
  return lines.map(({ text, inBlock }) => (inBlock ? '' : text))
}

/**
 * A heading's anchor as GitHub makes it: the rendered text (code spans keep their content, links their
 * text, emphasis goes), lower-cased, every character that is not a letter, a digit, a space, `-` or `_`
 * dropped, spaces turned into `-`.
 */
export function slug(heading: string): string {
  // A code span's content is text (`<AuthProxyProvider>` included); outside one, an HTML tag is not.
  const text = heading
    .split(/(`[^`]*`)/)
    .map((part) =>
      part.startsWith('`')
        ? part.slice(1, -1)
        : part
            .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
            .replace(/<[^>]+>/g, '')
            .replace(/[*_]{1,3}([^*_]+)[*_]{1,3}/g, '$1'),
    )
    .join('')
  return text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-')
}

/** Every anchor a file's headings make, a repeated one numbered as GitHub numbers it (`-1`, `-2`). */
export function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>()
  const result = new Set<string>()
  for (const text of prose(markdown)) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(text)
    if (!heading) continue
    const base = slug(heading[1] ?? '')
    const count = seen.get(base) ?? 0
    seen.set(base, count + 1)
    result.add(count === 0 ? base : `${base}-${count}`)
  }
  return result
}

/** The inline links and images, and HTML images and anchors, outside code (fenced blocks and code spans). */
export function links(markdown: string): Link[] {
  const result: Link[] = []
  prose(markdown).forEach((text, index) => {
    const withoutCode = text.replace(/`[^`]*`/g, (span) => ' '.repeat(span.length))
    for (const match of withoutCode.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g))
      result.push({ target: match[1] ?? '', line: index + 1 })
    // HTML in the Markdown: <img src="…"> (a picture at a set width), <a href="…">.
    for (const match of withoutCode.matchAll(/<(?:img|a)\b[^>]*?\s(?:src|href)="([^"]+)"/g))
      result.push({ target: match[1] ?? '', line: index + 1 })
  })
  return result
}
