'use client'
/** A person and a key, the usual sign for passkeys, in the text colour. Decorative: the button's text says it. */
export function PasskeyMark() {
  return (
    <svg className="apk-mark apk-mark-mono" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="8.5" cy="7" r="4" />
      <path d="M1 20.5c0-3.6 2.9-6.5 6.5-6.5h2c1.5 0 2.9.5 4 1.3v5.2Z" />
      <path
        fillRule="evenodd"
        d="M18.75 6a3.5 3.5 0 0 0-1.25 6.77V20.5l1.25 1.5 1.75-1.75-1-1 1-1-1-1 1-1v-3.48A3.5 3.5 0 0 0 18.75 6Zm0 1.5a1.1 1.1 0 1 1 0 2.2 1.1 1.1 0 0 1 0-2.2Z"
      />
    </svg>
  )
}
