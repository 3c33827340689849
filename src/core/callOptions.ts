import type { CallOptions } from './contracts'
import { KitError } from './errors'

/** A call's options for an optional signal: none at all without one. */
export function callOptions(signal: AbortSignal | undefined): CallOptions {
  return signal === undefined ? {} : { signal }
}

/** ABORTED, labelled, when the caller's signal has fired: checked before each step that costs something. */
export function throwIfAborted(signal: AbortSignal | undefined, label: string): void {
  if (signal?.aborted) throw new KitError('ABORTED', `${label}: aborted by the caller`, { cause: signal.reason })
}
