// The suite's count: runs, held and failed, the failures by fault and by flow, and every run counted by
// flow and by fault (what the suite covers, not only what failed).

export interface Tally {
  record(flow: string, fault: string, held: boolean): void
  /**
   * `fault suite: N runs, H held, F failed (by fault: …; by flow: …)`, then the runs by flow and by
   * fault, each `name held/runs`, in the order first recorded.
   */
  summary(): string
}

interface Count {
  runs: number
  held: number
}

export function createTally(): Tally {
  let runs = 0
  let held = 0
  const byFlow = new Map<string, Count>()
  const byFault = new Map<string, Count>()
  const count = (counts: Map<string, Count>, name: string, ok: boolean) => {
    const entry = counts.get(name) ?? { runs: 0, held: 0 }
    counts.set(name, { runs: entry.runs + 1, held: entry.held + (ok ? 1 : 0) })
  }
  const failures = (counts: Map<string, Count>) => {
    const failed = [...counts].filter(([, entry]) => entry.held < entry.runs)
    return failed.length === 0
      ? 'none'
      : failed.map(([name, entry]) => `${name}: ${entry.runs - entry.held}`).join(', ')
  }
  const all = (counts: Map<string, Count>) =>
    [...counts].map(([name, entry]) => `${name} ${entry.held}/${entry.runs}`).join(', ')
  return {
    record(flow, fault, ok) {
      runs += 1
      if (ok) held += 1
      count(byFlow, flow, ok)
      count(byFault, fault, ok)
    },
    summary: () =>
      [
        `fault suite: ${runs} runs, ${held} held, ${runs - held} failed (by fault: ${failures(byFault)}; by flow: ${failures(byFlow)})`,
        `runs by flow (held/runs): ${all(byFlow)}`,
        `runs by fault (held/runs): ${all(byFault)}`,
      ].join('\n'),
  }
}
