// `npx tsx scripts/withLoad.ts -- <command...>`: runs the command while LOAD_PROCS (default 2) busy loops
// hold the cores, as a contributor's laptop running a build or a CI runner shared with other jobs does.
// A test that passes only on a quiet machine (a sleep that has to outlast something, a mock latency that
// has to outlast a render, a timeout tuned to a fast run) fails here, so the suite is proved to pass on a
// shared machine before a contributor finds out it does not. Exits with the command's code; the loops end
// with the command, on Ctrl-C or SIGTERM, and on their own if this script dies without cleaning up.
import { spawn, type ChildProcess } from 'node:child_process'
import { constants } from 'node:os'

const separator = process.argv.indexOf('--')
const command = separator === -1 ? process.argv.slice(2) : process.argv.slice(separator + 1)
const procs = Number(process.env.LOAD_PROCS ?? 2)
if (command.length === 0 || !Number.isInteger(procs) || procs < 0) {
  console.error('usage: [LOAD_PROCS=N] npx tsx scripts/withLoad.ts -- <command...>  (N: a whole number, default 2)')
  process.exit(2)
}

// Each loop checks now and then that this script is still alive (Node reads process.ppid once, at start, so
// the check is a signal 0 to it), so a SIGKILL of this script does not leave the cores busy.
const busyLoop = `const parent = process.ppid; for (let i = 1; ; i++) if (i % 1e7 === 0) process.kill(parent, 0)`
const burners: ChildProcess[] = Array.from({ length: procs }, () =>
  spawn(process.execPath, ['-e', busyLoop], { stdio: 'ignore' }),
)
const stopBurners = () => {
  for (const burner of burners) if (burner.exitCode === null && burner.signalCode === null) burner.kill('SIGKILL')
}
process.on('exit', stopBurners)

const started = Date.now()
console.error(`withLoad: ${procs} busy process(es) alongside: ${command.join(' ')}`)
const child = spawn(command[0]!, command.slice(1), { stdio: 'inherit' })

// Ctrl-C reaches the whole foreground process group (the command included); SIGTERM reaches only this
// script, so it is passed on. Either way this script exits when the command does, with its code.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    stopBurners()
    if (child.exitCode === null && child.signalCode === null) child.kill(signal)
  })
}

child.on('error', (error) => {
  console.error(`withLoad: could not start ${command[0]}: ${error.message}`)
  stopBurners()
  process.exit(127)
})
child.on('exit', (code, signal) => {
  stopBurners()
  const seconds = ((Date.now() - started) / 1000).toFixed(0)
  const result = signal ? `killed by ${signal}` : `exit code ${code}`
  console.error(`withLoad: ${command.join(' ')}: ${result} after ${seconds} s under ${procs} busy process(es)`)
  process.exit(signal ? 128 + (constants.signals[signal] ?? 0) : (code ?? 1))
})
