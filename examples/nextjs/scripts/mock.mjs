// `npm run mock`: the mock proxy alone (e.g. beside `next start`), on the port NEXT_PUBLIC_AUTH_PROXY_URL names.
import { appOrigins, startMock } from './startMock.mjs'

const proxyUrl = new URL(process.env.NEXT_PUBLIC_AUTH_PROXY_URL ?? 'http://127.0.0.1:8787')
const mock = await startMock({ port: Number(proxyUrl.port), appOrigins: appOrigins(Number(process.env.PORT ?? 3000)) })
console.log(`mock auth proxy on ${mock.url}; codes it "sends" are at ${mock.url}/__mock/outbox`)
// What the app built beside it must trust (NEXT_PUBLIC_AUTH_PROXY_MOCK_ENCLAVE_KEY, before `next build`).
console.log(`its enclave key: NEXT_PUBLIC_AUTH_PROXY_MOCK_ENCLAVE_KEY=${mock.proxy.enclaveSignerPublicKey}`)
// What the backend beside it must trust for sessions (AUTH_PROXY_SESSION_JWKS_URL, before `next start`).
console.log(`its session keys: AUTH_PROXY_SESSION_JWKS_URL=${mock.url}/.well-known/jwks.json`)
const stop = () => void mock.close().then(() => process.exit(0))
process.once('SIGINT', stop)
process.once('SIGTERM', stop)
