// The size ratchet of `npm run bench` (DESIGN.md, "Standing budgets"). Each first load and the first modal
// open has a recorded figure per host kind in bench/figures.json, with the reason it was last set. A run
// fails when a figure grows past its record by more than SLACK bytes, unless the same commit raises the
// record and says why (`npm run bench -- --record "why"`). A figure that fell well below its record passes
// and asks for the record to be lowered: the gain is kept only once it is recorded.
//
// The fixed budgets of DESIGN.md are the direction, printed beside; they are not the gate.

/** How far a figure may grow past its record (gzip bytes): a few lines of code, not a module. */
export const SLACK = 300

export const HOST_TYPES = ['module', 'commonjs'] as const
export type HostType = (typeof HOST_TYPES)[number]

/** The figures the ratchet holds (the kit's gzip -9 bytes of JavaScript over the baseline app), and the direction of each. */
export const FIGURES = {
  dropinFirstLoad: { label: 'drop-in first load (provider + <LoginButton>)', direction: 12_000 },
  headlessFirstLoad: { label: 'headless first load (provider + useEmailOtp)', direction: 8_000 },
  modalOpenTotal: { label: 'first modal open total (first load, idle prefetch, the dialog)', direction: 40_000 },
} as const
export type FigureName = keyof typeof FIGURES
export const FIGURE_NAMES = Object.keys(FIGURES) as FigureName[]

export interface Figure {
  /** gzip bytes per host kind (`"type"` of the host's package.json). */
  bytes: Record<HostType, number>
  /** Why the figure was last set, as a commit message says it. */
  reason: string
}

export interface FiguresFile {
  figures: Record<FigureName, Figure>
  /** The versions the figures were measured with: a new bundler or React moves bytes too. */
  measuredWith: Record<string, string>
}

export type Measured = Record<FigureName, Record<HostType, number>>

export interface Comparison {
  name: FigureName
  host: HostType
  recorded: number
  measured: number
  /** measured - recorded */
  change: number
  /** 'grew': past the record and the slack (fails); 'fell': below the record by more than the slack. */
  verdict: 'grew' | 'fell' | 'holds'
}

const bytes = (value: number) => `${value.toLocaleString('en-US')} bytes`
const signed = (value: number) => `${value > 0 ? '+' : value < 0 ? '−' : '±'}${Math.abs(value).toLocaleString('en-US')}`
const kb = (value: number) => `${(value / 1000).toFixed(1)} KB`
const where = (name: FigureName, host: HostType) => `${FIGURES[name].label}, "type": "${host}" host`

/** Reads bench/figures.json, refusing one that lacks a figure, a host or a reason. */
export function parseFigures(text: string, file = 'bench/figures.json'): FiguresFile {
  const fail = (what: string): never => {
    throw new Error(`${file}: ${what}; \`npm run bench -- --record "why"\` writes it whole`)
  }
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch (error) {
    return fail(`not JSON (${(error as Error).message})`)
  }
  const root = data as Partial<FiguresFile> | null
  if (typeof root !== 'object' || root === null || typeof root.figures !== 'object' || root.figures === null)
    return fail('no "figures"')
  for (const name of FIGURE_NAMES) {
    const figure = root.figures[name] as Partial<Figure> | undefined
    if (!figure) return fail(`no figure "${name}"`)
    if (typeof figure.reason !== 'string' || figure.reason.trim() === '') fail(`"${name}" has no reason`)
    for (const host of HOST_TYPES) {
      const value = figure.bytes?.[host]
      if (typeof value !== 'number' || !Number.isInteger(value) || value < 0)
        fail(`"${name}" has no byte count for the "${host}" host`)
    }
  }
  return { figures: root.figures, measuredWith: root.measuredWith ?? {} }
}

export function compare(file: FiguresFile, measured: Measured): Comparison[] {
  return FIGURE_NAMES.flatMap((name) =>
    HOST_TYPES.map((host): Comparison => {
      const recorded = file.figures[name].bytes[host]
      const value = measured[name][host]
      const change = value - recorded
      return {
        name,
        host,
        recorded,
        measured: value,
        change,
        verdict: change > SLACK ? 'grew' : change < -SLACK ? 'fell' : 'holds',
      }
    }),
  )
}

/**
 * The figures as measured, each figure that changed in either host carrying `reason`; a figure measured
 * as recorded keeps the reason it was set for.
 */
