import type { KitError } from '../../react'
import type { LoginLabels } from '../locales/LoginLabels'

/** The app's wording for this error if it gave one, else the kit's user message. */
export function errorMessage(labels: LoginLabels, error: KitError): string {
  return labels.errors[error.code] ?? error.userMessage
}
