import { invalidArgument } from './assert'

// Apart from assert.ts, which every page's first load carries: only the key and encoding code, loaded
// with the flows, checks bytes, and a bundler puts a shared module whole into the chunk that loads first.
export function assertBytes(value: unknown, label: string, length?: number): asserts value is Uint8Array {
  if (!(value instanceof Uint8Array) || (length !== undefined && value.length !== length)) {
    throw invalidArgument(label, length === undefined ? 'a Uint8Array' : `a Uint8Array of ${length} bytes`, value)
  }
}