export function record(
  previous: FiguresFile | undefined,
  measured: Measured,
  reason: string,
  measuredWith: Record<string, string>,
): { file: FiguresFile; changed: Comparison[] } {
  if (reason.trim() === '') throw new Error('a record needs a reason: npm run bench -- --record "why"')
  const changed = previous ? compare(previous, measured).filter((row) => row.change !== 0) : []
  const figures = {} as Record<FigureName, Figure>
  for (const name of FIGURE_NAMES) {
    const before = previous?.figures[name]
    const same = before !== undefined && !changed.some((row) => row.name === name)
    figures[name] = { bytes: { ...measured[name] }, reason: same ? before.reason : reason.trim() }
  }
  return { file: { figures, measuredWith }, changed }
}

export function serializeFigures(file: FiguresFile): string {
  return `${JSON.stringify(file, null, 2)}\n`
}

function state(row: Comparison, mode: 'checked' | 'recorded'): string {
  if (mode === 'recorded') return row.change > 0 ? 'raised' : row.change < 0 ? 'lowered' : 'same'
  if (row.verdict === 'grew') return 'GREW'
  return row.verdict === 'fell' ? 'fell: lower it' : 'holds'
}

/**
 * Each figure beside its record and its direction: checked against the record, or (`recorded`) as the
 * record a run has just rewritten.
 */
export function table(comparisons: Comparison[], mode: 'checked' | 'recorded' = 'checked'): string[] {
  const rows = comparisons.map((row) => {
    const direction = FIGURES[row.name].direction
    const toGo = row.measured - direction
    return [
      FIGURES[row.name].label,
      row.host,
      bytes(row.recorded),
      bytes(row.measured),
      signed(row.change),
      state(row, mode),
      `${kb(direction)} (${toGo > 0 ? `${kb(toGo)} over` : `${kb(-toGo)} under`})`,
    ]
  })
  const head = [
    'figure',
    'host',
    mode === 'recorded' ? 'was' : 'recorded',
    'measured',
    'change',
    'ratchet',
    'direction',
  ]
  const widths = head.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] as string).length)),
  )
  // Numbers (the byte counts and the change) align right.
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => {
        const width = widths[column] as number
        return column >= 2 && column <= 4 ? cell.padStart(width) : cell.padEnd(width)
      })
      .join('  ')
      .trimEnd()
  return [line(head), ...rows.map(line)]
}

/**
 * What the run says after the table, and whether it fails: each figure that grew is named with its record,
 * its measure, the reason it was recorded for and the command that raises it.
 */
export function verdict(
  file: FiguresFile,
  comparisons: Comparison[],
  measuredWith: Record<string, string>,
): { failed: boolean; lines: string[] } {
  const grew = comparisons.filter((row) => row.verdict === 'grew')
  const fell = comparisons.filter((row) => row.verdict === 'fell')
  const lines: string[] = []
  if (grew.length > 0) {
    lines.push(
      `bench: the ratchet fails: ${grew.length === 1 ? 'a figure grew' : `${grew.length} figures grew`} past ${grew.length === 1 ? 'its record' : 'their records'} by more than ${SLACK} bytes:`,
    )
    for (const row of grew) {
      lines.push(
        `- ${where(row.name, row.host)}: measured ${bytes(row.measured)}, recorded ${bytes(row.recorded)} ` +
          `(${signed(row.change)} bytes; the record allows ${signed(SLACK)})`,
        `  recorded for: ${file.figures[row.name].reason}`,
      )
    }
    const upgraded = Object.entries(measuredWith).filter(([name, version]) => file.measuredWith[name] !== version)
    if (upgraded.length > 0) {
      lines.push(
        `The figures were measured with other versions (${upgraded
          .map(([name, version]) => `${name} ${file.measuredWith[name] ?? '?'} then, ${version} now`)
          .join('; ')}): a new bundler or React moves bytes too.`,
      )
    }
    lines.push(
      'A first load is the entry chunk and every chunk it imports statically: .bench/ratchet.json lists the chunks of',
      'each app, and `node scripts/check-chunks.mjs` (after `npm run build`) names a module that should load later.',
      'If the growth is on purpose, raise the record in the same commit and say why (a new capability adds nothing',
      'to a first load: it loads when first used):',
      '  npm run bench -- --record "what grew and why it must"',
    )
  }
  if (fell.length > 0) {
    lines.push(
      `bench: ${fell.map((row) => `${where(row.name, row.host)} fell ${bytes(-row.change)} below its record`).join('; ')}.`,
      'Lower the records in this commit so that the ratchet keeps the gain:',
      '  npm run bench -- --record "what made them fall"',
    )
  }
  if (grew.length === 0 && fell.length === 0)
    lines.push(`bench: the ratchet holds (every figure within ${SLACK} bytes of its record).`)
  return { failed: grew.length > 0, lines }
}
