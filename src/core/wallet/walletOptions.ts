import { assertObject, invalidArgument } from '../assert'
import { assertKit } from '../assertKit'
import type { Kit } from '../contracts'

/** What every wallet action takes besides its own parameters. */
export interface WalletCallOptions {
  signal?: AbortSignal | undefined
}

/** Checks the kit and the options object every wallet action takes (named `name` in errors), and its signal. */
export function checkWalletCall(kit: unknown, options: unknown, label: string, name = 'options'): asserts kit is Kit {
  assertKit(kit, `${label}(kit)`)
  if (typeof (kit as Partial<Kit>).publicApi?.query !== 'function') {
    throw invalidArgument(`${label}(kit)`, 'a kit made by createKit(options)', kit)
  }
  assertObject(options, `${label}(${name})`)
  const { signal } = options as WalletCallOptions
  if (signal !== undefined && !(signal instanceof AbortSignal)) {
    throw invalidArgument(`${label}({ signal })`, 'an AbortSignal', signal)
  }
}

export function callOptions(signal: AbortSignal | undefined): { signal?: AbortSignal | undefined } {
  return signal === undefined ? {} : { signal }
}
