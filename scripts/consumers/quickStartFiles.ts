// The README's "Quick start for a host app", as files: each fenced block whose first line names a path
// (`// src/App.tsx`) is that file's content, pasted as it is. scripts/test-consumers.ts writes them into
// a fresh Vite app, so that what the README says is what is tested.

export const QUICK_START_HEADING = '## Quick start for a host app'

export interface QuickStartFile {
  /** Relative to the app's root, as the block's first line names it. */
  path: string
  /** The block without its path line. */
  content: string
}

const FENCE = /^```[\w-]*\n([\s\S]*?)^```$/gm
const PATH_LINE = /^\/\/ ([\w./-]+\.[cm]?[jt]sx?)\n/

export function quickStartFiles(readme: string): QuickStartFile[] {
  const start = readme.indexOf(`\n${QUICK_START_HEADING}\n`)
  if (start === -1) throw new Error(`README.md has no "${QUICK_START_HEADING}" heading`)
  const rest = readme.slice(start + QUICK_START_HEADING.length + 2)
  const next = rest.search(/^## /m)
  const section = next === -1 ? rest : rest.slice(0, next)
  const files: QuickStartFile[] = []
  for (const [, body = ''] of section.matchAll(FENCE)) {
    const path = PATH_LINE.exec(body)
    if (path?.[1]) files.push({ path: path[1], content: body.slice(path[0].length) })
  }
  return files
}

/** What the README tells a person trying the quick start on the mock to pass besides the two values. */
export const MOCK_KEY_PROP = 'dangerouslyOverrideSignerPublicKey={import.meta.env.AUTH_PROXY_MOCK_ENCLAVE_KEY}'

/**
 * The quick start's App with the values the README gives for the mock (`proxyUrl="/auth-proxy"`,
 * `configId="demo"`) in place of the placeholders, and the mock's enclave key passed after them, as a
 * person trying it on the mock does. Throws when a placeholder is not there: the README changed, and
 * this harness with it.
 */
export function onTheMock(app: string, placeholders: { proxyUrl: string; configId: string }): string {
  let result = app
  for (const [prop, value, mockValue] of [
    ['proxyUrl', placeholders.proxyUrl, '/auth-proxy'],
    ['configId', placeholders.configId, 'demo'],
  ] as const) {
    const attribute = `${prop}="${value}"`
    if (!result.includes(attribute)) throw new Error(`the quick start's App has no ${attribute}`)
    result = result.replace(attribute, `${prop}="${mockValue}"`)
  }
  return result.replace('configId="demo"', `configId="demo" ${MOCK_KEY_PROP}`)
}

/** The plugin call of the README's vite.config. */
const PLUGIN_CALL = "mockAuthProxyPlugin({ path: '/auth-proxy' })"

/**
 * The README's vite.config for a build served on the mock by `vite preview` (an end-to-end test): the
 * plugin puts the mock's key in the build (`enclaveKeyInBuild: true`), as the README says to do there only.
 */
export function forPreview(viteConfig: string): string {
  if (!viteConfig.includes(PLUGIN_CALL)) throw new Error(`the quick start's vite.config has no ${PLUGIN_CALL}`)
  return viteConfig.replace(PLUGIN_CALL, "mockAuthProxyPlugin({ path: '/auth-proxy', enclaveKeyInBuild: true })")
}
