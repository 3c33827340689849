// `npm run mock` / `auth-proxy-kit-mock`. No shebang here: the library build adds it to dist/cli.js.
// The mock's packages are optional peers: checked first, so that a missing one gets the command that
// installs it rather than Node's "Cannot find package" (requireMockPeers).
import { requireMockPeers } from './requireMockPeers'

async function main(): Promise<void> {
  try {
    await requireMockPeers('auth-proxy-kit-mock')
  } catch (error) {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  }
  const { runMockCli } = await import('./runMockCli')
  const result = await runMockCli(process.argv.slice(2), {
    stdout: (line) => console.log(line),
    stderr: (line) => console.error(line),
  })
  if (result.exitCode !== 0) process.exit(result.exitCode)
  const { server } = result
  if (server === null) return
  const stop = () => {
    void server.close().then(() => process.exit(0))
  }
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
}

void main()
