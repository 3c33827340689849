'use client'
/** Facebook's "f" on its blue disc. */
export function FacebookMark() {
  return (
    <svg className="apk-mark" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="12" fill="#1877F2" />
      <path
        fill="#FFFFFF"
        d="M16.7 15.5 17.2 12h-3.3V9.7c0-.9.5-1.9 2-1.9h1.5V4.9s-1.4-.2-2.7-.2c-2.7 0-4.5 1.7-4.5 4.7V12H7.1v3.5h3v8.4a12.1 12.1 0 0 0 3.8 0v-8.4z"
      />
    </svg>
  )
}
