import { KitError } from '../core/errors'

/** Core throws KitError only; anything else (a bug, a rejected promise from an injected fetch) is wrapped
 * so that the UI always has a `code` and a `userMessage` to show. */
export function asKitError(error: unknown): KitError {
  if (error instanceof KitError) return error
  const message = error instanceof Error ? error.message : String(error)
  return new KitError('PROXY_ERROR', `Unexpected error: ${message}`, { cause: error })
}
