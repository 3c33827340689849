'use client'
import { chunks } from '../../chunks'
import { useLabels } from '../labels/LabelsContext'
import { Progress } from '../ui/Progress'
import { RetryableError } from '../ui/RetryableError'
import { useLoadedModule } from '../ui/useLoadedModule'
import type { AccountViewProps } from './AccountView'

/**
 * "Your account" once its code is here: a chunk of its own, so that opening the sign-in dialog does not
 * fetch the view of a person who is not signed in yet. It is prefetched while a sign-in is under way
 * (the code step, the passkey and OAuth waits) and, for a signed-in visitor, by the button; progress
 * while it loads, and a retry if the download failed.
 */
export function LazyAccountView(props: AccountViewProps) {
  const labels = useLabels()
  const { module, error, retry } = useLoadedModule(chunks.accountView)
  if (error) return <RetryableError error={error} onRetry={retry} />
  if (!module) return <Progress label={labels.loading} />
  return <module.AccountView {...props} />
}
