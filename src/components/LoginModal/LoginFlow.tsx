import { useState } from 'react'
import { useEmailOtp, useLoginMethods, useSession, useWalletKitConfig } from '../../react'
import { useLabels } from '../labels/LabelsContext'
import { CodeStep } from './CodeStep'
import { ConfigError } from './ConfigError'
import { EmailStep } from './EmailStep'
import { IMPLEMENTED_METHODS } from './implementedMethods'
import { Progress } from './Progress'
import { SignedInStep } from './SignedInStep'

/** Picks the step to show from the session, the tenant's config and the email flow's state. */
export function LoginFlow({ onDone }: { onDone(): void }) {
  const labels = useLabels()
  const { status, session } = useSession()
  const config = useWalletKitConfig()
  const methods = useLoginMethods()
  const emailOtp = useEmailOtp()
  // Kept here, not in the email step, so that "Use a different email" comes back with it to correct.
  const [email, setEmail] = useState(() => emailOtp.challenge?.email ?? '')

  if (status === 'loading') return <Progress label={labels.loading} />
  if (status === 'signedIn' && session) return <SignedInStep session={session} onDone={onDone} />
  // A code already on its way needs nothing from the config (the challenge knows its format).
  if (emailOtp.step === 'code' && emailOtp.challenge) {
    return <CodeStep key={emailOtp.challenge.otpId} emailOtp={emailOtp} challenge={emailOtp.challenge} />
  }
  if (!methods) {
    return config.isError && !config.isFetching ? (
      <ConfigError error={config.error} onRetry={() => void config.refetch()} />
    ) : (
      <Progress label={labels.loadingConfig} />
    )
  }
  const usable = methods.filter((method) => IMPLEMENTED_METHODS.has(method))
  if (usable.length === 0) return <p className="apk-text">{labels.noMethods}</p>
  return (
    <div className="apk-methods">
      {usable.map((method) =>
        method === 'email' ? <EmailStep key={method} emailOtp={emailOtp} email={email} onEmailChange={setEmail} /> : null,
      )}
    </div>
  )
}
