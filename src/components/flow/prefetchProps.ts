/**
 * Handlers that start loading a method's code when its button is about to be used: a pointer resting
 * on it, keyboard focus, or a touch (pointerdown comes before click). Opening the modal loads only what
 * its first form needs; each other method's code waits for a sign of interest in it.
 */
export function prefetchProps(prefetch: () => void) {
  return { onPointerEnter: prefetch, onPointerDown: prefetch, onFocus: prefetch }
}
