'use client'
/** Apple's logo, in the text colour (black on light, white on dark, as Apple's guidelines ask). */
export function AppleMark() {
  return (
    <svg className="apk-mark apk-mark-mono" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M12.2 6.9c-.9 0-2.4-1.1-4-1-2 0-3.9 1.2-5 3-2.1 3.7-.5 9.1 1.5 12.1 1 1.5 2.2 3.1 3.8 3 1.5-.1 2.1-1 3.9-1 1.8 0 2.4 1 4 .9 1.6 0 2.7-1.5 3.7-2.9 1.2-1.7 1.6-3.3 1.7-3.4 0 0-3.2-1.2-3.2-4.9 0-3 2.5-4.5 2.6-4.6-1.4-2.1-3.6-2.3-4.4-2.4-2-.2-3.7 1.1-4.6 1.1zM15.5 3.8c.8-1 1.4-2.4 1.2-3.8-1.2.1-2.7.8-3.5 1.8-.8.9-1.5 2.3-1.3 3.7 1.3.1 2.7-.7 3.6-1.7" />
    </svg>
  )
}
