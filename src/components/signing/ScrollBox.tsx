'use client'
import { useId, type ReactNode } from 'react'

/**
 * What is signed, under its heading, in a box that scrolls when long: the Sign and Cancel buttons stay
 * in view under it. The box takes keyboard focus (Tab, then the arrow keys scroll it) and is named by
 * its heading for screen readers.
 */
export function ScrollBox({ title, children }: { title: string; children: ReactNode }) {
  const id = useId()
  return (
    <div className="apk-signing-section">
      <h3 id={id} className="apk-section-heading">
        {title}
      </h3>
      <div className="apk-scroll-box" role="region" aria-labelledby={id} tabIndex={0}>
        {children}
      </div>
    </div>
  )
}
