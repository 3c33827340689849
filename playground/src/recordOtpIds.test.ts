import { describe, expect, it, onTestFinished, vi } from 'vitest'
import { recordOtpIds } from './recordOtpIds'

function answering(status: number, body: string) {
  return vi.fn<typeof fetch>(
    async () => new Response(body, { status, headers: { 'Content-Type': 'application/json' } }),
  )
}

describe('the playground fetch that records the codes the page asks for', () => {
  it("records otp_init's otpId and gives the kit the answer unread", async () => {
    const onOtpId = vi.fn()
    const base = answering(200, '{"otpId":"otp-1"}')
    const fetch = recordOtpIds(onOtpId, base)
    const init = { method: 'POST', body: '{"otpType":"OTP_TYPE_EMAIL","contact":"ada@example.com"}' }
    const response = await fetch('http://127.0.0.1:5173/auth-proxy/v1/otp_init', init)
    expect(base).toHaveBeenCalledWith('http://127.0.0.1:5173/auth-proxy/v1/otp_init', init)
    expect(await response.json()).toEqual({ otpId: 'otp-1' })
    await expect.poll(() => onOtpId).toHaveBeenCalledWith('otp-1')
  })

  it("records it from a Request too, and from the current generation (otp_init_v2), the kit's default", async () => {
    const onOtpId = vi.fn()
    const fetch = recordOtpIds(onOtpId, answering(200, '{"otpId":"otp-2"}'))
    await fetch(new Request('http://localhost/auth-proxy/v1/otp_init', { method: 'POST' }))
    await expect.poll(() => onOtpId).toHaveBeenCalledWith('otp-2')
    const v2 = recordOtpIds(onOtpId, answering(200, '{"otpId":"otp-v2","otpEncryptionTargetBundle":"{}"}'))
    await v2(new Request('http://localhost/auth-proxy/v1/otp_init_v2', { method: 'POST' }))
    await expect.poll(() => onOtpId).toHaveBeenCalledWith('otp-v2')
  })

  it('records nothing from other endpoints, failures, or answers without an otpId', async () => {
    // Every answer read (a copy, as JSON): once each read has settled, what follows it has run.
    const reads: Promise<unknown>[] = []
    const json = Response.prototype.json
    vi.spyOn(Response.prototype, 'json').mockImplementation(function (this: Response) {
      const read = json.call(this)
      reads.push(read)
      return read
    })
    onTestFinished(() => {
      vi.restoreAllMocks()
    })
    const onOtpId = vi.fn()
    await recordOtpIds(onOtpId, answering(200, '{"otpId":"otp-3"}'))('http://localhost/auth-proxy/v1/otp_verify')
    await recordOtpIds(onOtpId, answering(200, '{"otpId":"otp-5"}'))('http://localhost/auth-proxy/v1/otp_verify_v2')
    await recordOtpIds(onOtpId, answering(429, '{"otpId":"otp-4"}'))('http://localhost/auth-proxy/v1/otp_init')
    await recordOtpIds(onOtpId, answering(200, '{"code":5}'))('http://localhost/auth-proxy/v1/otp_init')
    await recordOtpIds(onOtpId, answering(200, 'not json'))('http://localhost/auth-proxy/v1/otp_init')
    // Only otp_init's successful answers are read.
    expect(reads).toHaveLength(2)
    await Promise.allSettled(reads)
    expect(onOtpId).not.toHaveBeenCalled()
  })
})
