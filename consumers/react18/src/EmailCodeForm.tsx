import { useState, type FormEvent } from 'react'
import { useEmailOtp, useSession } from 'auth-proxy-kit'

/** A host's own email sign-in, driven by the kit's hook: the address, then the code. */
export function EmailCodeForm() {
  const { status } = useSession()
  const otp = useEmailOtp()
  const [email, setEmail] = useState('')
  const [code, setCode] = useState('')
  if (status === 'signedIn') return null

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (otp.step === 'email') otp.start(email)
    else otp.verify(code)
  }

  return (
    <form aria-label="Sign in with your email" onSubmit={submit}>
      {otp.step === 'email' ? (
        <label>
          Your email
          <input type="email" value={email} onChange={(event) => setEmail(event.target.value)} />
        </label>
      ) : (
        <>
          <p>Code sent to {otp.challenge?.contact}</p>
          <label>
            Your code
            <input value={code} onChange={(event) => setCode(event.target.value)} autoComplete="one-time-code" />
          </label>
        </>
      )}
      <button type="submit" disabled={otp.isSending || otp.isVerifying}>
        {otp.step === 'email' ? 'Email me a code' : 'Sign in'}
      </button>
      {otp.error && <p role="alert">{otp.error.message}</p>}
    </form>
  )
}
