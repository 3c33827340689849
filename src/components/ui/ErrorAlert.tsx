'use client'
import type { ReactNode } from 'react'

/** A failure: what happened, and (as children) what the user can do about it. */
export function ErrorAlert({ message, children }: { message: string; children?: ReactNode | undefined }) {
  return (
    <div className="apk-alert">
      <p role="alert" className="apk-alert-message">
        {message}
      </p>
      {children}
    </div>
  )
}
