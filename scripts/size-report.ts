// `npx tsx scripts/size-report.ts [esm|cjs] [headless|dropin|baseline]`: what each module costs in a bench
// host's first load. Run after `npm run bench -- --no-time` (which builds the package and the hosts under
// .bench/hosts). Each app is built again with source maps; every byte of the minified first-load chunks is
// attributed to the source module its mapping names (unmapped bytes are the bundler's own glue), and each
// module's gzip cost is its marginal cost: gzip -9 of the chunk minus gzip -9 of the chunk without that
// module's bytes. Rows are compared with the baseline app's, so what is printed is what the kit adds.
import { resolve } from 'node:path'
import { gzipSync } from 'node:zlib'
import { decode } from '@jridgewell/sourcemap-codec'
import react from '@vitejs/plugin-react'
import { build } from 'vite'

const ROOT = resolve(import.meta.dirname, '..')
interface Chunk {
  type: 'chunk'
  fileName: string
  code: string
  isEntry: boolean
  imports: string[]
  map: { sources: string[]; mappings: string } | null
}
const gz = (text: string) => gzipSync(text, { level: 9 }).length

/** A short name for a source: the kit's file under src/ or dist/, else the package and its file. */
function label(source: string): string {
  const kit =
    source.match(/auth-proxy-kit\/(?:dist|src)\/(.*)$/) ??
    source.match(/(?:^|\/)src\/((?:core|react|components|chunks)[^]*)$/)
  if (kit) return `kit:${kit[1]}`
  const pkg = source.match(/node_modules\/((?:@[^/]+\/)?[^/]+)\/(.*)$/)
  if (pkg) return `${pkg[1]}:${pkg[2]}`
  return source.replace(/^.*\/src\//, 'app:')
}

async function firstLoad(host: string, app: string): Promise<Map<string, { raw: number; gzip: number }>> {
  const result = await build({
    configFile: false,
    root: resolve(process.env.HOSTS_DIR ?? resolve(ROOT, '.bench/hosts'), host, 'src', app),
    mode: 'production',
    logLevel: 'silent',
    publicDir: false,
    envFile: false,
    plugins: [react()],
    build: {
      outDir: resolve(ROOT, '.bench/report', host, app),
      emptyOutDir: true,
      reportCompressedSize: false,
      sourcemap: true,
    },
  })
  const outputs = (Array.isArray(result) ? result : [result]).flatMap((one) => (one as { output: Chunk[] }).output)
  const chunks = new Map(outputs.filter((o) => o.type === 'chunk').map((o) => [o.fileName, o]))
  const seen = new Set<string>()
  const stack = [...chunks.values()].filter((c) => c.isEntry).map((c) => c.fileName)
  while (stack.length) {
    const file = stack.pop() as string
    if (seen.has(file)) continue
    seen.add(file)
    stack.push(...((chunks.get(file) as Chunk).imports ?? []))
  }
  const rows = new Map<string, { raw: number; gzip: number }>()
  for (const file of seen) {
    const chunk = chunks.get(file) as Chunk
    const lines = chunk.code.split('\n')
    const owner: string[][] = lines.map((line) =>
      new Array(line.length).fill(`(glue) ${file.replace(/-[\w-]{8}\.js$/, '')}`),
    )
    const decoded = chunk.map ? decode(chunk.map.mappings) : []
    decoded.forEach((segments, line) => {
      for (let i = 0; i < segments.length; i += 1) {
        const seg = segments[i] as number[]
        if (seg.length < 2) continue
        const end = (segments[i + 1] as number[] | undefined)?.[0] ?? lines[line]?.length ?? 0
        const name = label(chunk.map?.sources[seg[1] as number] ?? '?')
        for (let col = seg[0] as number; col < end; col += 1) (owner[line] as string[])[col] = name
      }
    })
    const whole = gz(chunk.code)
    const names = new Set(owner.flat())
    for (const name of names) {
      const without = lines.map((line, l) => [...line].filter((_, c) => owner[l]?.[c] !== name).join('')).join('\n')
      const raw = chunk.code.length - without.length
      const row = rows.get(name) ?? { raw: 0, gzip: 0 }
      row.raw += raw
      row.gzip += whole - gz(without)
      rows.set(name, row)
    }
  }
  return rows
}

const hosts = process.argv[2] ? [process.argv[2]] : ['esm', 'cjs']
const apps = process.argv[3] ? [process.argv[3]] : ['headless', 'dropin']
for (const host of hosts) {
  const base = await firstLoad(host, 'baseline')
  for (const app of apps) {
    const rows = await firstLoad(host, app)
    const names = new Set([...rows.keys(), ...base.keys()])
    const diff = [...names]
      .map((name) => ({
        name,
        raw: (rows.get(name)?.raw ?? 0) - (base.get(name)?.raw ?? 0),
        gzip: (rows.get(name)?.gzip ?? 0) - (base.get(name)?.gzip ?? 0),
      }))
      .filter((row) => row.raw !== 0)
      .sort((a, b) => b.gzip - a.gzip)
    console.log(`\n${host} host, ${app} over baseline (minified bytes, marginal gzip -9 bytes):`)
    for (const row of diff) console.log(`${String(row.gzip).padStart(6)} ${String(row.raw).padStart(7)}  ${row.name}`)
    console.log(
      `${String(diff.reduce((s, r) => s + r.gzip, 0)).padStart(6)} ${String(diff.reduce((s, r) => s + r.raw, 0)).padStart(7)}  (sum of marginals)`,
    )
  }
}
