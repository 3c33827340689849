import { describe, expect, it } from 'vitest'
import {
  compare,
  parseFigures,
  record,
  serializeFigures,
  SLACK,
  verdict,
  type FiguresFile,
  type Measured,
} from './ratchet'

const versions = { vite: '8.3.8', react: '19.3.1' }

const recorded: FiguresFile = {
  figures: {
    dropinFirstLoad: { bytes: { module: 19_842, commonjs: 24_709 }, reason: 'First record' },
    headlessFirstLoad: { bytes: { module: 15_687, commonjs: 17_074 }, reason: 'First record' },
    modalOpenTotal: { bytes: { module: 42_210, commonjs: 49_275 }, reason: 'The dialog holds the signed-in view' },
  },
  measuredWith: versions,
}

/** The recorded figures, with some of them measured otherwise. */
function measured(changes: Partial<Record<keyof Measured, Partial<Measured[keyof Measured]>>> = {}): Measured {
  const result = {} as Measured
  for (const [name, figure] of Object.entries(recorded.figures) as Array<
    [keyof Measured, { bytes: Measured[keyof Measured] }]
  >)
    result[name] = { ...figure.bytes, ...changes[name] }
  return result
}

describe('the ratchet', () => {
  it('holds a figure that grew by the slack or less', () => {
    const comparisons = compare(recorded, measured({ dropinFirstLoad: { module: 19_842 + SLACK } }))
    const { failed, lines } = verdict(recorded, comparisons, versions)
    expect(failed).toBe(false)
    expect(lines.join('\n')).toContain('the ratchet holds')
  })

  it('fails on a figure that grew past its record by more than the slack, naming it, both values and how to raise it', () => {
    const comparisons = compare(recorded, measured({ dropinFirstLoad: { commonjs: 24_709 + 1_024 } }))
    const { failed, lines } = verdict(recorded, comparisons, versions)
    const text = lines.join('\n')
    expect(failed).toBe(true)
    expect(text).toContain('drop-in first load (provider + <LoginButton>), "type": "commonjs" host')
    expect(text).toContain('measured 25,733 bytes, recorded 24,709 bytes (+1,024 bytes')
    expect(text).toContain('recorded for: First record')
    expect(text).toContain('npm run bench -- --record "')
    expect(text).not.toContain('"type": "module" host')
  })

  it('passes a figure that fell by more than the slack and asks for its record to be lowered', () => {
    const comparisons = compare(recorded, measured({ modalOpenTotal: { commonjs: 46_000 } }))
    const { failed, lines } = verdict(recorded, comparisons, versions)
    expect(failed).toBe(false)
    expect(lines.join('\n')).toMatch(
      /first modal open total .*"type": "commonjs" host fell 3,275 bytes below its record/,
    )
    expect(lines.join('\n')).toContain('Lower the records')
  })

  it('names the versions that changed since the record when a figure grew', () => {
    const comparisons = compare(recorded, measured({ headlessFirstLoad: { module: 17_000 } }))
    const { lines } = verdict(recorded, comparisons, { ...versions, vite: '8.4.0' })
    expect(lines.join('\n')).toContain('vite 8.3.8 then, 8.4.0 now')
  })
})

describe('a record', () => {
  it('sets every figure that changed with the reason, and keeps the reason of a figure measured as recorded', () => {
    const { file, changed } = record(
      recorded,
      measured({ dropinFirstLoad: { commonjs: 21_900 } }),
      'French behind its own subpath',
      versions,
    )
    expect(changed.map((row) => `${row.name} ${row.host} ${row.change}`)).toEqual(['dropinFirstLoad commonjs -2809'])
    expect(file.figures.dropinFirstLoad).toEqual({
      bytes: { module: 19_842, commonjs: 21_900 },
      reason: 'French behind its own subpath',
    })
    expect(file.figures.modalOpenTotal.reason).toBe('The dialog holds the signed-in view')
  })

  it('needs a reason, to raise a figure as to lower one', () => {
    expect(() => record(recorded, measured(), '  ', versions)).toThrow(/needs a reason/)
  })

  it('is read back as written', () => {
    expect(parseFigures(serializeFigures(recorded))).toEqual(recorded)
  })

  it('is refused when a host or a reason is missing, with the command that writes it whole', () => {
    const noHost = JSON.parse(serializeFigures(recorded)) as FiguresFile
    delete (noHost.figures.headlessFirstLoad.bytes as Partial<Record<string, number>>).commonjs
    expect(() => parseFigures(JSON.stringify(noHost))).toThrow(
      /"headlessFirstLoad" has no byte count for the "commonjs" host; `npm run bench -- --record "why"`/,
    )
    const noReason = JSON.parse(serializeFigures(recorded)) as FiguresFile
    noReason.figures.modalOpenTotal.reason = ''
    expect(() => parseFigures(JSON.stringify(noReason))).toThrow(/"modalOpenTotal" has no reason/)
  })
})
