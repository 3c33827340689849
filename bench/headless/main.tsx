// Headless: the provider and the hooks, under the app's own form. No kit component is imported.
import { QueryClientProvider } from '@tanstack/react-query'
import { AuthProxyProvider, useEmailOtp, useSession } from 'auth-proxy-kit'
import { useState } from 'react'
import { createRoot } from 'react-dom/client'
import { HostData, proxyUrl, queryClient } from '../shared/host'

function SignInForm() {
  const { status } = useSession()
  const emailOtp = useEmailOtp()
  const [value, setValue] = useState('')
  if (status === 'signedIn') return <p>Signed in</p>
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault()
        if (emailOtp.step === 'email') emailOtp.start(value)
        else emailOtp.verify(value)
        setValue('')
      }}
    >
      <label>
        {emailOtp.step === 'email' ? 'Email address' : 'Verification code'}
        <input value={value} onChange={(event) => setValue(event.target.value)} />
      </label>
      <button type="submit" disabled={emailOtp.isSending || emailOtp.isVerifying}>
        {emailOtp.step === 'email' ? 'Log in' : 'Verify'}
      </button>
      {emailOtp.error ? <p role="alert">{emailOtp.error.userMessage}</p> : null}
    </form>
  )
}

function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <HostData />
      <AuthProxyProvider proxyUrl={proxyUrl} configId="demo">
        <SignInForm />
      </AuthProxyProvider>
    </QueryClientProvider>
  )
}

createRoot(document.getElementById('root') as HTMLElement).render(<App />)
