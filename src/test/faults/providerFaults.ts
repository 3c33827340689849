// Faults at an OAuth provider itself rather than at the proxy (issue 29, item 9): Facebook's token
// endpoint, which the browser calls to redeem its code, and the id_token Google and Apple hand back in
// the callback's fragment. The proxy's fault plan does not reach either: the world's fetch and the
// consent page's answer carry them (world.ts, oauthFlows.ts).
import { vi } from 'vitest'
import type { Condition } from './conditions'

/** A fault at the provider's token endpoint, for the next call to it (then it is healthy again). */
export type TokenEndpointFault =
  | { kind: 'refusal'; status: number; body: string }
  | { kind: 'page'; status: number; retryAfter?: string }
  | { kind: 'drop'; after: boolean }
  | { kind: 'truncate' }
  | { kind: 'contentType' }
  /** The provider redeems the code, and its answer never comes: `held` is told once it is held. */
  | { kind: 'late'; held(): void }

/** What the world's fetch and the consent page apply; each is taken by its first use. */
export interface ProviderFaults {
  tokenEndpoint?: TokenEndpointFault | undefined
  idToken?: ((idToken: string) => string) | undefined
}

/** Answers `request` from `send` with the fault applied. */
export async function faultTokenEndpoint(
  fault: TokenEndpointFault,
  request: Request,
  send: (request: Request) => Promise<Response>,
): Promise<Response> {
  switch (fault.kind) {
    case 'refusal':
      return new Response(fault.body, { status: fault.status, headers: { 'Content-Type': 'application/json' } })
    case 'page':
      return new Response('<html><body>Service unavailable</body></html>', {
        status: fault.status,
        headers: {
          'Content-Type': 'text/html',
          ...(fault.retryAfter === undefined ? {} : { 'Retry-After': fault.retryAfter }),
        },
      })
    case 'drop':
      // After: the provider redeemed the code (it cannot be redeemed again), and the answer was lost.
      if (fault.after) await send(request)
      throw new TypeError('fetch failed')
    case 'truncate': {
      const answer = await send(request)
      const text = await answer.text()
      return new Response(text.slice(0, Math.floor(text.length / 2)), {
        status: answer.status,
        headers: answer.headers,
      })
    }
    case 'late':
      await send(request)
      fault.held()
      // Never answered: the page's fetch gives up when the kit's deadline aborts it (world.ts asPage).
      return new Promise<Response>(() => undefined)
    case 'contentType': {
      const answer = await send(request)
      const headers = new Headers(answer.headers)
      headers.set('Content-Type', 'text/html')
      return new Response(await answer.arrayBuffer(), { status: answer.status, headers })
    }
  }
}

function base64url(text: string): string {
  return Buffer.from(text).toString('base64url')
}

/** The token with its claims changed (its signature no longer matches: the kit's own checks come first). */
function withClaims(idToken: string, change: Record<string, unknown>): string {
  const [header, payload, signature] = idToken.split('.')
  const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString('utf8')) as Record<string, unknown>
  return [header, base64url(JSON.stringify({ ...claims, ...change })), signature].join('.')
}

/** The token with its signature's last bytes changed: for the proxy to refuse (the kit cannot verify it). */
function withBrokenSignature(idToken: string): string {
  const [header, payload, signature = ''] = idToken.split('.')
  const bytes = Buffer.from(signature, 'base64url')
  bytes[bytes.length - 1] = (bytes[bytes.length - 1] ?? 0) ^ 0xff
  return [header, payload, bytes.toString('base64url')].join('.')
}

const FACEBOOK_REFUSAL = JSON.stringify({
  error: {
    message: 'This authorization code has been used.',
    type: 'OAuthException',
    code: 100,
    fbtrace_id: 'AfaultSuite',
  },
})

