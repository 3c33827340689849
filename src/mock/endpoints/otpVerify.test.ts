import { describe, expect, it } from 'vitest'
import { createTestClientKey } from '../testing/clientKey'
import { call, ok, sendCode, setup as setupMock, snapshot, type Setup } from '../testing/harness'
import type { MockAuthProxyOptions } from '../types'

/** A wrong code of the right shape: the real code with its first character changed. */
function wrong(code: string): string {
  return (code[0] === 'A' ? 'B' : 'A') + code.slice(1)
}

/** These tests are about production's behaviour: strict, so that a member production drops fails here too. */
function setup(options: MockAuthProxyOptions = {}): Setup {
  return setupMock({ strictFields: true, ...options })
}

describe('otp_verify', () => {
  it('answers a verification token bound to the public key', async () => {
    const { proxy, clock } = setup()
    const key = await createTestClientKey()
    const { otpId, code } = await sendCode(proxy, 'ada@example.com')
    const { verificationToken } = await ok<{ verificationToken: string }>(
      call(proxy, 'otp_verify', { otpId, otpCode: code, publicKey: key.publicKey }),
    )
    const [, payload] = verificationToken.split('.')
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as Record<string, unknown>
    expect(claims).toMatchObject({
      id: expect.any(String),
      contact: 'ada@example.com',
      verification_type: 'OTP_TYPE_EMAIL',
      public_key: key.publicKey,
      exp: Math.floor(clock.now() / 1000) + 600,
    })
    expect(proxy.state.otps[otpId]?.status).toBe('used')
    expect(proxy.state.verificationTokens[claims['id'] as string]).toMatchObject({ usedFor: [], configId: 'demo' })
  })

  it('compares the code case-insensitively and accepts snake_case (the seed form)', async () => {
    const { proxy } = setup()
    const key = await createTestClientKey()
    const { otpId, code } = await sendCode(proxy, 'ada@example.com')
    await ok(call(proxy, 'otp_verify', { otp_id: otpId, otp_code: code.toLowerCase(), public_key: key.publicKey }))
  })

  it('answers each wrong code with 3, production\'s "Invalid OTP code" and the attempts left, then burns the OTP (8)', async () => {
    const { proxy } = setup()
    const key = await createTestClientKey()
    const { otpId, code } = await sendCode(proxy, 'ada@example.com')
    const attempt = (otpCode: string) => call(proxy, 'otp_verify', { otpId, otpCode, publicKey: key.publicKey })
    for (const left of [4, 3, 2]) {
      const answer = await attempt(wrong(code))
      expect(answer.status).toBe(400)
      expect(answer.body).toEqual({ code: 3, message: `Invalid OTP code; ${left} attempts left`, details: [] })
    }
    expect((await attempt(wrong(code))).body).toMatchObject({ code: 3, message: 'Invalid OTP code; 1 attempt left' })
    const fifth = await attempt(wrong(code))
    expect(fifth.status).toBe(429)
    expect(fifth.body).toEqual({ code: 8, message: 'otpCode: too many wrong codes; request a new code', details: [] })
    expect(proxy.state.otps[otpId]?.status).toBe('burnt')
    // Burnt means burnt: the right code no longer works either.
    const right = await attempt(code)
    expect(right.body).toMatchObject({ code: 8 })
    expect(Object.keys(proxy.state.verificationTokens)).toEqual([])
  })

  it('lets the right code through after fewer than five wrong ones', async () => {
    const { proxy } = setup()
    const key = await createTestClientKey()
    const { otpId, code } = await sendCode(proxy, 'ada@example.com')
    for (let index = 0; index < 4; index++) {
      await call(proxy, 'otp_verify', { otpId, otpCode: wrong(code), publicKey: key.publicKey })
    }
    await ok(call(proxy, 'otp_verify', { otpId, otpCode: code, publicKey: key.publicKey }))
  })

  it("refuses a code past the tenant's lifetime with 9 and changes nothing", async () => {
    const { proxy, clock } = setup({ tenants: [{ configId: 'demo', organizationId: 'org', otpExpirationSeconds: 60 }] })
    const key = await createTestClientKey()
    const { otpId, code } = await sendCode(proxy, 'ada@example.com')
    clock.advance(59_999)
    const before = snapshot(proxy)
    clock.advance(1)
    const answer = await call(proxy, 'otp_verify', { otpId, otpCode: code, publicKey: key.publicKey })
    expect(answer.status).toBe(400)
    expect(answer.body).toMatchObject({ code: 9, message: expect.stringMatching(/^otpId: this code expired at/) })
    expect(snapshot(proxy)).toBe(before)
  })

  it('accepts a code just before it expires', async () => {
    const { proxy, clock } = setup()
    const key = await createTestClientKey()
    const { otpId, code } = await sendCode(proxy, 'ada@example.com')
    clock.advance(299_999)
    await ok(call(proxy, 'otp_verify', { otpId, otpCode: code, publicKey: key.publicKey }))
  })

  it('refuses a code used twice with 9', async () => {
    const { proxy } = setup()
    const key = await createTestClientKey()
    const { otpId, code } = await sendCode(proxy, 'ada@example.com')
    await ok(call(proxy, 'otp_verify', { otpId, otpCode: code, publicKey: key.publicKey }))
    const before = snapshot(proxy)
    const again = await call(proxy, 'otp_verify', { otpId, otpCode: code, publicKey: key.publicKey })
    expect(again.status).toBe(400)
    expect(again.body).toEqual({
      code: 9,
      message: 'otpId: this code was already used; request a new code',
      details: [],
    })
    expect(snapshot(proxy)).toBe(before)
  })

  it('issues one token when the same code is verified twice at once', async () => {
    const { proxy } = setup()
    const key = await createTestClientKey()
    const { otpId, code } = await sendCode(proxy, 'ada@example.com')
    const body = { otpId, otpCode: code, publicKey: key.publicKey }
    const answers = await Promise.all([call(proxy, 'otp_verify', body), call(proxy, 'otp_verify', body)])
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400])
    expect(Object.keys(proxy.state.verificationTokens)).toHaveLength(1)
  })

  it('answers an unknown otpId with 5, and an OTP of another tenant likewise', async () => {
    const { proxy } = setup({
      tenants: [
        { configId: 'demo', organizationId: 'org-a' },
        { configId: 'other', organizationId: 'org-b' },
      ],
    })
    const key = await createTestClientKey()
    const { otpId, code } = await sendCode(proxy, 'ada@example.com')
    const before = snapshot(proxy)
    const unknown = await call(proxy, 'otp_verify', { otpId: 'nope', otpCode: code, publicKey: key.publicKey })
    expect(unknown.status).toBe(404)
    expect(unknown.body).toMatchObject({ code: 5, message: expect.stringMatching(/^otpId: no OTP "nope"/) })
    const foreign = await call(
      proxy,
      'otp_verify',
      { otpId, otpCode: code, publicKey: key.publicKey },
      { configId: 'other' },
    )
    expect(foreign.body).toMatchObject({ code: 5 })
    expect(snapshot(proxy)).toBe(before)
  })

  it.each<[Record<string, unknown>, string]>([
    [{ otpCode: 'ABC123' }, 'otpId: expected a string, got nothing'],
    [{ otpId: 'x' }, 'otpCode: expected a string, got nothing'],
    [{ otpId: 'x', otpCode: 123456 }, 'otpCode: expected a string, got a number'],
    [{ otpId: 'x', otpCode: '' }, 'otpCode: expected a non-empty string, got an empty string'],
    [{ otpId: 'x', otpCode: 'ABC123' }, 'publicKey: expected a string, got nothing'],
    [
      { otpId: 'x', otpCode: 'ABC123', publicKey: 'abcd' },
      'publicKey: expected a compressed P-256 public key as 66 hex characters, got 4 characters',
    ],
    [
      { otpId: 'x', otpCode: 'ABC123', publicKey: 'zz'.repeat(33) },
      'publicKey: expected a compressed P-256 public key as 66 hex characters, got 66 characters (not hex)',
    ],
    [
      // Right length, prefix 04 (uncompressed) is not a compressed point.
      { otpId: 'x', otpCode: 'ABC123', publicKey: `04${'11'.repeat(32)}` },
      'publicKey: expected a compressed P-256 public key as 66 hex characters; this one is not a point on the P-256 curve',
    ],
  ])('refuses %j with 3 naming the field, changing nothing', async (body, message) => {
    const { proxy } = setup()
    const { otpId } = await sendCode(proxy, 'ada@example.com')
    const before = snapshot(proxy)
    const answer = await call(proxy, 'otp_verify', { ...body, otpId: body['otpId'] === 'x' ? otpId : body['otpId'] })
    expect(answer.status).toBe(400)
    expect(answer.body).toEqual({ code: 3, message, details: [] })
    expect(snapshot(proxy)).toBe(before)
  })

  it('refuses an x coordinate with no point on the curve, and accepts one that has', async () => {
    const { proxy } = setup()
    const { otpId, code } = await sendCode(proxy, 'ada@example.com')
    // x = 1: x³ - 3x + b is not a square mod p, so no point has it; x = 5 is on the curve.
    const off = `02${'1'.padStart(64, '0')}`
    const answer = await call(proxy, 'otp_verify', { otpId, otpCode: code, publicKey: off })
    expect(answer.body).toMatchObject({ code: 3, message: expect.stringContaining('not a point on the P-256 curve') })
    const on = `02${'5'.padStart(64, '0')}`
    await ok(call(proxy, 'otp_verify', { otpId, otpCode: code, publicKey: on }))
  })
})
