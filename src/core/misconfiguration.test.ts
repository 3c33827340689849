import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest'
import { requireMockPeers, type MockPeer } from '../mock/requireMockPeers'
import { createAuthProxyClient } from './client'
import { createKit } from './createKit'
import { diagnoseNoAnswer } from './misconfiguration'
import { startOAuth } from './oauth/oauthActions'
import { toPasskeyError } from './passkey/passkeyError'
import { fakeFetch, json } from './test/fakeFetch'
import { testKitOptions } from './test/testKitOptions'
import type { WalletKitConfigResponse } from './types'
import { failure } from './test/failure'

// Each cause a developer can fix gets one console.error per page while they develop, naming the fix;
// a production build says nothing (the host's bundler makes process.env.NODE_ENV 'production').

const PAGE = 'http://localhost:5173'
const PROXY = 'https://auth.example.com'

let consoleError: MockInstance<typeof console.error>
beforeEach(() => {
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined)
})
afterEach(() => {
  vi.unstubAllGlobals()
  vi.unstubAllEnvs()
})

function onPage(href: string): void {
  const url = new URL(href)
  vi.stubGlobal('location', { href: url.href, origin: url.origin, hostname: url.hostname })
}

const CONFIG: WalletKitConfigResponse = {
  enabledProviders: ['email', 'google', 'x'],
  sessionExpirationSeconds: '900',
  organizationId: 'org-parent',
  oauthClientIds: { google: 'google-client' },
  otpAlphanumeric: true,
  otpLength: '6',
}

/** A browser's fetch against a proxy that leaves this origin out of its preflight: CORS fails, no-cors is answered. */
function corsRefusingFetch(): { fetch: typeof fetch; modes: (RequestMode | undefined)[] } {
  const modes: (RequestMode | undefined)[] = []
  const fetchImpl = (_input: RequestInfo | URL, init?: RequestInit) => {
    modes.push(init?.mode)
    return init?.mode === 'no-cors'
      ? Promise.resolve(new Response(null))
      : Promise.reject(new TypeError('Failed to fetch'))
  }
  return { fetch: fetchImpl as typeof fetch, modes }
}

/** The page's fetch in each test (the CORS cause's); what it was asked is kept. */
let browser = corsRefusingFetch()
beforeEach(() => {
  browser = corsRefusingFetch()
})

/** Each cause, made to happen once; the message it must print. */
const CAUSES: [string, () => Promise<unknown>, string][] = [
  [
    'a config id the proxy does not know',
    () => {
      const fake = fakeFetch({ wallet_kit_config: json({ code: 5, message: 'no tenant with config id "typo"' }, 404) })
      return failure(createAuthProxyClient({ proxyUrl: PROXY, configId: 'typo', fetch: fake.fetch }).walletKitConfig())
    },
    `auth-proxy-kit: the proxy at ${PROXY} knows no config id "typo", so no sign-in can work. Set configId="typo" on <AuthProxyProvider> (or createKit) to the id of your config in the proxy's dashboard.`,
  ],
  [
    "an origin the proxy's preflight leaves out (the browser's TypeError)",
    async () => {
      onPage(`${PAGE}/login`)
      const client = createAuthProxyClient({ proxyUrl: PROXY, configId: 'demo', fetch: browser.fetch })
      expect((await failure(client.walletKitConfig())).code).toBe('PROXY_UNAVAILABLE')
    },
    `auth-proxy-kit: the proxy at ${PROXY} does not allow this page's origin for config "demo" (it answers, but without Access-Control-Allow-Origin for this page, which the browser reports as "Failed to fetch"). Add ${PAGE} to the allowed origins of config "demo" in the proxy's dashboard.`,
  ],
  [
    'an origin the proxy refuses in an answer the page can read (PERMISSION_DENIED)',
    () => {
      onPage(`${PAGE}/`)
      const message = `Origin: ${PAGE} is not allowed for config id "demo" (allowed: https://app.example)`
      const fake = fakeFetch({ wallet_kit_config: json({ code: 7, message }, 403) })
      return failure(createAuthProxyClient({ proxyUrl: PROXY, configId: 'demo', fetch: fake.fetch }).walletKitConfig())
    },
    `auth-proxy-kit: the proxy at ${PROXY} does not allow this page's origin for config "demo" (it answered: Origin: ${PAGE} is not allowed for config id "demo" (allowed: https://app.example)). Add ${PAGE} to the allowed origins of config "demo" in the proxy's dashboard.`,
  ],
  [
    'an OAuth provider the tenant does not enable',
    () => {
      const kit = createKit(testKitOptions(fakeFetch({ wallet_kit_config: json(CONFIG) }).fetch, Date.now))
      return failure(startOAuth(kit, { provider: 'apple', mode: 'popup' }))
    },
    `auth-proxy-kit: apple sign-in is not enabled for config "demo", so its button cannot sign anyone in. Enable apple for config "demo" in the proxy's dashboard, or do not offer it (methods, loginWithOAuth('apple')).`,
  ],
  [
    'an OAuth provider enabled without its client id',
    () => {
      const kit = createKit(testKitOptions(fakeFetch({ wallet_kit_config: json(CONFIG) }).fetch, Date.now))
      return failure(startOAuth(kit, { provider: 'x', mode: 'popup' }))
    },
    `auth-proxy-kit: x sign-in is enabled for config "demo" but has no client id (wallet_kit_config oauthClientIds.x). Set the x client id of config "demo" in the proxy's dashboard.`,
  ],
  [
    'passkeys on an IP address',
    async () => {
      onPage('http://127.0.0.1:5173/login')
      // @simplewebauthn/browser refuses an IP address as the relying party before asking the browser.
      const invalidDomain = Object.assign(new Error('127.0.0.1 is an invalid domain'), {
        name: 'SecurityError',
        code: 'ERROR_INVALID_DOMAIN',
      })
      return toPasskeyError(invalidDomain, 'loginWithPasskey')
    },
    'auth-proxy-kit: passkeys cannot work on http://127.0.0.1:5173: WebAuthn needs a host name as its relying party ID, and an IP address is not one. Open the app at http://localhost:5173 instead of http://127.0.0.1:5173 (localhost is a host name).',
  ],
  [
    "the mock's peers missing, in a page",
    async () => {
      vi.stubGlobal('window', {})
      const missing = (peer: MockPeer) => () =>
        peer === 'micro-eth-signer'
          ? Promise.reject(Object.assign(new Error(`Cannot find package '${peer}'`), { code: 'ERR_MODULE_NOT_FOUND' }))
          : Promise.resolve({})
      const loaders = Object.fromEntries(
        (['@simplewebauthn/server', '@scure/bip32', '@scure/bip39', '@noble/curves', 'micro-eth-signer'] as const).map(
          (peer) => [peer, missing(peer)],
        ),
      ) as Record<MockPeer, () => Promise<unknown>>
      await expect(requireMockPeers('auth-proxy-kit/mock', loaders)).rejects.toThrow('micro-eth-signer')
    },
    "auth-proxy-kit: auth-proxy-kit/mock needs micro-eth-signer, which is not installed. The mock's packages are optional peers of auth-proxy-kit (a browser host does not need them); install them beside it:\n  npm install -D @simplewebauthn/server @scure/bip32 @scure/bip39 @noble/curves micro-eth-signer",
  ],
]

