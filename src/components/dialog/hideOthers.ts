/**
 * The attribute an app puts on a child of <body> that must stay usable while the modal is open: its
 * toaster's container, say, whose messages are about what the modal is doing.
 */
export const OUTSIDE_MODAL_ATTRIBUTE = 'data-apk-outside-modal'

/** Whether `node` is in an element the app keeps usable beside the modal (OUTSIDE_MODAL_ATTRIBUTE). */
export function isKeptOutsideModal(node: Node): boolean {
  const element = node instanceof Element ? node : node.parentElement
  return element?.closest(`[${OUTSIDE_MODAL_ATTRIBUTE}]`) != null
}

/**
 * Makes every other child of <body> inert and hidden from assistive technology while a modal is open,
 * and returns a function that puts back exactly what was there (an app may have set either itself).
 * `inert` stops pointer and keyboard focus in browsers that support it; `aria-hidden` covers screen
 * readers in those that do not. Children marked OUTSIDE_MODAL_ATTRIBUTE are left as they are.
 */
export function hideOthers(keep: Element): () => void {
  const restores: Array<() => void> = []
  for (const element of Array.from(keep.ownerDocument.body.children)) {
    if (element === keep || element.contains(keep) || element.tagName === 'SCRIPT') continue
    if (element.hasAttribute(OUTSIDE_MODAL_ATTRIBUTE)) continue
    const ariaHidden = element.getAttribute('aria-hidden')
    const inert = element.hasAttribute('inert')
    element.setAttribute('aria-hidden', 'true')
    element.setAttribute('inert', '')
    restores.push(() => {
      if (ariaHidden === null) element.removeAttribute('aria-hidden')
      else element.setAttribute('aria-hidden', ariaHidden)
      if (!inert) element.removeAttribute('inert')
    })
  }
  return () => {
    for (const restore of restores) restore()
  }
}
