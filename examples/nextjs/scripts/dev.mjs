// `npm run dev`: the mock proxy and `next dev` in one command; Ctrl-C stops both.
import { spawn } from 'node:child_process'
import { appOrigins, startMock } from './startMock.mjs'

const appPort = Number(process.env.PORT ?? 3000)
const proxyUrl = new URL(process.env.NEXT_PUBLIC_AUTH_PROXY_URL ?? 'http://127.0.0.1:8787')
const mock = await startMock({ port: Number(proxyUrl.port), appOrigins: appOrigins(appPort) })
console.log(`mock auth proxy on ${mock.url}; codes it "sends" are at ${mock.url}/__mock/outbox`)

// The mock signs the codes' targets with its own enclave key: handed to the page (and to nothing else)
// so that its kit trusts it (providers.tsx), never typed by hand.
// Likewise its session key, to the backend (server/env.ts): where the mock publishes it.
const env = {
  ...process.env,
  NEXT_PUBLIC_AUTH_PROXY_MOCK_ENCLAVE_KEY: mock.proxy.enclaveSignerPublicKey,
  AUTH_PROXY_SESSION_JWKS_URL: `${mock.url}/.well-known/jwks.json`,
}
const next = spawn('npx', ['next', 'dev', '--port', String(appPort)], { stdio: 'inherit', env })
const stop = () => next.kill('SIGINT')
process.once('SIGINT', stop)
process.once('SIGTERM', stop)
next.once('exit', (code) => void mock.close().then(() => process.exit(code ?? 0)))
