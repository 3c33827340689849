const MODAL_ATTRIBUTES = ['inert', 'aria-hidden'] as const

/**
 * Keeps `element`, a child of <body>, usable while a modal is open. The kit's dialog makes every other
 * child of <body> inert and aria-hidden when it opens (src/components/dialog/hideOthers.ts), and has no
 * way to leave one out: this takes both off again as soon as they are set. Returns a function that stops.
 */
export function keepInteractive(element: HTMLElement): () => void {
  const restore = () => {
    for (const name of MODAL_ATTRIBUTES) if (element.hasAttribute(name)) element.removeAttribute(name)
  }
  restore()
  const observer = new MutationObserver(restore)
  observer.observe(element, { attributes: true, attributeFilter: [...MODAL_ATTRIBUTES] })
  return () => observer.disconnect()
}
