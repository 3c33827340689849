// What the mock's Vite plugin defines for the page: the mock's enclave key (in this app's build too, as
// it is served on the mock by `vite preview`), as the README says to declare it.
interface ImportMetaEnv {
  readonly AUTH_PROXY_MOCK_ENCLAVE_KEY?: string
}
interface ImportMeta {
  readonly env: ImportMetaEnv
}
