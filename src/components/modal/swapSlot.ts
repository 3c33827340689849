/**
 * Puts `next` in one of the kit's prompt slots if it still holds `current`: a modal mounted since keeps
 * its own until it goes, and then gives back what it found.
 */
export function swapSlot<T>(slot: { current: T | undefined }, current: T | undefined, next: T | undefined): void {
  if (slot.current === current) slot.current = next
}
