import { invalidArgument } from './assert'
import type { Kit } from './contracts'

export function assertKit(kit: unknown, label: string): asserts kit is Kit {
  const candidate = kit as Partial<Kit> | null
  if (
    typeof candidate !== 'object' ||
    candidate === null ||
    typeof candidate.client?.call !== 'function' ||
    typeof candidate.keyStore?.create !== 'function' ||
    typeof candidate.session?.set !== 'function' ||
    typeof candidate.now !== 'function'
  ) {
    throw invalidArgument(label, 'a kit made by createKit(options)', kit)
  }
}
