// The fault plan's rules and their counting: which fault, if any, the next call to a target gets.
import type { MockFault, MockFaultPlan, MockFaultRule, MockFaultTarget } from '../types'
import { checkFaultRule } from './checkFaultRule'

interface Entry {
  rule: MockFaultRule
  /** Calls to the rule's endpoint since it was added. */
  calls: number
  /** Calls it faulted. */
  hits: number
}

export interface FaultPlan extends MockFaultPlan {
  /** Counts a call to `target` (one that reached its handling) and answers the fault it gets, if any. */
  take(target: string): MockFault | undefined
  /** Checks and adds a rule given as JSON (over HTTP); a TypeError names the field. */
  addChecked(value: unknown): () => void
}

/** `targets`: what a rule may name (the proxy's endpoints, `submit/<name>` and `query/<name>`). */
export function createFaultPlan(targets: readonly string[], initial: readonly MockFaultRule[] = []): FaultPlan {
  let entries: Entry[] = []

  function insert(rule: MockFaultRule): () => void {
    const entry: Entry = { rule, calls: 0, hits: 0 }
    entries.push(entry)
    return () => {
      entries = entries.filter((candidate) => candidate !== entry)
    }
  }

  // Checked all before any is added: a bad option leaves no half-built plan.
  const checked = initial.map((rule, index) => checkFaultRule(rule, targets, `faults[${index}]`))
  for (const rule of checked) insert(rule)

  return {
    add: (rule) => insert(checkFaultRule(rule, targets)),
    addChecked: (value) => insert(checkFaultRule(value, targets)),
    clear() {
      entries = []
    },
    list: () => entries.map(({ rule, hits }) => ({ ...copyRule(rule), hits })),
    take(target) {
      let chosen: Entry | undefined
      // Every rule at the target counts the call, also when an earlier rule takes it.
      for (const entry of entries) {
        if (entry.rule.endpoint !== target) continue
        entry.calls += 1
        if (chosen === undefined && applies(entry)) chosen = entry
      }
      if (chosen === undefined) return undefined
      chosen.hits += 1
      return { ...chosen.rule.fault }
    },
  }
}

function applies({ rule, calls }: Entry): boolean {
  const first = rule.call ?? 1
  const times = rule.times ?? (rule.call === undefined ? Infinity : 1)
  return calls >= first && calls < first + times
}

function copyRule(rule: MockFaultRule): MockFaultRule {
  return { ...rule, endpoint: rule.endpoint as MockFaultTarget, fault: { ...rule.fault } }
}
