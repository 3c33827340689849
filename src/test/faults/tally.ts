// The suite's count: runs, held and failed, and the failures by fault and by flow.

export interface Tally {
  record(flow: string, fault: string, held: boolean): void
  /** `fault suite: N runs, H held, F failed (by fault: …; by flow: …)` */
  summary(): string
}

export function createTally(): Tally {
  let runs = 0
  let held = 0
  const failedByFault = new Map<string, number>()
  const failedByFlow = new Map<string, number>()
  const bump = (counts: Map<string, number>, name: string) => counts.set(name, (counts.get(name) ?? 0) + 1)
  const list = (counts: Map<string, number>) =>
    counts.size === 0 ? 'none' : [...counts].map(([name, count]) => `${name}: ${count}`).join(', ')
  return {
    record(flow, fault, ok) {
      runs += 1
      if (ok) held += 1
      else {
        bump(failedByFault, fault)
        bump(failedByFlow, flow)
      }
    },
    summary: () =>
      `fault suite: ${runs} runs, ${held} held, ${runs - held} failed (by fault: ${list(failedByFault)}; by flow: ${list(failedByFlow)})`,
  }
}
