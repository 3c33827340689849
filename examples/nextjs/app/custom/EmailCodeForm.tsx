'use client'
// Hooks run in Client Components only: this file carries 'use client', the page around it does not.
import { useEmailOtp, useSession } from 'auth-proxy-kit'
import { useState, type FormEvent } from 'react'

export function EmailCodeForm() {
  const { status } = useSession()
  const otp = useEmailOtp()
  const [email, setEmail] = useState('')
  const [code, setCode] = useState('')

  // 'loading' on the server and in the browser's first render, so both render this same form.
  if (status === 'signedIn') return <p>Signed in with your own form.</p>

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (otp.step === 'code') otp.verify(code)
    else otp.start(email)
  }
  return (
    <form onSubmit={onSubmit} aria-label="Sign in by email">
      {otp.step === 'code' ? (
        <>
          <label>
            Code sent to {otp.challenge?.contact}
            <input
              value={code}
              onChange={(event) => setCode(event.target.value)}
              autoComplete="one-time-code"
              required
            />
          </label>
          <button type="submit" disabled={!otp.canVerify}>
            {otp.isVerifying ? 'Checking…' : 'Verify'}
          </button>
          <button type="button" onClick={otp.reset}>
            Use another email
          </button>
        </>
      ) : (
        <>
          <label>
            Email
            <input
              type="email"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              autoComplete="email"
              required
            />
          </label>
          <button type="submit" disabled={otp.isSending}>
            {otp.isSending ? 'Sending…' : 'Send me a code'}
          </button>
        </>
      )}
      {otp.error && <p role="alert">{otp.error.message}</p>}
    </form>
  )
}
