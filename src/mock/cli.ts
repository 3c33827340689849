// `npm run mock` / `auth-proxy-kit-mock`. No shebang here: the library build adds it to dist/cli.js.
import { runMockCli } from './runMockCli'

async function main(): Promise<void> {
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
