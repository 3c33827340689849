import { KitError } from '../errors'

/** The KitError `promise` rejects with; anything else (a resolve, another error) fails the test. */
export async function failure(promise: Promise<unknown>): Promise<KitError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  if (!(error instanceof KitError)) throw new Error(`expected a KitError, got ${String(error)}`)
  return error
}
