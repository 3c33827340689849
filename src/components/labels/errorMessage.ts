import type { KitError } from '../../react'
import type { LoginLabels } from '../../appearance/LoginLabels'
import { formatLabel } from './formatLabel'
import { pluralLabel } from './pluralLabel'

/**
 * The app's or the locale's wording for this error if it gave one, else the kit's user message. The
 * kit's (English) message already counts the tries left of a wrong code; a wording of its own is told
 * the count in its own language (`attemptsLeft`).
 */
export function errorMessage(labels: LoginLabels, error: KitError): string {
  const own = labels.errors[error.code]
  if (own === undefined) return error.userMessage
  const left = error.attemptsLeft
  if (left === undefined) return own
  return `${own} ${formatLabel(pluralLabel(labels.attemptsLeft, labels.locale, left), { count: left })}`
}
