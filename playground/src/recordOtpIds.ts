/**
 * The fetch the playground gives the kit: the platform's, which also tells `onOtpId` of each code the
 * page asks for (the answer of otp_init_v2, or of the seed's otp_init), so that the page knows its own codes in the mock's shared outbox.
 * The kit's calls and answers are untouched: the answer is read from a copy.
 */
export function recordOtpIds(
  onOtpId: (otpId: string) => void,
  base: typeof fetch = (input, init) => globalThis.fetch(input, init),
): typeof fetch {
  return async (input, init) => {
    const response = await base(input, init)
    const url = input instanceof Request ? input.url : String(input)
    if (response.ok && /\/v1\/otp_init(_v2)?$/.test(new URL(url, 'http://localhost').pathname)) {
      response
        .clone()
        .json()
        .then(
          (body: unknown) => {
            const otpId = (body as { otpId?: unknown } | null)?.otpId
            if (typeof otpId === 'string') onOtpId(otpId)
          },
          // Not JSON: the kit reports it; nothing to record.
          () => undefined,
        )
    }
    return response
  }
}
