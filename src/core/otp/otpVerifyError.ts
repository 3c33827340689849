import { DEFAULT_USER_MESSAGES, isKitError, KitError, type KitErrorCode } from '../errors'

// otp_verify's gRPC codes mean specific things for a person typing a code (contract, "OTP errors").
const OTP_VERIFY_CODES: Readonly<Record<number, KitErrorCode>> = {
  3: 'OTP_CODE_INVALID', // wrong code, attempts left (the proxy's message says how many)
  8: 'OTP_ATTEMPTS_EXCEEDED', // the code is burnt (unless the answer says when to retry: a rate limit)
  9: 'OTP_EXPIRED', // expired or already used
  5: 'OTP_EXPIRED', // unknown otpId: from the person's point of view, the code is no longer valid
}

/** otp_verify's failure as the person typing the code needs it: which screen, and how many attempts are left. */
export function refineOtpVerifyError(error: unknown): unknown {
  if (!isKitError(error) || error.proxy === undefined) return error
  // A RESOURCE_EXHAUSTED that says when to try again (Retry-After, or a RetryInfo detail) is a rate
  // limit on the caller, not the code burnt by wrong guesses: waiting helps, a new code does not.
  if (error.proxy.code === 8 && error.retryAfterSeconds !== undefined) return error
  const code = OTP_VERIFY_CODES[error.proxy.code]
  if (code === undefined) return error
  const attemptsLeft = code === 'OTP_CODE_INVALID' ? attemptsLeftIn(error.proxy.message) : undefined
  return new KitError(code, error.message, {
    status: error.status,
    proxy: error.proxy,
    cause: error,
    attemptsLeft,
    userMessage: code === 'OTP_CODE_INVALID' ? attemptsLeftMessage(attemptsLeft) : undefined,
  })
}

/** The count in the proxy's "Invalid OTP code; 4 attempts left", if it gives one. */
function attemptsLeftIn(proxyMessage: string): number | undefined {
  const left = /\b(\d+) attempts? left\b/.exec(proxyMessage)?.[1]
  return left === undefined ? undefined : Number(left)
}

/** "That code is not right... 2 attempts left." when the proxy says how many; the plain text otherwise. */
function attemptsLeftMessage(left: number | undefined): string {
  const base = DEFAULT_USER_MESSAGES.OTP_CODE_INVALID
  if (left === undefined) return base
  return `${base} ${left} ${left === 1 ? 'attempt' : 'attempts'} left.`
}
