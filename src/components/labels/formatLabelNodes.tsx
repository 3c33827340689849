'use client'
import { Fragment, type ReactNode } from 'react'

/**
 * formatLabel for placeholders filled with elements (an address drawn by ContactText): the label's text
 * around them stays text, so that a translation still decides where they go in its sentence. An unknown
 * name is left as written, as formatLabel leaves it.
 */
export function formatLabelNodes(template: string, values: Readonly<Record<string, ReactNode>>): ReactNode[] {
  // Splitting on a captured name puts the names at the odd indices, the text between at the even ones.
  return template
    .split(/\{(\w+)\}/)
    .map((part, index) =>
      index % 2 === 0 ? part : part in values ? <Fragment key={index}>{values[part]}</Fragment> : `{${part}}`,
    )
}
