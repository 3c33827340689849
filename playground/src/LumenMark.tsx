/**
 * The mark of Lumen, the fictional app the playground plays: a sun rising over a horizon. Decorative
 * (hidden from assistive technology): beside a title, the title says what it is.
 */
export function LumenMark({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 32 32" width="28" height="28" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="#1f1b4d" />
      <path d="M9 21a7 7 0 0 1 14 0z" fill="#fbbf24" />
      <path d="M6.5 24.5h19" stroke="#fbbf24" strokeWidth="2.5" strokeLinecap="round" />
      <path d="M16 6.5v3M8.2 9.7l2.1 2.1M23.8 9.7l-2.1 2.1" stroke="#fde68a" strokeWidth="2" strokeLinecap="round" />
    </svg>
  )
}
