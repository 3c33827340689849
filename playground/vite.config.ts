import { resolve } from 'node:path'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { DEMO_TENANT } from '../src/mock/tenants'
import type { MockTenant } from '../src/mock/types'
import { mockAuthProxyPlugin } from '../src/mock/vite'
import { localChainProxy } from './localChainProxy'

const root = resolve(import.meta.dirname, '..')

// What the codes say is the tenant's configuration (the proxy's dashboard in production), so the
// playground's look of its messages is set here, on the mock's demo tenant; the dev inbox shows it applied.
const PLAYGROUND_TENANT: MockTenant = {
  ...DEMO_TENANT,
  appName: 'auth-proxy-kit playground',
  emailSenderName: 'Playground',
  smsTemplate: '{{.OtpCode}} is your {{.AppName}} code.',
}

// The demo tenant enables Google and Apple; this one every provider, so that each kind of OAuth sign-in
// (Facebook's token endpoint, X and Discord through oauth2_authenticate) can be tried and tested here
// without changing what the demo, its stories and its tests show. Chosen in the page (Tenant), or with
// ?config=every-provider (playground/src/mockProxy.ts names both).
const EVERY_PROVIDER_TENANT: MockTenant = {
  ...PLAYGROUND_TENANT,
  configId: 'every-provider',
  organizationId: '0f7e2d9c-3b4a-4e5f-8a1b-6c2d9e0f4a37',
  enabledProviders: ['email', 'sms', 'passkey', 'google', 'apple', 'x', 'discord', 'facebook'],
}

// A tenant that checks for bots, as production's does with a Turnstile site key: the modal shows the mock's
// test widget (playground/src/App.tsx points captchaScriptUrl at it) and the mock refuses a code asked for
// without its token. Chosen in the page (Tenant), or with ?config=captcha.
const CAPTCHA_TENANT: MockTenant = {
  ...PLAYGROUND_TENANT,
  configId: 'captcha',
  organizationId: '5b1c8e2a-7d4f-4a6b-9e3c-2f8a1d6b0c94',
  turnstileSiteKey: 'playground-site-key',
}

// The playground is a host app like any other: it imports the kit by its package name (aliased to
// the source here, so edits show at once) and talks to the mock proxy mounted in this dev server.
export default defineConfig({
  root: import.meta.dirname,
  plugins: [
    react(),
    // A local node (anvil, Hardhat, ganache on 127.0.0.1:8545) at the page's own origin, for Send ETH.
    localChainProxy(),
    mockAuthProxyPlugin({
      path: '/auth-proxy',
      strictFields: true,
      // The playground only ever runs on this mock, built (the e2e's CSP build) or served: its kit trusts
      // the mock's enclave key in both (import.meta.env.AUTH_PROXY_MOCK_ENCLAVE_KEY).
      enclaveKeyInBuild: true,
      tenants: [PLAYGROUND_TENANT, EVERY_PROVIDER_TENANT, CAPTCHA_TENANT],
    }),
  ],
  resolve: {
    alias: [
      { find: 'auth-proxy-kit/styles.css', replacement: resolve(root, 'src/components/styles.css') },
      { find: 'auth-proxy-kit/core', replacement: resolve(root, 'src/core/index.ts') },
      { find: 'auth-proxy-kit/mock', replacement: resolve(root, 'src/mock/index.ts') },
      { find: 'auth-proxy-kit/viem', replacement: resolve(root, 'src/viem/index.ts') },
      { find: /^auth-proxy-kit$/, replacement: resolve(root, 'src/index.ts') },
    ],
  },
  server: { port: 5173 },
  build: {
    outDir: resolve(root, 'playground-dist'),
    emptyOutDir: true,
    // The pages: the playground, the kit's modal inside another library's dialog (nested.html), and the
    // kit's LoginButton under a host's own classes (host-styles.html).
    rollupOptions: {
      input: {
        main: resolve(import.meta.dirname, 'index.html'),
        nested: resolve(import.meta.dirname, 'nested.html'),
        hostStyles: resolve(import.meta.dirname, 'host-styles.html'),
      },
    },
  },
})
