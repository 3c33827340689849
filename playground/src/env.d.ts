// What the mock's Vite plugin defines for the page (src/mock/devEnclaveKey.ts): its enclave key, which
// the playground's kit is told to trust in place of production's.
interface ImportMetaEnv {
  readonly AUTH_PROXY_MOCK_ENCLAVE_KEY?: string
}
