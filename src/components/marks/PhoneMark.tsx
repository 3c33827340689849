'use client'
/** A handset outline for "Continue with phone"; decorative, like the providers' marks. */
export function PhoneMark() {
  return (
    <svg className="apk-mark apk-mark-outline" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      <rect x="5" y="1.75" width="10" height="16.5" rx="2" />
      <path d="M8.5 15h3" />
    </svg>
  )
}
