import type { MatcherFunction } from '@testing-library/dom'

const normalized = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim()

/**
 * A ByText matcher for the element whose whole text, its children's included, is `text`: a sentence
 * with an address in it ("We sent a code to ada@example.com"), which the kit draws in parts (ContactText)
 * where ByText alone reads an element's own text only. The innermost such element, not its parents too.
 */
export function wholeText(text: string): MatcherFunction {
  return (_content, element) =>
    element !== null &&
    normalized(element.textContent) === text &&
    !Array.from(element.children).some((child) => normalized(child.textContent) === text)
}
