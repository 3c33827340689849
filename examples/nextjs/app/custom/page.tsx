import { EmailCodeForm } from './EmailCodeForm'

// A Server Component page around a client form: only the form ships its code to the browser.
export default function CustomPage() {
  return (
    <>
      <h1>Your own form</h1>
      <p>The same email sign-in, through the kit&apos;s useEmailOtp hook and this app&apos;s own inputs.</p>
      <EmailCodeForm />
    </>
  )
}
