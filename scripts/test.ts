// `npm test`: every check, each run once, side by side where nothing orders them, with a summary at the
// end that names what failed and how long each stage took (wall clock and CPU). A failed stage fails only the stages that
// need what it makes; everything else still runs, so one failure does not hide the next.
//
//   npm test                          every stage
//   npm test -- unit lint             those stages (and the ones they need)
//   npm test -- --skip e2e,nextjs     every stage but those (and the ones that need them)
//
// Each stage's output goes to test-results/stages/<stage>.log; a failed stage's last lines are printed.
// TEST_JOBS (default 4) caps the stages running at once, but for those on the way to the end-to-end run
// (the longest chain), which start the moment they can: most stages wait on installs, servers and timers
// as much as they compute, so a few share two cores well.
import { spawn, type ChildProcess } from 'node:child_process'
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { resolve } from 'node:path'
import { STAGES, type Stage } from './stages'

const ROOT = resolve(import.meta.dirname, '..')
const LOGS = resolve(ROOT, 'test-results', 'stages')
const JOBS = Math.max(1, Number(process.env.TEST_JOBS ?? 4))
const TAIL_LINES = 80

type Outcome = 'passed' | 'failed' | 'not run'
interface Result {
  outcome: Outcome
  seconds: number
  /** CPU seconds (user and system) of the stage's processes, as bash's `times` reports its children's. */
  cpu?: number
  /** Why a stage did not run: the stage it needed that failed. */
  because?: string
}

/** The stages asked for on the command line, with the stages they need. */
function selected(args: string[]): Stage[] {
  const byName = new Map(STAGES.map((stage) => [stage.name, stage]))
  const unknown = (names: string[]) => {
    const bad = names.filter((name) => !byName.has(name))
    if (bad.length > 0)
      throw new Error(`unknown stage ${bad.join(', ')}; the stages are ${STAGES.map((s) => s.name).join(', ')}`)
  }
  const wanted: string[] = []
  const skipped: string[] = []
  for (let index = 0; index < args.length; index++) {
    const arg = args[index] as string
    if (arg === '--skip') skipped.push(...(args[++index] ?? '').split(',').filter(Boolean))
    else if (arg.startsWith('--')) throw new Error(`unknown option ${arg}; try: npm test -- unit lint, or --skip e2e`)
    else wanted.push(arg)
  }
  unknown(skipped)
  unknown(wanted)
  const keep = new Set<string>()
  const add = (name: string) => {
    if (keep.has(name)) return
    keep.add(name)
    for (const need of byName.get(name)?.needs ?? []) add(need)
  }
  for (const stage of wanted.length > 0 ? wanted : STAGES.map((s) => s.name)) add(stage)
  // Skipping a stage skips what needs it.
  const dropped = new Set(skipped)
  let changed = true
  while (changed) {
    changed = false
    for (const stage of STAGES)
      if (keep.has(stage.name) && !dropped.has(stage.name) && stage.needs.some((need) => dropped.has(need))) {
        dropped.add(stage.name)
        changed = true
      }
  }
  return STAGES.filter((stage) => keep.has(stage.name) && !dropped.has(stage.name))
}

const running = new Set<ChildProcess>()

const cpuFile = (stage: Stage) => resolve(LOGS, `${stage.name}.cpu`)

/** The CPU a stage used, from the `times` line its shell wrote as it ended ("1m2.5s 0m3.1s": user, system). */
function cpuSeconds(stage: Stage): number | undefined {
  const [, children] = (existsSync(cpuFile(stage)) ? readFileSync(cpuFile(stage), 'utf8') : '').trim().split('\n')
  const times = [...(children ?? '').matchAll(/(\d+)m([\d.]+)s/g)].map(([, m, s]) => Number(m) * 60 + Number(s))
  return times.length === 2 ? (times[0] as number) + (times[1] as number) : undefined
}

