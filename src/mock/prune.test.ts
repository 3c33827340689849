import { describe, expect, it } from 'vitest'
import { EXPIRED_RECORD_GRACE_MS, OUTBOX_MAX_AGE_MS, OUTBOX_MAX_MESSAGES } from './limits'
import { pruneState } from './prune'
import { STAMP_MAX_AGE_MS } from './publicApi/readEnvelope'
import { createState } from './state'
import { resolveTenants } from './tenants'
import { START, call, ok, sendCode, setup, signUp, signedLogin, verifyEmail } from './testing/harness'
import type { MockOtp, MockState, OutboxMessage, ResolvedMockTenant } from './types'

const MINUTE = 60_000
const iso = (ms: number) => new Date(ms).toISOString()

function tenantsWithWindow(windowSeconds: number): ResolvedMockTenant[] {
  return resolveTenants([
    { configId: 'demo', organizationId: 'org', otpRateLimits: { perContact: { max: 5, windowSeconds } } },
  ])
}

function addOtp(state: MockState, otpId: string, createdAt: number, lifetimeMs: number): void {
  const otp: MockOtp = {
    otpId,
    configId: 'demo',
    otpType: 'OTP_TYPE_EMAIL',
    contact: 'ada@example.com',
    code: 'ABC123',
    alphanumeric: true,
    failedAttempts: 0,
    status: 'pending',
    createdAt: iso(createdAt),
    expiresAt: iso(createdAt + lifetimeMs),
  }
  state.otps[otpId] = otp
}

function message(otpId: string, createdAt: number): OutboxMessage {
  return {
    otpId,
    otpType: 'OTP_TYPE_EMAIL',
    contact: 'ada@example.com',
    code: 'ABC123',
    appName: 'Demo',
    createdAt: iso(createdAt),
    expiresAt: iso(createdAt + 5 * MINUTE),
  }
}

describe('pruneState', () => {
  it('keeps an expired OTP through the grace, then drops it once no rate window counts it', () => {
    const state = createState()
    addOtp(state, 'short-window', START, 5 * MINUTE)
    const tenants = tenantsWithWindow(600)
    pruneState(state, tenants, START + 5 * MINUTE + EXPIRED_RECORD_GRACE_MS - 1)
    expect(Object.keys(state.otps)).toEqual(['short-window'])
    pruneState(state, tenants, START + 5 * MINUTE + EXPIRED_RECORD_GRACE_MS)
    expect(Object.keys(state.otps)).toEqual([])
  })

  it("keeps an expired OTP as long as the tenant's longest rate window counts it: it is the limit's history", () => {
    const state = createState()
    addOtp(state, 'hour-window', START, 5 * MINUTE)
    const tenants = tenantsWithWindow(3600)
    pruneState(state, tenants, START + 60 * MINUTE - 1)
    expect(Object.keys(state.otps)).toEqual(['hour-window'])
    pruneState(state, tenants, START + 60 * MINUTE)
    expect(Object.keys(state.otps)).toEqual([])
  })

  it('drops verification tokens, OAuth codes and OIDC tokens past their expiry and the grace', () => {
    const state = createState()
    const expiresAt = iso(START)
    state.verificationTokens['t'] = {
      tokenId: 't',
      configId: 'demo',
      contact: 'ada@example.com',
      verificationType: 'OTP_TYPE_EMAIL',
      publicKey: '02',
      expiresAt,
      usedFor: ['USAGE_TYPE_LOGIN'],
    }
    state.oauthCodes['c'] = {
      code: 'c',
      provider: 'x',
      clientId: 'x-client',
      redirectUri: 'http://app.test/cb',
      codeChallenge: 'ch',
      nonce: 'n',
      scope: 'openid',
      sub: 's',
      issuedAt: iso(START - MINUTE),
      expiresAt,
    }
    state.oidcTokens['o'] = {
      tokenId: 'o',
      configId: 'demo',
      provider: 'x',
      issuer: 'i',
      subject: 's',
      clientId: 'x-client',
      issuedAt: iso(START - MINUTE),
      expiresAt,
    }
    const tenants = tenantsWithWindow(600)
    pruneState(state, tenants, START + EXPIRED_RECORD_GRACE_MS - 1)
    expect([
      Object.keys(state.verificationTokens),
      Object.keys(state.oauthCodes),
      Object.keys(state.oidcTokens),
    ]).toEqual([['t'], ['c'], ['o']])
    pruneState(state, tenants, START + EXPIRED_RECORD_GRACE_MS)
    expect([
      Object.keys(state.verificationTokens),
      Object.keys(state.oauthCodes),
      Object.keys(state.oidcTokens),
    ]).toEqual([[], [], []])
  })

  it('drops sessions past their expiry and the grace, activities past the timestamp window and the grace, and query stamps once forgotten', () => {
    const state = createState()
    state.sessions['s'] = {
      sessionId: 's',
      configId: 'demo',
      userId: 'u',
      organizationId: 'o',
      publicKey: '02',
      sessionType: 'SESSION_TYPE_READ_WRITE',
      createdAt: iso(START - 15 * MINUTE),
      expiresAt: iso(START),
    }
    state.activities['a'] = {
      activityId: 'a',
      type: 'ACTIVITY_TYPE_SIGN_RAW_PAYLOADS',
      organizationId: 'o',
      userId: 'u',
      stampedWith: 'SESSION',
      fingerprint: 'f',
      createdAt: iso(START - STAMP_MAX_AGE_MS),
    }
    state.queryStamps['q'] = { seenAt: iso(START - MINUTE), forgetAt: iso(START) }
    const tenants = tenantsWithWindow(600)
    const kept = () => [Object.keys(state.sessions), Object.keys(state.activities), Object.keys(state.queryStamps)]
    pruneState(state, tenants, START + EXPIRED_RECORD_GRACE_MS - 1)
    expect(kept()).toEqual([['s'], ['a'], ['q']])
    pruneState(state, tenants, START + EXPIRED_RECORD_GRACE_MS)
    expect(kept()).toEqual([[], [], []])
  })

  it(`keeps the newest ${OUTBOX_MAX_MESSAGES} outbox messages, none older than an hour`, () => {
    const state = createState()
    for (let index = 0; index < OUTBOX_MAX_MESSAGES + 5; index += 1)
      state.outbox.push(message(`m${index}`, START + index))
    pruneState(state, tenantsWithWindow(600), START + OUTBOX_MAX_MESSAGES + 5)
    expect(state.outbox).toHaveLength(OUTBOX_MAX_MESSAGES)
    expect(state.outbox[0]?.otpId).toBe('m5')

    const aged = createState()
    aged.outbox.push(message('old', START), message('new', START + 30 * MINUTE))
    pruneState(aged, tenantsWithWindow(600), START + OUTBOX_MAX_AGE_MS)
    expect(aged.outbox.map((item) => item.otpId)).toEqual(['new'])
  })
})

