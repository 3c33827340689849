'use client'
import type { ReactNode } from 'react'

/** One row of a signing request's details (a `<dl>`'s term and value): "To", the address. */
export function Detail({ term, mono, children }: { term: string; mono?: boolean | undefined; children: ReactNode }) {
  return (
    <div className="apk-detail">
      <dt>{term}</dt>
      <dd className={mono ? 'apk-mono' : undefined}>{children}</dd>
    </div>
  )
}