function runStage(stage: Stage): Promise<boolean> {
  const log = createWriteStream(resolve(LOGS, `${stage.name}.log`))
  rmSync(cpuFile(stage), { force: true })
  // The shell reports its children's CPU time when the command ends, whatever its outcome.
  const command = `${stage.command}\n__status=$?\ntimes > '${cpuFile(stage)}'\nexit $__status`
  return new Promise((done) => {
    // Its own process group, so that a stop ends the stage's servers and workers with it.
    const child = spawn('bash', ['-c', command], {
      cwd: ROOT,
      env: { ...process.env, ...stage.env, FORCE_COLOR: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    })
    running.add(child)
    child.stdout.pipe(log, { end: false })
    child.stderr.pipe(log, { end: false })
    child.once('error', (error) => log.write(`\n${String(error)}\n`))
    child.once('close', (code, signal) => {
      running.delete(child)
      log.end(() => done(code === 0 && signal === null))
    })
  })
}

function tail(name: string): string {
  const lines = readFileSync(resolve(LOGS, `${name}.log`), 'utf8')
    .trimEnd()
    .split('\n')
  return lines.slice(-TAIL_LINES).join('\n')
}

const elapsed = (since: number) => (performance.now() - since) / 1000

async function main(): Promise<void> {
  const stages = selected(process.argv.slice(2))
  mkdirSync(LOGS, { recursive: true })
  const started = performance.now()
  const results = new Map<string, Result>()
  const active = new Map<string, Promise<void>>()
  const pending = [...stages]
  const names = new Set(stages.map((stage) => stage.name))
  console.log(`npm test: ${stages.map((stage) => stage.name).join(', ')} (at most ${JOBS} at once)`)

  while (pending.length > 0 || active.size > 0) {
    // A stage whose need failed will not run; one whose needs all passed may start.
    for (const stage of [...pending]) {
      const failedNeed = stage.needs.find((need) => {
        const outcome = results.get(need)?.outcome
        return outcome !== undefined && outcome !== 'passed'
      })
      if (failedNeed) {
        pending.splice(pending.indexOf(stage), 1)
        results.set(stage.name, { outcome: 'not run', seconds: 0, because: failedNeed })
        console.log(`– ${stage.name}: not run (${failedNeed} did not pass)`)
        continue
      }
      const ready = stage.needs.every((need) => !names.has(need) || results.get(need)?.outcome === 'passed')
      if (!ready || (active.size >= JOBS && !stage.first)) continue
      pending.splice(pending.indexOf(stage), 1)
      const stageStarted = performance.now()
      console.log(`▶ ${stage.name} (at ${elapsed(started).toFixed(0)} s): ${stage.command}`)
      active.set(
        stage.name,
        runStage(stage).then((passed) => {
          const seconds = elapsed(stageStarted)
          results.set(stage.name, { outcome: passed ? 'passed' : 'failed', seconds, cpu: cpuSeconds(stage) })
          active.delete(stage.name)
          if (passed) console.log(`✓ ${stage.name} in ${seconds.toFixed(1)} s`)
          else
            console.log(
              `✗ ${stage.name} FAILED in ${seconds.toFixed(1)} s; the end of test-results/stages/${stage.name}.log:\n${tail(stage.name)}\n`,
            )
        }),
      )
    }
    if (active.size > 0) await Promise.race(active.values())
  }

  const total = elapsed(started)
  const failed = stages.filter((stage) => results.get(stage.name)?.outcome !== 'passed')
  console.log(`\nnpm test ${failed.length === 0 ? 'passed' : 'FAILED'} in ${total.toFixed(0)} s (wall clock)`)
  for (const stage of stages) {
    const result = results.get(stage.name) as Result
    const mark = result.outcome === 'passed' ? '✓' : result.outcome === 'failed' ? '✗' : '–'
    const time = result.outcome === 'not run' ? '' : `${result.seconds.toFixed(1)} s`
    const cpu = result.cpu === undefined ? '' : `${result.cpu.toFixed(0)} s CPU`
    const why = result.because ? `not run: ${result.because} did not pass` : result.outcome === 'failed' ? 'FAILED' : ''
    console.log(`  ${mark} ${stage.name.padEnd(10)} ${time.padStart(8)} ${cpu.padStart(10)}  ${why || stage.what}`)
  }
  const cpu = [...results.values()].reduce((sum, result) => sum + (result.cpu ?? 0), 0)
  // A lower bound: bash counts the processes its stage waited for, and a browser's renderers mostly escape it.
  console.log(
    `  CPU in all: at least ${cpu.toFixed(0)} s over ${total.toFixed(0)} s on ${availableParallelism()} cores`,
  )
  if (failed.length > 0) {
    console.log(`\nlogs: test-results/stages/<stage>.log`)
    process.exitCode = 1
  }
}

function stopAll(signal: NodeJS.Signals): void {
  // SIGINT, as a Ctrl-C would send: Playwright stops the servers it started only on that one (they run in
  // process groups of their own, so a stage's group does not reach them).
  for (const child of running) {
    try {
      if (child.pid !== undefined) process.kill(-child.pid, 'SIGINT')
    } catch {
      // Gone already.
    }
  }
  console.error(`\nnpm test: ${signal}, stopping the running stages`)
  const exit = () => process.exit(130)
  if (running.size === 0) exit()
  for (const child of running) child.once('close', () => running.size === 0 && exit())
  // A stage that ignores SIGINT is not waited for forever.
  setTimeout(exit, 15_000).unref()
}
process.once('SIGINT', stopAll)
process.once('SIGTERM', stopAll)

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
})
