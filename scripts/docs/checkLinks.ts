// Every relative link in the docs resolves: the file (or folder) exists, and an `#anchor` into a Markdown
// file is one of its headings as GitHub slugs them. Links to other sites are not fetched (a check that
// needs the network would fail offline, and CI has none to spare).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { anchors, links } from './markdown'

export interface BrokenLink {
  /** The file the link is in, relative to the root. */
  file: string
  line: number
  target: string
  reason: string
}

/** README.md and every Markdown file under docs/, relative to the root. */
export function docFiles(root: string): string[] {
  const found: string[] = []
  const walk = (dir: string) => {
    for (const name of readdirSync(join(root, dir)).sort()) {
      const path = join(dir, name)
      if (statSync(join(root, path)).isDirectory()) walk(path)
      else if (name.endsWith('.md')) found.push(path)
    }
  }
  if (existsSync(join(root, 'docs'))) walk('docs')
  return ['README.md', ...found]
}

const EXTERNAL = /^[a-z][a-z0-9+.-]*:/i

export function checkLinks(root: string, files: string[]): BrokenLink[] {
  const anchorsOf = new Map<string, Set<string>>()
  const anchorsIn = (path: string) => {
    let found = anchorsOf.get(path)
    if (!found) {
      found = anchors(readFileSync(path, 'utf8'))
      anchorsOf.set(path, found)
    }
    return found
  }
  const broken: BrokenLink[] = []
  for (const file of files) {
    const source = resolve(root, file)
    for (const { target, line } of links(readFileSync(source, 'utf8'))) {
      if (EXTERNAL.test(target)) continue
      const hash = target.indexOf('#')
      const path = hash === -1 ? target : target.slice(0, hash)
      const anchor = hash === -1 ? undefined : decodeURIComponent(target.slice(hash + 1))
      const resolved = path === '' ? source : resolve(dirname(source), decodeURIComponent(path))
      const report = (reason: string) => broken.push({ file, line, target, reason })
      if (!existsSync(resolved)) {
        report(`no such file: ${relative(root, resolved)}`)
        continue
      }
      if (anchor === undefined || !resolved.endsWith('.md')) continue
      if (!anchorsIn(resolved).has(anchor)) report(`no heading makes #${anchor} in ${relative(root, resolved)}`)
    }
  }
  return broken
}
