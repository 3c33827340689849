import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { forPreview, onTheMock, quickStartFiles } from './quickStartFiles'

const README = readFileSync(resolve(import.meta.dirname, '../../README.md'), 'utf8')

describe('quickStartFiles', () => {
  it("takes the blocks that name their file from the README's quick start, without the path line", () => {
    const files = quickStartFiles(README)
    expect(files.map((file) => file.path)).toEqual(['src/App.tsx', 'vite.config.ts'])
    const app = files[0]?.content ?? ''
    expect(app.startsWith("import { QueryClient, QueryClientProvider } from '@tanstack/react-query'\n")).toBe(true)
    // The default Vite template's main.tsx imports App as the default export.
    expect(app).toContain('export default function App()')
    expect(files[1]?.content).toContain('mockAuthProxyPlugin(')
  })

  it('stops at the next heading, and skips blocks that name no file', () => {
    const readme = [
      '# kit',
      '## Quick start for a host app',
      '```sh',
      'npm install kit',
      '```',
      '```tsx',
      '// src/App.tsx',
      'export default function App() {}',
      '```',
      '## Later',
      '```ts',
      '// src/later.ts',
      'later()',
      '```',
      '',
    ].join('\n')
    expect(quickStartFiles(readme)).toEqual([{ path: 'src/App.tsx', content: 'export default function App() {}\n' }])
  })

  it('refuses a README without the heading', () => {
    expect(() => quickStartFiles('# kit\n')).toThrow('no "## Quick start for a host app" heading')
  })
})

describe('onTheMock', () => {
  const placeholders = { proxyUrl: 'https://your-auth-proxy.example', configId: 'your-config-id' }

  it("puts the mock's URL and config id in place of the placeholders, and passes the mock's key", () => {
    const app = '<AuthProxyProvider proxyUrl="https://your-auth-proxy.example" configId="your-config-id">'
    expect(onTheMock(app, placeholders)).toBe(
      '<AuthProxyProvider proxyUrl="/auth-proxy" configId="demo" dangerouslyOverrideSignerPublicKey={import.meta.env.AUTH_PROXY_MOCK_ENCLAVE_KEY}>',
    )
  })

  it('says the same as the README does about the key', () => {
    expect(README).toContain('`dangerouslyOverrideSignerPublicKey={import.meta.env.AUTH_PROXY_MOCK_ENCLAVE_KEY}`')
  })

  it('throws when the README no longer has a placeholder', () => {
    expect(() => onTheMock('<AuthProxyProvider proxyUrl={url} configId="your-config-id">', placeholders)).toThrow(
      'the quick start\'s App has no proxyUrl="https://your-auth-proxy.example"',
    )
  })
})

describe('forPreview', () => {
  it("puts the mock's key in a build of the README's vite.config, and nothing else", () => {
    const viteConfig = quickStartFiles(README)[1]?.content ?? ''
    const preview = forPreview(viteConfig)
    expect(preview).toContain("mockAuthProxyPlugin({ path: '/auth-proxy', enclaveKeyInBuild: true })")
    expect(preview.replace(', enclaveKeyInBuild: true', '')).toBe(viteConfig)
  })

  it('throws when the README no longer calls the plugin that way', () => {
    expect(() => forPreview('plugins: [mockAuthProxyPlugin()]')).toThrow(
      "has no mockAuthProxyPlugin({ path: '/auth-proxy' })",
    )
  })
})
