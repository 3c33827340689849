import type { KitError } from '../../react'
import { errorMessage } from '../labels/errorMessage'
import { formatLabel } from '../labels/formatLabel'
import type { LoginLabels } from '../../appearance/LoginLabels'

/**
 * Why a sign-in with a provider failed, naming it ("Google sign-in was cancelled."): shown beside its
 * button, among others, it must say which one. Failures other than the person's own (a closed or blocked
 * window, a cancel) add the kit's message for the error ("Google sign-in failed. The link is not valid here.").
 */
export function providerFailureMessage(labels: LoginLabels, error: KitError, provider: string): string {
  switch (error.code) {
    case 'OAUTH_CANCELLED':
      return formatLabel(labels.providerCancelled, { provider })
    case 'OAUTH_POPUP_CLOSED':
      return formatLabel(labels.providerPopupClosed, { provider })
    case 'OAUTH_POPUP_BLOCKED':
      return formatLabel(labels.providerPopupBlocked, { provider })
    default:
      return formatLabel(labels.providerFailed, { provider, message: errorMessage(labels, error) })
  }
}