describe('while developing, a set-up mistake', () => {
  it.each(CAUSES)('%s: one console.error naming the fix, once per page', async (_cause, happen, message) => {
    await happen()
    await happen()
    // The CORS probe runs beside the failure, as the kit's retries do: its message comes after.
    await expect.poll(() => consoleError.mock.calls).toEqual([[message]])
  })
})

describe('in a production build', () => {
  it.each(CAUSES)('%s: nothing in the console', async (_cause, happen) => {
    vi.stubEnv('NODE_ENV', 'production')
    await happen()
    expect(consoleError).not.toHaveBeenCalled()
    // Nor is the proxy asked anything more to find out why.
    expect(browser.modes).not.toContain('no-cors')
  })
})

describe('diagnoseNoAnswer: a CORS refusal told from a proxy out of reach', () => {
  it('says nothing when the proxy does not answer without CORS either (down, a wrong host, no network)', async () => {
    onPage(`${PAGE}/`)
    const fetchImpl = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')))
    await diagnoseNoAnswer(fetchImpl, `${PROXY}/v1/wallet_kit_config`, PROXY, 'demo')
    expect(fetchImpl).toHaveBeenCalledWith(`${PROXY}/v1/wallet_kit_config`, { method: 'POST', mode: 'no-cors' })
    expect(consoleError).not.toHaveBeenCalled()
  })

  it('asks nothing of a same-origin proxy (no CORS there) nor outside a page', async () => {
    const fetchImpl = vi.fn(() => Promise.resolve(new Response(null)))
    await diagnoseNoAnswer(fetchImpl, `${PROXY}/v1/wallet_kit_config`, PROXY, 'demo')
    onPage(`${PAGE}/`)
    await diagnoseNoAnswer(fetchImpl, `${PAGE}/auth-proxy/v1/wallet_kit_config`, `${PAGE}/auth-proxy`, 'demo')
    expect(fetchImpl).not.toHaveBeenCalled()
    expect(consoleError).not.toHaveBeenCalled()
  })

  it('probes once per proxy and page, whatever fails after', async () => {
    onPage(`${PAGE}/`)
    const { fetch: fetchImpl, modes } = corsRefusingFetch()
    const client = createAuthProxyClient({ proxyUrl: PROXY, configId: 'demo', fetch: fetchImpl })
    await failure(client.walletKitConfig())
    await expect.poll(() => consoleError.mock.calls.length).toBe(1)
    await failure(client.otpInit({ otpType: 'OTP_TYPE_EMAIL', contact: 'ada@example.com' }))
    await failure(client.walletKitConfig())
    expect(modes).toEqual([undefined, 'no-cors', undefined, undefined])
  })

  it('an offline browser sends nothing, the probe neither: OFFLINE says it already', async () => {
    onPage(`${PAGE}/`)
    vi.stubGlobal('navigator', { onLine: false })
    const { fetch: fetchImpl, modes } = corsRefusingFetch()
    const error = await failure(
      createAuthProxyClient({ proxyUrl: PROXY, configId: 'demo', fetch: fetchImpl }).walletKitConfig(),
    )
    expect(error.code).toBe('OFFLINE')
    expect(modes).toEqual([])
    expect(consoleError).not.toHaveBeenCalled()
  })
})
