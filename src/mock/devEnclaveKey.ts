/**
 * The enclave key the mock's development servers sign with unless told otherwise (the Vite plugin, the
 * CLI, the Playwright fixture): one key, so that a page built against one of them and a mock another
 * process runs agree without a key being copied. It is published here, so trust it in development
 * only: a kit told to trust it refuses the production proxy's targets (signed by production's key), so
 * the mistake of shipping it cannot go unnoticed. sha256 of "auth-proxy-kit mock enclave, for
 * development only".
 */
export const MOCK_DEV_ENCLAVE_SECRET_KEY = 'a71bbbd63dca1082ed9c03bfde49b7094426765996c08312eeee7906e1dbc840'

/** Its public half (uncompressed P-256, hex): what a kit in development is told to trust. */
export const MOCK_DEV_ENCLAVE_PUBLIC_KEY =
  '04033fcd09b804d025714c66ea2458456c1df5d9904db26aa5328ac35a7eed4486dfeb86e926c27b0774237d2dfa324c8ebd987a4d1fd28b9c687846d9bbabb33e'

/**
 * Where the Vite plugin puts the public key for the page: `import.meta.env.AUTH_PROXY_MOCK_ENCLAVE_KEY`,
 * defined while the dev server runs (and in a build only when the plugin is told to), so that
 * `dangerouslyOverrideSignerPublicKey={import.meta.env.AUTH_PROXY_MOCK_ENCLAVE_KEY}` is the mock's key in
 * development and undefined (production's key) in a production build.
 */
export const MOCK_ENCLAVE_KEY_ENV = 'AUTH_PROXY_MOCK_ENCLAVE_KEY'
