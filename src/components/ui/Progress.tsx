'use client'
/** A wait the user can see and a screen reader hears (every wait shows progress). */
export function Progress({ label }: { label: string }) {
  return (
    <p className="apk-status apk-progress" role="status">
      <span className="apk-spinner" aria-hidden="true" />
      {label}
    </p>
  )
}