describe('pruning in the running mock', () => {
  it('forgets codes and outbox messages of long ago after a later request, keeping recent ones', async () => {
    const { proxy, clock } = setup()
    const old = await sendCode(proxy, 'ada@example.com')
    clock.advance(2 * 60 * MINUTE)
    const recent = await sendCode(proxy, 'bob@example.com')
    expect(Object.keys(proxy.state.otps)).toEqual([recent.otpId])
    expect(proxy.outbox().map((item) => item.otpId)).toEqual([recent.otpId])
    expect(old.otpId).not.toBe(recent.otpId)
  })

  it('holds replay protection of a used verification token until its expiry and after', async () => {
    const { proxy, clock } = setup()
    await signUp(proxy, 'ada@example.com')
    const verified = await verifyEmail(proxy, 'ada@example.com')
    const login = await signedLogin(verified, verified.key.publicKey)
    await ok(call(proxy, 'otp_login', login))

    clock.advance(10 * MINUTE - 1)
    await ok(call(proxy, 'wallet_kit_config'))
    const replay = await call(proxy, 'otp_login', login)
    expect(replay.body).toMatchObject({ code: 16, message: expect.stringMatching(/already used/) })

    for (const later of [1, EXPIRED_RECORD_GRACE_MS]) {
      clock.advance(later)
      await ok(call(proxy, 'wallet_kit_config'))
      const afterExpiry = await call(proxy, 'otp_login', login)
      expect(afterExpiry.body).toMatchObject({ code: 16, message: 'verificationToken: expired; verify a new code' })
    }
    expect(proxy.state.verificationTokens[verified.tokenId]).toBeUndefined()
  })

  it('never prunes on a refused request: it changes nothing', async () => {
    const { proxy, clock } = setup()
    await sendCode(proxy, 'ada@example.com')
    clock.advance(2 * 60 * MINUTE)
    const refused = await call(proxy, 'otp_init', { otpType: 'OTP_TYPE_EMAIL' })
    expect(refused.status).toBe(400)
    expect(proxy.outbox()).toHaveLength(1)
  })
})