const atTokenEndpoint = (name: string, fault: TokenEndpointFault, expected: 'success' | string[]): Condition => ({
  name: `token endpoint ${name}`,
  expected: () => (expected === 'success' ? 'success' : { codes: expected }),
  setUp: () => ({
    world: {},
    start: (world) => void (world.provider.tokenEndpoint = fault),
    heal: (world) => void (world.provider.tokenEndpoint = undefined),
  }),
})

const inIdToken = (name: string, change: (idToken: string) => string, codes: string[]): Condition => ({
  name: `id_token ${name}`,
  expected: () => ({ codes }),
  setUp: () => ({
    world: {},
    start: (world) => void (world.provider.idToken = change),
    heal: (world) => void (world.provider.idToken = undefined),
  }),
})

/** How long the kit waits in the `late` run; on fake timers, moved on once the answer is held. */
const LATE_TIMEOUT_MS = 300

/**
 * No answer in time from the token endpoint. setTimeout is fake for the run (as in the proxy's `late`
 * runs, faultSuite.test.ts): the kit's deadline comes when the test moves the clock, once the provider
 * has redeemed the code and holds its answer, however slow the machine.
 */
const lateAtTokenEndpoint: Condition = {
  name: 'token endpoint late',
  expected: () => ({ codes: ['OAUTH_PROVIDER_ERROR'] }),
  setUp: () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const held = () =>
      void setImmediate(() => {
        if (vi.isFakeTimers()) vi.advanceTimersByTime(LATE_TIMEOUT_MS)
      })
    return {
      world: { timeoutMs: LATE_TIMEOUT_MS },
      start: (world) => void (world.provider.tokenEndpoint = { kind: 'late', held }),
      heal: (world) => void (world.provider.tokenEndpoint = undefined),
      restore: () => void vi.useRealTimers(),
    }
  },
}

/**
 * Facebook's token endpoint: whatever goes wrong there, the sign-in ends with OAUTH_PROVIDER_ERROR (the
 * provider's, not the proxy's: redeemCodeForIdToken) and starting again signs in. Each kind of fault once.
 */
export const TOKEN_ENDPOINT_FAULTS: readonly Condition[] = [
  atTokenEndpoint('refusal 400', { kind: 'refusal', status: 400, body: FACEBOOK_REFUSAL }, ['OAUTH_PROVIDER_ERROR']),
  atTokenEndpoint('page 502', { kind: 'page', status: 502 }, ['OAUTH_PROVIDER_ERROR']),
  atTokenEndpoint('page 429 retry 7', { kind: 'page', status: 429, retryAfter: '7' }, ['OAUTH_PROVIDER_ERROR']),
  atTokenEndpoint('drop before', { kind: 'drop', after: false }, ['OAUTH_PROVIDER_ERROR']),
  atTokenEndpoint('drop after', { kind: 'drop', after: true }, ['OAUTH_PROVIDER_ERROR']),
  atTokenEndpoint('truncate', { kind: 'truncate' }, ['OAUTH_PROVIDER_ERROR']),
  lateAtTokenEndpoint,
  atTokenEndpoint('contentType', { kind: 'contentType' }, 'success'),
]

/**
 * The id_token in Google's and Apple's answer: the kit refuses one that is not a JWT, not for this
 * sign-in's key (nonce) or for another app (aud) before sending it anywhere; the proxy refuses a forged
 * one (its signature).
 */
export const ID_TOKEN_FAULTS: readonly Condition[] = [
  inIdToken('not a JWT', () => 'not-a-jwt', ['OAUTH_PROVIDER_ERROR']),
  inIdToken('another sign-in’s nonce', (token) => withClaims(token, { nonce: 'f'.repeat(64) }), [
    'OAUTH_PROVIDER_ERROR',
  ]),
  inIdToken('another app’s audience', (token) => withClaims(token, { aud: 'another-client' }), [
    'OAUTH_PROVIDER_ERROR',
  ]),
  inIdToken('forged signature', withBrokenSignature, ['UNAUTHENTICATED', 'INVALID_REQUEST']),
]
