'use client'
/** X's logo, in the text colour. */
export function XMark() {
  return (
    <svg className="apk-mark apk-mark-mono" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M18.9 1.2h3.7l-8 9.2L24 22.8h-7.4l-5.8-7.6-6.6 7.6H.5l8.6-9.8L0 1.2h7.6l5.2 6.9ZM17.6 20.6h2L6.5 3.2H4.3Z" />
    </svg>
  )
}
